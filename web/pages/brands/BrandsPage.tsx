import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Brand } from '#domain/brands';
import { BRAND_SORT_KEYS, type BrandSortKey, PAGING } from '#domain/constants';
import { CONFIRM } from '#domain/messages';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { useBrands, useDeleteBrand } from '../../api/brands';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { useMovedToTrash } from '../../components/movedToTrash';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useCreateParam } from '../../components/useCreateParam';
import { useDialogState } from '../../components/useDialogState';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';
import { navDescription } from '../../shell/navItems';
import { BrandFormModal } from './BrandFormModal';
import { BrandsTable } from './BrandsTable';
import { BRAND_SORT_LABELS } from './texts';

const SORT_OPTIONS = BRAND_SORT_KEYS.map((value) => ({ value, label: BRAND_SORT_LABELS[value] }));

/** Brands: list, add, edit, delete. */
export function BrandsPage() {
  const list = useListState<BrandSortKey>({
    ...PAGING.brands,
    sortKeys: BRAND_SORT_KEYS,
    limits: PAGING.brands.options,
  });
  const { params } = list;
  const brands = useBrands(params);
  const movedToTrash = useMovedToTrash();
  const remove = useDeleteBrand();
  const form = useDialogState<{ brand: Brand | null }>();
  const { has } = usePermissions();
  useCreateParam(() => form.open({ brand: null }));
  const deleting = useDialogState<Brand>();

  const total = brands.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!brands.data, list.setPage);

  const confirmDelete = () => {
    const brand = deleting.item;
    if (!brand) return;
    remove.mutate(brand.id, {
      onSuccess: () => {
        movedToTrash(brand.name, 'brand', brand.id);
        deleting.close();
        list.setPage(pageAfterDelete(params.page, total - 1, params.limit), { replace: true });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Brands"
        caption={
          <>
            {navDescription('/brands')}{' '}
            {brands.data && (
              <TotalCount
                count={total}
                exact={brands.data?.meta.total_exact}
                singular="brand"
                testId="brands-total"
              />
            )}
          </>
        }
        actions={
          has('brand.edit') && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.open({ brand: null })}
            >
              Add Brand
            </Button>
          )
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Name or slug" />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={PAGING.brands.options} onChange={list.setLimit} />
      </ListToolbar>
      <BrandsTable
        brands={brands.data?.data}
        loading={brands.isFetching}
        failed={brands.isError}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        onEdit={(brand) => form.open({ brand })}
        onDelete={deleting.open}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
      <BrandFormModal
        brand={form.item?.brand ?? null}
        opened={form.opened}
        onClose={form.close}
        onSaved={() => {
          // Same paging rule as users and categories: a new row sends the list back to page 1.
          if (!form.item?.brand) list.setPage(1);
          form.close();
        }}
      />
      <ConfirmDialog
        opened={deleting.opened}
        title="Delete brand?"
        message={deleting.item ? CONFIRM.deleteBrand(deleting.item.name) : ''}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      />
    </>
  );
}
