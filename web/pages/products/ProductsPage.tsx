import { Button } from '@mantine/core';
import { IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { type BulkAction, mayBulkEdit } from '#domain/product-list';
import { useExportProducts } from '../../api/products';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { TotalCount } from '../../components/TotalCount';
import { useCreateParam } from '../../components/useCreateParam';
import { usePermissions } from '../../session/usePermissions';
import { navDescription } from '../../shell/navItems';
import { BulkBar } from './BulkBar';
import { BulkDialog } from './BulkDialog';
import { CreateProductModal } from './CreateProductModal';
import { FilterChips } from './FilterChips';
import { ImportWizard } from './ImportWizard';
import { loadImportRun } from './importRun';
import { ProductListControls, useProductView } from './ProductListControls';
import { ProductResults } from './ProductResults';
import { bulkFilter } from './productFilters';
import { bulkRows, NO_SELECTION, offerAllMatching } from './selection';
import { PRODUCTS_SCREEN } from './texts';
import { useProductSelection } from './useProductSelection';
import { useProductTableFilters } from './useProductTableFilters';
import { useProductTableQuery } from './useProductTableQuery';

/**
 * Products list: search, filters, sort and per page, all in the URL; cards or a
 * table; rows picked for bulk actions; CSV export of the filtered list and the import wizard.
 */
export function ProductsPage() {
  const query = useProductTableQuery();
  const { list, values, products, items, total, pages } = query;
  const { q, page, sortBy, order } = list.params;
  const filters = useProductTableFilters(query);
  const picked = useProductSelection(q, values, items, total);
  const { selection, select } = picked;
  const [view, setView] = useProductView();
  const exportCsv = useExportProducts();
  const [creating, setCreating] = useState(false);
  const { has } = usePermissions();
  const selectable = mayBulkEdit(has);
  useCreateParam(() => setCreating(true));
  const [importing, setImporting] = useState(() => loadImportRun() !== null);
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);

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
            {has('export.run') && (
              <ExportButton
                onClick={() => exportCsv.mutate({ q, sortBy, order, ...values })}
                pending={exportCsv.isPending}
                received={exportCsv.received}
                label={PRODUCTS_SCREEN.exportCsv}
              />
            )}
            {has('import.run') && (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                {PRODUCTS_SCREEN.importCsv}
              </Button>
            )}
            {has('product.edit') && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                Add Product
              </Button>
            )}
          </>
        }
      />
      <ProductListControls query={query} filters={filters} view={view} onView={setView} />
      <FilterChips
        q={q}
        values={values}
        names={filters.names}
        onRemove={(key) => filters.changeFilter(key, undefined)}
        onClearSearch={() => list.setSearch('')}
        onClearAll={filters.clearAll}
      />
      <ProductResults
        query={query}
        view={view}
        selection={picked}
        selectable={selectable}
        onClearAll={filters.clearAll}
      />
      {selectable && picked.count > 0 && (
        <BulkBar
          count={picked.count}
          matching={selection.kind === 'matching'}
          allMatchingTotal={offerAllMatching(selection, picked.pageIds, total) ? total : null}
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
