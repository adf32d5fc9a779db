import { BarChart } from '@mantine/charts';
import type { Dashboard } from '#domain/dashboard';
import { dayLabel } from './texts';

type Props = { days: Dashboard['inquiries_per_day'] };

/**
 * Inquiries per day as bars. Loaded on demand (recharts is large), so the rest of the dashboard
 * does not wait for it.
 */
export default function InquiriesChart({ days }: Props) {
  const data = days.map((d) => ({ day: dayLabel(d.date), count: d.count }));
  // A label a week apart, ending with today, so the axis reads evenly at any width.
  const ticks = data.filter((_, i) => (data.length - 1 - i) % 7 === 0).map((d) => d.day);
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      series={[{ name: 'count', label: 'Inquiries', color: 'indigo.6' }]}
      tickLine="none"
      gridAxis="x"
      maxBarWidth={18}
      minBarSize={0}
      xAxisProps={{ ticks, interval: 0 }}
      yAxisProps={{ allowDecimals: false, width: 32, domain: [0, 'auto'] }}
      barChartProps={{ margin: { right: 16 } }}
      tooltipAnimationDuration={150}
      data-testid="inquiries-chart"
    />
  );
}
