import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ProductCard } from './ProductCard';
import type { ProductView } from './ProductListControls';
import { ProductTable } from './ProductTable';
import { isSelected, pageState, togglePage, toggleRow } from './selection';
import { PRODUCTS_SCREEN } from './texts';
import type { ProductSelection } from './useProductSelection';
import type { ProductTableQuery } from './useProductTableQuery';

const cardGrid = { base: 2, md: 3, xl: 4 };

type Props = {
  query: Pick<ProductTableQuery, 'products' | 'items' | 'filtered'>;
  view: ProductView;
  selection: ProductSelection;
  /** Whether rows can be picked for a bulk action: not for a role that may run none. */
  selectable: boolean;
  onClearAll: () => void;
};

/** The page of products as cards or rows, each with its checkbox; or why there are none. */
export function ProductResults({
  query: { products, items, filtered },
  view,
  selection: picked,
  selectable,
  onClearAll,
}: Props) {
  const { selection, select, pageIds } = picked;
  return (
    <section
      aria-label="Products"
      aria-busy={products.isFetching}
      // The previous page stays visible, dimmed, while the next one loads.
      style={{ opacity: products.isFetching && items ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {!items && products.isFetching ? (
        <SimpleGrid cols={cardGrid} aria-hidden>
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={view === 'table' ? 48 : 280} radius="md" />
          ))}
        </SimpleGrid>
      ) : !items && products.isError ? (
        <Stack align="center" py="xl" gap="sm">
          <Text c="dimmed">{PRODUCTS_SCREEN.loadFailed}</Text>
          <Button variant="default" onClick={() => products.refetch()}>
            {PRODUCTS_SCREEN.retry}
          </Button>
        </Stack>
      ) : !items?.length ? (
        <Stack align="center" py="xl" gap="sm">
          <Text c="dimmed">{PRODUCTS_SCREEN.empty}</Text>
          {filtered && (
            <>
              <Text size="sm" c="dimmed">
                {PRODUCTS_SCREEN.noMatch}
              </Text>
              <Button variant="default" onClick={onClearAll}>
                {PRODUCTS_SCREEN.clearFilters}
              </Button>
            </>
          )}
        </Stack>
      ) : view === 'table' ? (
        <ProductTable
          items={items}
          isSelected={(id) => isSelected(selection, id)}
          onToggle={(id) => select(toggleRow(selection, id, pageIds))}
          pageState={pageState(selection, pageIds)}
          onTogglePage={(on) => select(togglePage(selection, pageIds, on))}
          selectable={selectable}
        />
      ) : (
        <SimpleGrid cols={cardGrid} spacing="md">
          {items.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              selection={
                selectable
                  ? {
                      selected: isSelected(selection, product.id),
                      onToggle: () => select(toggleRow(selection, product.id, pageIds)),
                    }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
