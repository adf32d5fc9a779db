import { Chip, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import {
  ORDER_PAGING,
  ORDER_SORT_KEYS,
  ORDER_STATUSES,
  ORDER_TEXT,
  type Order,
  type OrderSortKey,
} from '#domain/orders';
import { pageCount } from '#domain/paging';
import { formatPrice } from '../../api/currency';
import { useExportOrders, useOrders } from '../../api/orders';
import { useStaffOptions } from '../../api/users';
import { DateRangeFields } from '../../components/DateRangeFields';
import { DeskLayout } from '../../components/desk/DeskLayout';
import { EntryList } from '../../components/desk/EntryList';
import { ExportButton } from '../../components/ExportButton';
import { formatDateTime } from '../../components/format';
import { OrderSelect, PerPageSelect, SELECT_DEFAULTS, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { OrderStatusBadge } from '../../components/StatusBadge';
import { TotalCount } from '../../components/TotalCount';
import { isDay, positiveInt } from '../../components/urlValues';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { useSession } from '../../session/SessionContext';
import { usePermissions } from '../../session/usePermissions';
import { navDescription } from '../../shell/navItems';
import { AcceptanceSettings } from './AcceptanceSettings';
import { OrderPane } from './OrderPane';
import { ORDER_SORT_LABELS, ORDER_SCREEN as T } from './texts';

/** Below Mantine's md breakpoint the two panes do not fit side by side (the sidebar takes 240 px). */
const NARROW = '(max-width: 61.99em)';
const ALL = 'all';
const SORT_OPTIONS = ORDER_SORT_KEYS.map((value) => ({ value, label: ORDER_SORT_LABELS[value] }));

/**
 * Orders (/orders): accepted quotes, a list on the left and the chosen one on the right. The
 * search, filters, sort, page and the chosen order live in the URL, so reload and Back restore them.
 */
export function OrdersPage() {
  const { user } = useSession();
  const staff = useStaffOptions(user?.role === 'admin').data ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useListState<OrderSortKey, 'status' | 'owner' | 'from' | 'to'>({
    defaultLimit: ORDER_PAGING.defaultLimit,
    limits: ORDER_PAGING.options,
    defaultSort: 'created_at',
    defaultOrder: 'desc',
    sortKeys: ORDER_SORT_KEYS,
    filters: ['status', 'owner', 'from', 'to'],
    accept: {
      status: ORDER_STATUSES,
      owner: (v) => v === 'me' || v === 'nobody' || positiveInt(v) !== null,
      from: isDay,
      to: isDay,
    },
  });
  const { params, filters } = list;
  const listParams = {
    ...params,
    status: filters.status,
    owner: filters.owner,
    from: filters.from,
    to: filters.to,
  };
  const orders = useOrders(listParams);
  const exportCsv = useExportOrders();
  const rights = usePermissions();
  const total = orders.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!orders.data, list.setPage);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  // The chosen order is in the URL too, beside the list's keys: choosing one keeps the list's page.
  const selectedId = positiveInt(searchParams.get('selected'));
  const select = (order: Order | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (order) next.set('selected', String(order.id));
      else next.delete('selected');
      return next;
    });

  const ownerData = [
    { value: ALL, label: 'Anyone' },
    { value: 'me', label: 'Me' },
    { value: 'nobody', label: 'Nobody' },
    ...staff.map((u) => ({ value: String(u.id), label: u.name })),
  ];
  if (filters.owner && !ownerData.some((o) => o.value === filters.owner))
    ownerData.push({ value: filters.owner, label: `#${filters.owner}` });

  const listPane = (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={T.searchPlaceholder} />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={ORDER_PAGING.options} onChange={list.setLimit} />
      </ListToolbar>
      <Group gap="xs" mb="sm" align="flex-end" data-testid="order-filters">
        <Chip.Group
          multiple={false}
          value={filters.status ?? ALL}
          onChange={(v) => list.setFilter('status', v === ALL ? undefined : v)}
        >
          <Group gap={6} role="radiogroup" aria-label={T.statusLabel} w="100%">
            <Chip value={ALL} size="xs" radius="sm">
              {T.allStatuses}
            </Chip>
            {ORDER_STATUSES.map((s) => (
              <Chip key={s} value={s} size="xs" radius="sm">
                {ORDER_TEXT.status[s]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Select
          {...SELECT_DEFAULTS}
          label={T.ownerLabel}
          data={ownerData}
          value={filters.owner ?? ALL}
          onChange={(v) => list.setFilter('owner', !v || v === ALL ? undefined : v)}
          style={{ flex: '1 1 130px' }}
        />
        <DateRangeFields
          from={filters.from ?? null}
          to={filters.to ?? null}
          onChange={(change) =>
            list.setFilters({
              ...('from' in change ? { from: change.from ?? undefined } : {}),
              ...('to' in change ? { to: change.to ?? undefined } : {}),
            })
          }
        />
        {rights.has('export.run') && (
          <ExportButton
            onClick={() => exportCsv.mutate(listParams)}
            pending={exportCsv.isPending}
            received={exportCsv.received}
          />
        )}
      </Group>
      <OrderList
        orders={orders.data?.data}
        loading={orders.isFetching}
        failed={orders.isError}
        selectedId={selectedId}
        onSelect={select}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
    </Stack>
  );
  const readingPane =
    selectedId !== null ? (
      <OrderPane key={selectedId} id={selectedId} />
    ) : (
      orders.data &&
      orders.data.data.length > 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {T.noneSelected}
          </Text>
        </Paper>
      )
    );

  return (
    <>
      <PageHeader
        title={T.title}
        actions={rights.has('settings.manage') && <AcceptanceSettings />}
        caption={
          <>
            {navDescription('/orders')}{' '}
            {orders.data && (
              <TotalCount
                count={total}
                exact={orders.data.meta.total_exact}
                singular="order"
                testId="orders-total"
              />
            )}
          </>
        }
      />
      <DeskLayout
        narrow={narrow}
        reading={selectedId !== null}
        backLabel={T.back}
        onBack={() => select(null)}
        list={listPane}
        pane={readingPane}
      />
    </>
  );
}

type ListProps = {
  orders: readonly Order[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (order: Order) => void;
};

/** One entry per order: its number, customer, company, total, status and when. */
function OrderList({ orders, loading, failed, selectedId, onSelect }: ListProps) {
  return (
    <EntryList
      label={T.title}
      items={orders}
      loading={loading}
      failed={failed}
      failedText={T.failed}
      emptyText={T.empty}
      selectedId={selectedId}
      onSelect={onSelect}
      entryTestId="order-row"
      renderEntry={(order) => (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text fw={600} size="sm" ff="monospace">
              {order.number}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {order.customer_company ?? order.customer_name}
            </Text>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {formatPrice(order.total)}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" mt={4}>
            <OrderStatusBadge status={order.status} />
            <Text size="xs" c="dimmed" ff="monospace">
              {order.reference}
            </Text>
            {order.po_number && (
              <Text size="xs" c="dimmed" truncate>
                {T.poNumber}: {order.po_number}
              </Text>
            )}
          </Group>
        </>
      )}
    />
  );
}
