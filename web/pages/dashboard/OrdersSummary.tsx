import type { Dashboard } from '#domain/dashboard';
import { ORDER_STATUS_TEXT } from '#domain/quote-texts';
import { formatPrice } from '../../api/currency';
import { formatCount } from '../../components/format';
import { DashboardCard } from './DashboardCard';
import { type Figure, FigureCards } from './FigureCards';
import { monthStart } from './Pipeline';

type Orders = Dashboard['orders'];

const ORDERS_SUMMARY_TEXT = {
  title: 'Orders',
  caption:
    'Orders made this month (cancelled ones left out) and those still open; each figure opens the list.',
  thisMonth: 'Orders this month',
  value: 'Their value',
} as const;

/** Orders this month, their value, and the open ones by status. */
export function OrdersSummary({ orders }: { orders: Orders | undefined }) {
  const from = monthStart();
  const figures: readonly Figure<Orders>[] = [
    {
      label: ORDERS_SUMMARY_TEXT.thisMonth,
      value: (o) => formatCount(o.this_month),
      to: `/orders?${new URLSearchParams({ from })}`,
    },
    {
      label: ORDERS_SUMMARY_TEXT.value,
      value: (o) => formatPrice(o.this_month_value),
      to: `/orders?${new URLSearchParams({ from })}`,
    },
    ...(['confirmed', 'in_progress', 'shipped'] as const).map((status) => ({
      label: ORDER_STATUS_TEXT[status],
      value: (o: Orders) => formatCount(o.open_by_status[status]),
      to: `/orders?status=${status}`,
    })),
  ];
  return (
    <DashboardCard title={ORDERS_SUMMARY_TEXT.title} caption={ORDERS_SUMMARY_TEXT.caption}>
      <FigureCards data={orders} figures={figures} cols={5} testId="orders-summary" prefix="orders" />
    </DashboardCard>
  );
}
