import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Category } from '#domain/categories';
import { CATEGORY_SORT_KEYS, type CategorySortKey, PAGING } from '#domain/constants';
import { CONFIRM } from '#domain/messages';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { useCategories, useDeleteCategory, useMoveCategory } from '../../api/categories';
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
import { CategoriesTable } from './CategoriesTable';
import { CategoryDetailsModal } from './CategoryDetailsModal';
import { CategoryFormModal } from './CategoryFormModal';
import { ParentFilter } from './ParentFilter';
import { filterToParentId, isParentFilter, parentFilterToUrl } from './parentOptions';
import { CATEGORY_SORT_LABELS } from './texts';
import { useParentChoice } from './useParentChoice';

const SORT_OPTIONS = CATEGORY_SORT_KEYS.map((value) => ({ value, label: CATEGORY_SORT_LABELS[value] }));

/** Product Categories: list, filter by parent, reorder, add, edit, details, delete. */
export function CategoriesPage() {
  const list = useListState<CategorySortKey, 'parent_id'>({
    ...PAGING.categories,
    sortKeys: CATEGORY_SORT_KEYS,
    limits: PAGING.categories.options,
    filters: ['parent_id'],
    accept: { parent_id: isParentFilter },
  });
  const { params } = list;
  const parent = useParentChoice(list.filters.parent_id);
  const categories = useCategories({ ...params, parentId: filterToParentId(parent.value) });
  const move = useMoveCategory();
  const movedToTrash = useMovedToTrash();
  const remove = useDeleteCategory();
  const details = useDialogState<number>();
  const form = useDialogState<{ category: Category | null }>();
  const { has } = usePermissions();
  useCreateParam(() => form.open({ category: null }));
  const deleting = useDialogState<Category>();

  const total = categories.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!categories.data, list.setPage);

  const confirmDelete = () => {
    const category = deleting.item;
    if (!category) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        movedToTrash(category.name, 'category', category.id);
        deleting.close();
        list.setPage(pageAfterDelete(params.page, total - 1, params.limit), { replace: true });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Product Categories"
        caption={
          <>
            {navDescription('/categories')}{' '}
            {categories.data && (
              <TotalCount
                count={total}
                exact={categories.data?.meta.total_exact}
                singular="category"
                plural="categories"
                testId="categories-total"
              />
            )}
          </>
        }
        actions={
          has('category.edit') && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.open({ category: null })}
            >
              Add Category
            </Button>
          )
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Name or slug" />
        <ParentFilter
          value={parent}
          onChange={(choice) => {
            parent.remember(choice);
            list.setFilter('parent_id', parentFilterToUrl(choice.value));
          }}
        />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={PAGING.categories.options} onChange={list.setLimit} />
      </ListToolbar>
      <CategoriesTable
        categories={categories.data?.data}
        loading={categories.isFetching}
        failed={categories.isError}
        moving={move.isPending}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        onOpen={(category) => details.open(category.id)}
        onMove={(m) => move.mutate(m)}
        onEdit={(category) => form.open({ category })}
        onDelete={deleting.open}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
      <CategoryDetailsModal categoryId={details.item} opened={details.opened} onClose={details.close} />
      <CategoryFormModal
        category={form.item?.category ?? null}
        opened={form.opened}
        onClose={form.close}
        onSaved={() => {
          // A new category sends the list back to page 1; an edit stays put.
          if (!form.item?.category) list.setPage(1);
          form.close();
        }}
      />
      <ConfirmDialog
        opened={deleting.opened}
        title="Delete category?"
        message={deleting.item ? CONFIRM.deleteCategory(deleting.item.name) : ''}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      />
    </>
  );
}
