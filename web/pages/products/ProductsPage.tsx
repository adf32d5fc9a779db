import { Button, Collapse, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { pageCount } from '#domain/paging';
import {
  type BulkAction,
  PRODUCT_FILTER_KEYS,
  PRODUCT_LIST,
  PRODUCT_SORT_KEYS,
  type ProductFilterKey,
  type ProductSortKey,
} from '#domain/product-list';
import { PRODUCT_STATUSES } from '#domain/products';
import { useBrand } from '../../api/brands';
import { useCategory } from '../../api/categories';
import type { ProductFilterValues } from '../../api/keys';
import { useExportProducts, useProducts } from '../../api/products';
import { ExportButton } from '../../components/ExportButton';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { positiveInt } from '../../components/urlValues';
import { useCreateParam } from '../../components/useCreateParam';
import { type FilterRule, useKeepPageInRange, useListState } from '../../components/useListState';
import { navDescription } from '../../shell/navItems';
import { BulkBar } from './BulkBar';
import { BulkDialog } from './BulkDialog';
import { CreateProductModal } from './CreateProductModal';
import { FilterChips } from './FilterChips';
import { ImportWizard } from './ImportWizard';
import { loadImportRun } from './importRun';
import { ProductCard } from './ProductCard';
import { type FilterNames, FlagFilters, ProductFilters } from './ProductFilters';
import { ProductTable } from './ProductTable';
import { activeFilterKeys, bulkFilter, filterChange, isPriceBound, selectionScope } from './productFilters';
import {
  bulkRows,
  isSelected,
  NO_SELECTION,
  offerAllMatching,
  pageState,
  type Selection,
  selectedCount,
  togglePage,
  toggleRow,
} from './selection';
import { PRODUCTS_SCREEN } from './texts';

const SORT_LABELS: Record<ProductSortKey, string> = {
  name: 'Name',
  price: 'Price',
  created_at: 'Created',
  updated_at: 'Updated',
};
const SORT_OPTIONS = PRODUCT_SORT_KEYS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The yes-only filters (PRODUCT_FLAG_FILTERS): `1` or unset. */
const YES = ['1'] as const;
const id = (v: string) => positiveInt(v) !== null;
/** What each filter may hold in the URL; a malformed value reads as unset and never reaches the API. */
const ACCEPT: Record<ProductFilterKey, FilterRule> = {
  category_id: id,
  brand_id: id,
  status: PRODUCT_STATUSES,
  price_min: isPriceBound,
  price_max: isPriceBound,
  discounted: YES,
  no_image: YES,
  no_category: YES,
  no_brand: YES,
};
const LIST_OPTIONS = {
  defaultLimit: PRODUCT_LIST.defaultLimit,
  defaultSort: PRODUCT_LIST.defaultSort,
  defaultOrder: PRODUCT_LIST.defaultOrder,
  sortKeys: PRODUCT_SORT_KEYS,
  limits: PRODUCT_LIST.limits,
  filters: PRODUCT_FILTER_KEYS,
  accept: ACCEPT,
} as const;

/** The grid/table choice rides in the URL beside the list's state (the list hook keeps keys it does not own). */
const VIEW_KEY = 'view';
type View = 'grid' | 'table';

const cardGrid = { base: 2, md: 3, xl: 4 };
/** Below Mantine's sm breakpoint the filters fold behind a button. */
const PHONE = '(max-width: 47.99em)';

/**
 * Products list: search, filters, sort and per page, all in the URL; cards or a
 * table; rows picked for bulk actions; CSV export of the filtered list and the import wizard.
 */
export function ProductsPage() {
  const list = useListState<ProductSortKey, ProductFilterKey>(LIST_OPTIONS);
  const { q, page, limit, sortBy, order } = list.params;
  const values: ProductFilterValues = list.filters;
  const products = useProducts({ ...list.params, ...values });
  const exportCsv = useExportProducts();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get(VIEW_KEY) === 'table' ? 'table' : 'grid';
  const [creating, setCreating] = useState(false);
  useCreateParam(() => setCreating(true));
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [importing, setImporting] = useState(() => loadImportRun() !== null);
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);

  // Names for the chips and the pickers: the one just chosen, or looked up for a pasted link.
  const [chosenNames, setChosenNames] = useState<Record<string, string | null>>({});
  const categoryId = values.category_id ? Number(values.category_id) : null;
  const brandId = values.brand_id ? Number(values.brand_id) : null;
  const category = useCategory(categoryId && !chosenNames[`category_id:${categoryId}`] ? categoryId : null);
  const brand = useBrand(brandId && !chosenNames[`brand_id:${brandId}`] ? brandId : null);
  const names: FilterNames = {
    category: categoryId ? (chosenNames[`category_id:${categoryId}`] ?? category.data?.name ?? null) : null,
    brand: brandId ? (chosenNames[`brand_id:${brandId}`] ?? brand.data?.name ?? null) : null,
  };

  // A selection belongs to the rows it was made among: another search or filter starts afresh.
  const scope = selectionScope(q, values);
  const [picked, setPicked] = useState<{ scope: string; selection: Selection }>({
    scope,
    selection: NO_SELECTION,
  });
  const selection = picked.scope === scope ? picked.selection : NO_SELECTION;
  const select = (next: Selection) => setPicked({ scope, selection: next });

  const { setFilters, clearFilters, setSearch } = list;
  const changeFilter = useCallback(
    (key: ProductFilterKey, value: string | undefined, label?: string | null) => {
      if (label && value) setChosenNames((n) => ({ ...n, [`${key}:${value}`]: label }));
      setFilters(filterChange(key, value));
    },
    [setFilters],
  );
  const clearAll = () => {
    clearFilters();
    setSearch('');
  };

  const total = products.data?.meta.total ?? 0;
  const pages = pageCount(total, limit);
  useKeepPageInRange(page, pages, !!products.data, list.setPage);
  const items = products.data?.data;
  const pageIds = useMemo(() => items?.map((p) => p.id) ?? [], [items]);
  const count = selectedCount(selection, total);
  const filtered = !!q || PRODUCT_FILTER_KEYS.some((k) => !!values[k]);

  const setView = (next: View) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'table') params.set(VIEW_KEY, 'table');
    else params.delete(VIEW_KEY);
    setSearchParams(params, { replace: true });
  };

  const filterFields = <ProductFilters values={values} names={names} onChange={changeFilter} />;
  const controls = (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {PRODUCTS_SCREEN.flagsLabel}
        </Text>
        <FlagFilters values={values} onChange={changeFilter} />
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
            onChange={(v) => setView(v as View)}
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
      <PageHeader
        title="Products"
        caption={
          <>
            {navDescription('/products')}{' '}
            {products.data && (
              <TotalCount
                count={total}
                exact={products.data?.meta.total_exact}
                singular="product"
                testId="products-total"
              />
            )}
          </>
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => products.refetch()}
              loading={products.isFetching && !!items}
            >
              Refresh
            </Button>
            <ExportButton
              onClick={() => exportCsv.mutate({ q, sortBy, order, ...values })}
              pending={exportCsv.isPending}
              received={exportCsv.received}
              label={PRODUCTS_SCREEN.exportCsv}
            />
            <Button
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {PRODUCTS_SCREEN.importCsv}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Add Product
            </Button>
          </>
        }
      />
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
      <FilterChips
        q={q}
        values={values}
        names={names}
        onRemove={(key) => changeFilter(key, undefined)}
        onClearSearch={() => setSearch('')}
        onClearAll={clearAll}
      />
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
                <Button variant="default" onClick={clearAll}>
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
          />
        ) : (
          <SimpleGrid cols={cardGrid} spacing="md">
            {items.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                selection={{
                  selected: isSelected(selection, product.id),
                  onToggle: () => select(toggleRow(selection, product.id, pageIds)),
                }}
              />
            ))}
          </SimpleGrid>
        )}
      </section>
      {count > 0 && (
        <BulkBar
          count={count}
          matching={selection.kind === 'matching'}
          allMatchingTotal={offerAllMatching(selection, pageIds, total) ? total : null}
          onSelectAllMatching={() => select({ kind: 'matching' })}
          onClear={() => select(NO_SELECTION)}
          onAction={setBulkAction}
        />
      )}
      <Pager page={page} pages={pages} onChange={list.setPage} disabled={products.isFetching} />
      {bulkAction && (
        <BulkDialog
          action={bulkAction}
          rows={bulkRows(selection, bulkFilter(q, values))}
          onClose={() => setBulkAction(null)}
          onDone={() => {
            setBulkAction(null);
            select(NO_SELECTION);
          }}
        />
      )}
      {importing && <ImportWizard resumed={loadImportRun()} onClose={() => setImporting(false)} />}
      <CreateProductModal opened={creating} onClose={() => setCreating(false)} />
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
