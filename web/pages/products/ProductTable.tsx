import { Anchor, Badge, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { ProductListItem } from '#domain/products';
import { formatPrice } from '../../api/currency';
import { displayValue } from '../../components/format';
import { discountLabel } from '../../components/product/discountLabel';
import { ProductStatusBadge } from '../../components/product/ProductStatusBadge';
import { Thumbnail } from '../../components/Thumbnail';
import { PRODUCTS_SCREEN } from './texts';

type Props = {
  items: readonly ProductListItem[];
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
  pageState: 'all' | 'some' | 'none';
  onTogglePage: (on: boolean) => void;
  /** Without it, no checkboxes: the role may run no bulk action. */
  selectable: boolean;
};

const C = PRODUCTS_SCREEN.columns;

/** The list as compact rows: many products at a glance, each with its checkbox; the name opens the editor. */
export function ProductTable({ items, isSelected, onToggle, pageState, onTogglePage, selectable }: Props) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Products" data-testid="products-table">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={PRODUCTS_SCREEN.selectPage}
                  checked={pageState === 'all'}
                  indeterminate={pageState === 'some'}
                  onChange={(e) => onTogglePage(e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th w={52}>
              <VisuallyHidden>{C.image}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{C.name}</Table.Th>
            <Table.Th>{C.brand}</Table.Th>
            <Table.Th>{C.category}</Table.Th>
            <Table.Th>{C.status}</Table.Th>
            <Table.Th ta="right">{C.mrp}</Table.Th>
            <Table.Th ta="right">{C.final}</Table.Th>
            <Table.Th>{C.discount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => {
            const selected = isSelected(p.id);
            return (
              <Table.Tr
                key={p.id}
                data-testid="product-row"
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={PRODUCTS_SCREEN.selectRow(p.name)}
                      checked={selected}
                      onChange={() => onToggle(p.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Thumbnail thumbnail={p.image} />
                </Table.Td>
                {/* The name heads its row, so a screen reader names the row's cells by it. */}
                <Table.Th scope="row" maw={320} fw="normal">
                  <Anchor component={Link} to={`/product/${p.slug}`} fw={600} size="sm" lineClamp={2}>
                    {p.name}
                  </Anchor>
                </Table.Th>
                <Table.Td>
                  <Text size="sm">{displayValue(p.brand)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{displayValue(p.category)}</Text>
                </Table.Td>
                <Table.Td>
                  <ProductStatusBadge status={p.status} size="sm" />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={p.price.final < p.price.mrp ? 'dimmed' : undefined} data-testid="mrp">
                    {formatPrice(p.price.mrp)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {/* The lowest of its variants' prices, which differ. */}
                  {p.price_range.max > p.price_range.min && (
                    <Text size="xs" c="dimmed" data-testid="price-from">
                      From
                    </Text>
                  )}
                  <Text size="sm" fw={600} data-testid="final-price">
                    {formatPrice(p.price.final)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {p.best_discount && p.price.final < p.price.mrp ? (
                    <Badge color="red" variant="light" size="sm">
                      {discountLabel(p.best_discount)}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {displayValue(null)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
