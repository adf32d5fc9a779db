import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '#domain/dashboard';
import { ORDER_STATUS_TEXT } from '#domain/quote-texts';
import { formatPrice } from '../../api/currency';
import { formatCount } from '../../components/format';
import classes from './Dashboard.module.css';
import { DashboardCard } from './DashboardCard';
import { monthStart } from './Pipeline';

type Orders = Dashboard['orders'];
type Figure = { label: string; value: (o: Orders) => string; to: string };

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
  const figures: readonly Figure[] = [
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
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="orders-summary">
        {figures.map((f) => (
          <Card
            key={f.label}
            component={Link}
            to={f.to}
            withBorder
            radius="md"
            padding="sm"
            className={classes.pipelineCard}
          >
            <Text size="xs" c="dimmed" fw={500}>
              {f.label}
            </Text>
            {orders ? (
              <Text fz={22} fw={700} lh={1.3} data-testid={`orders-${f.label}`}>
                {f.value(orders)}
              </Text>
            ) : (
              <Skeleton height={22} width={60} my={4} radius="sm" />
            )}
          </Card>
        ))}
      </SimpleGrid>
    </DashboardCard>
  );
}
