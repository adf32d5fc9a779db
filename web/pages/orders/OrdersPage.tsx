import { Group, Text } from '@mantine/core';
import { ORDER_PAGING, ORDER_SORT_KEYS, ORDER_STATUSES, type Order, type OrderSortKey } from '#domain/orders';
import { formatPrice } from '../../api/currency';
import { useExportOrders, useOrders } from '../../api/orders';
import { DeskScreen } from '../../components/desk/DeskScreen';
import { formatDateTime } from '../../components/format';
import { OrderStatusBadge } from '../../components/StatusBadge';
import { isDay, positiveInt } from '../../components/urlValues';
import { useListState } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';
import { navDescription } from '../../shell/navItems';
import { AcceptanceSettings } from './AcceptanceSettings';
import { type OrderFilterKey, OrderFilters } from './OrderFilters';
import { OrderPane } from './OrderPane';
import { ORDER_SCREEN as T } from './texts';

/**
 * Orders (/orders): accepted quotes, a list on the left and the chosen one on the right. The
 * search, filters, sort, page and the chosen order live in the URL, so reload and Back restore them.
 */
export function OrdersPage() {
  const list = useListState<OrderSortKey, OrderFilterKey>({
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
  const rights = usePermissions();

  return (
    <DeskScreen
      texts={T}
      caption={navDescription('/orders')}
      actions={rights.has('settings.manage') && <AcceptanceSettings />}
      list={list}
      query={orders}
      useExport={useExportOrders}
      filters={<OrderFilters filters={filters} list={list} />}
      filtersTestId="order-filters"
      entry={{ render: (order) => <OrderEntry order={order} />, testId: 'order-row' }}
      pane={(id) => <OrderPane key={id} id={id} />}
    />
  );
}

/** One entry per order: its number, customer, company, total, status and when. */
function OrderEntry({ order }: { order: Order }) {
  return (
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
  );
}
