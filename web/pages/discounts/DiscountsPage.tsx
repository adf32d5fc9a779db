import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import toast from 'react-hot-toast';
import { DISCOUNT_STATES, DISCOUNT_TEXT, type Discount, type DiscountState } from '#domain/discounts';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { DISCOUNT_SCOPES, type DiscountScope } from '#domain/pricing';
import { useDeleteDiscount, useDiscounts, useExportDiscounts, useToggleDiscount } from '../../api/discounts';
import type { DiscountListParams } from '../../api/keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExportButton } from '../../components/ExportButton';
import { PerPageSelect } from '../../components/ListSelects';
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
import { DiscountFilters } from './DiscountFilters';
import { DiscountFormModal } from './DiscountFormModal';
import { DiscountsTable } from './DiscountsTable';
import { DISCOUNT_PAGING, DISCOUNT_SCREEN } from './texts';

/**
 * Discounts: the table pages, searches titles and filters on the server, so a set of
 * any size is reachable; the list lives in the URL like every other list. The list has one order
 * (newest first), so the URL never names a sort.
 */
export function DiscountsPage() {
  const list = useListState<'created_at', 'applies_to' | 'state'>({
    defaultLimit: DISCOUNT_PAGING.defaultLimit,
    limits: DISCOUNT_PAGING.limits,
    defaultSort: 'created_at',
    defaultOrder: 'desc',
    filters: ['applies_to', 'state'],
    accept: { applies_to: DISCOUNT_SCOPES, state: DISCOUNT_STATES },
  });
  const { q, page, limit } = list.params;
  const params: DiscountListParams = {
    q,
    page,
    limit,
    applies_to: list.filters.applies_to as DiscountScope | undefined,
    state: list.filters.state as DiscountState | undefined,
  };
  const discounts = useDiscounts(params);
  const exportCsv = useExportDiscounts();
  const toggle = useToggleDiscount();
  const movedToTrash = useMovedToTrash();
  const remove = useDeleteDiscount();
  const form = useDialogState<{ discount: Discount | null }>();
  const { has } = usePermissions();
  useCreateParam(() => form.open({ discount: null }));
  const deleting = useDialogState<Discount>();

  const total = discounts.data?.meta.total ?? 0;
  const pages = pageCount(total, limit);
  useKeepPageInRange(page, pages, !!discounts.data, list.setPage);

  const confirmDelete = () => {
    const discount = deleting.item;
    if (!discount) return;
    remove.mutate(discount.id, {
      onSuccess: () => {
        movedToTrash(discount.name, 'discount', discount.id);
        deleting.close();
        list.setPage(pageAfterDelete(page, total - 1, limit), { replace: true });
      },
    });
  };

  const toggleActive = (discount: Discount, active: boolean) =>
    toggle.mutate({ discount, active }, { onSuccess: () => toast.success(DISCOUNT_TEXT.updated) });

  return (
    <>
      <PageHeader
        title="Discounts"
        caption={
          <>
            {navDescription('/discounts')}{' '}
            {discounts.data && (
              <TotalCount
                count={total}
                exact={discounts.data.meta.total_exact}
                singular="discount"
                testId="discounts-total"
              />
            )}
          </>
        }
        actions={
          <Group gap="sm">
            {has('export.run') && (
              <ExportButton
                onClick={() => exportCsv.mutate(params)}
                pending={exportCsv.isPending}
                received={exportCsv.received}
              />
            )}
            {has('discount.edit') && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => form.open({ discount: null })}
              >
                Add Discount
              </Button>
            )}
          </Group>
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Title" />
        <DiscountFilters
          appliesTo={list.filters.applies_to}
          state={list.filters.state}
          onChange={list.setFilter}
        />
        <PerPageSelect value={limit} options={DISCOUNT_PAGING.limits} onChange={list.setLimit} />
      </ListToolbar>
      <DiscountsTable
        discounts={discounts.data?.data}
        loading={discounts.isFetching}
        failed={discounts.isError}
        togglingId={toggle.isPending ? (toggle.variables?.discount.id ?? null) : null}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        onEdit={(discount) => form.open({ discount })}
        onToggle={toggleActive}
        onDelete={deleting.open}
      />
      <Pager page={page} pages={pages} onChange={list.setPage} />
      <DiscountFormModal
        discount={form.item?.discount ?? null}
        opened={form.opened}
        onClose={form.close}
        onSaved={() => {
          // Newest first: a new discount is on page 1, so the list goes there to show it.
          if (!form.item?.discount) list.setPage(1, { replace: true });
          form.close();
        }}
      />
      <ConfirmDialog
        opened={deleting.opened}
        title={DISCOUNT_SCREEN.deleteTitle}
        message={deleting.item ? DISCOUNT_SCREEN.deleteMessage(deleting.item.name) : ''}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={deleting.close}
      />
    </>
  );
}
