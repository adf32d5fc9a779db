import { Button, Collapse, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconLayoutGrid, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_LIST, PRODUCT_SORT_KEYS, type ProductSortKey } from '#domain/product-list';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { SearchInput } from '../../components/SearchInput';
import { FlagFilters, ProductFilters } from './ProductFilters';
import { activeFilterKeys } from './productFilters';
import { PRODUCTS_SCREEN } from './texts';
import type { ProductTableFilters } from './useProductTableFilters';
import type { ProductTableQuery } from './useProductTableQuery';

const SORT_LABELS: Record<ProductSortKey, string> = {
  name: 'Name',
  price: 'Price',
  created_at: 'Created',
  updated_at: 'Updated',
};
const SORT_OPTIONS = PRODUCT_SORT_KEYS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The grid/table choice rides in the URL beside the list's state (the list hook keeps keys it does not own). */
const VIEW_KEY = 'view';
export type ProductView = 'grid' | 'table';

/** Below Mantine's sm breakpoint the filters fold behind a button. */
const PHONE = '(max-width: 47.99em)';

/** Cards or a table, as the URL says. */
export function useProductView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: ProductView = searchParams.get(VIEW_KEY) === 'table' ? 'table' : 'grid';
  const setView = (next: ProductView) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'table') params.set(VIEW_KEY, 'table');
    else params.delete(VIEW_KEY);
    setSearchParams(params, { replace: true });
  };
  return [view, setView] as const;
}

type Props = {
  query: Pick<ProductTableQuery, 'list' | 'values'>;
  filters: ProductTableFilters;
  view: ProductView;
  onView: (view: ProductView) => void;
};

/** Search, filters, sort, per page and the view; on a phone all but the search fold away. */
export function ProductListControls({ query: { list, values }, filters, view, onView }: Props) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { sortBy, order, limit } = list.params;
  const filterFields = (
    <ProductFilters values={values} names={filters.names} onChange={filters.changeFilter} />
  );
  const controls = (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {PRODUCTS_SCREEN.flagsLabel}
        </Text>
        <FlagFilters values={values} onChange={filters.changeFilter} />
      </Stack>
      <Group gap="sm" align="flex-end">
        <SortSelect value={sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={order} onChange={list.setOrder} />
        <PerPageSelect value={limit} options={PRODUCT_LIST.limits} onChange={list.setLimit} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="products-view-label">
            {PRODUCTS_SCREEN.viewLabel}
          </Text>
          <SegmentedControl
            aria-labelledby="products-view-label"
            value={view}
            onChange={(v) => onView(v as ProductView)}
            data={[
              { value: 'grid', label: <ViewLabel icon={IconLayoutGrid} text={PRODUCTS_SCREEN.grid} /> },
              { value: 'table', label: <ViewLabel icon={IconList} text={PRODUCTS_SCREEN.table} /> },
            ]}
          />
        </Stack>
      </Group>
    </Group>
  );

  return (
    <>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Name or SKU" />
        {phone ? (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            aria-controls="product-filters"
          >
            {PRODUCTS_SCREEN.filters(activeFilterKeys(values).length)}
          </Button>
        ) : (
          filterFields
        )}
      </ListToolbar>
      {phone ? (
        // On a phone the filters and the list's controls fold away; the chips still say what is in force.
        <Collapse expanded={filtersOpen} id="product-filters">
          <ListToolbar>{filterFields}</ListToolbar>
          {controls}
        </Collapse>
      ) : (
        controls
      )}
    </>
  );
}

function ViewLabel({ icon: Icon, text }: { icon: typeof IconList; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <span>{text}</span>
    </Group>
  );
}
