import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { DISCOUNT_TEXT, type Discount } from '#domain/discounts';
import { useDeleteDiscount, useDiscounts, useToggleDiscount } from '../../api/discounts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useDialogState } from '../../components/useDialogState';
import { navDescription } from '../../shell/navItems';
import { DiscountFormModal } from './DiscountFormModal';
import { DiscountsTable } from './DiscountsTable';
import { DISCOUNT_SCREEN } from './texts';

/** Discounts (SPEC.md §2): every discount in one table, titles searched on the client. */
export function DiscountsPage() {
  const discounts = useDiscounts();
  const toggle = useToggleDiscount();
  const remove = useDeleteDiscount();
  const form = useDialogState<{ discount: Discount | null }>();
  const deleting = useDialogState<Discount>();
  const [search, setSearch] = useState('');
  // Filtering is local, so typing never waits on it; a long list re-filters a moment later.
  const needle = useDeferredValue(search.trim().toLowerCase());

  const all = discounts.data?.data;
  const shown = useMemo(
    () => (needle ? all?.filter((d) => d.name.toLowerCase().includes(needle)) : all),
    [all, needle],
  );
  const total = discounts.data?.meta.total ?? 0;

  const confirmDelete = () => {
    const discount = deleting.item;
    if (!discount) return;
    remove.mutate(discount.id, {
      onSuccess: () => {
        toast.success(DISCOUNT_TEXT.deleted);
        deleting.close();
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
            {/* Like the server-searched lists, the count is of what the search found. */}
            {shown && <TotalCount count={shown.length} singular="discount" testId="discounts-total" />}
          </>
        }
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.open({ discount: null })}
          >
            Add Discount
          </Button>
        }
      />
      <ListToolbar>
        <SearchInput value={search} onChange={setSearch} placeholder="Title" />
      </ListToolbar>
      <DiscountsTable
        discounts={shown}
        loading={discounts.isFetching}
        failed={discounts.isError}
        togglingId={toggle.isPending ? (toggle.variables?.discount.id ?? null) : null}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
        onEdit={(discount) => form.open({ discount })}
        onToggle={toggleActive}
        onDelete={deleting.open}
      />
      {all && total > all.length && (
        // The list route hands out at most DISCOUNTS_PAGE_MAX; say so rather than let the rest go unnoticed.
        <Text size="sm" c="dimmed" mt="sm">
          Showing the newest {all.length} of {total} discounts.
        </Text>
      )}
      <DiscountFormModal
        discount={form.item?.discount ?? null}
        opened={form.opened}
        onClose={form.close}
        onSaved={form.close}
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
