import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { Dashboard } from '#domain/dashboard';
import { storeTimeZone } from '../../api/time-zone';
import { DashboardCard } from './DashboardCard';
import { DASHBOARD_TEXT, dayLabel } from './texts';

const InquiriesChart = lazy(() => import('./InquiriesChart'));

const CHART_HEIGHT = 220;

function busiestDay(days: Dashboard['inquiries_per_day']) {
  const top = days.reduce<(typeof days)[number] | null>(
    (best, d) => (d.count > 0 && (!best || d.count > best.count) ? d : best),
    null,
  );
  return top && { label: dayLabel(top.date), count: top.count };
}

/** The dashboard's window of quote requests by day, with a sentence that says the same for screen readers. */
export function InquiriesPerDay({ days }: { days: Dashboard['inquiries_per_day'] | undefined }) {
  const total = days?.reduce((sum, d) => sum + d.count, 0) ?? 0;
  return (
    <DashboardCard title={DASHBOARD_TEXT.perDay} caption={DASHBOARD_TEXT.perDayCaption(storeTimeZone())}>
      <figure style={{ margin: 0 }}>
        {days ? (
          <Suspense fallback={<Skeleton height={CHART_HEIGHT} radius="sm" />}>
            <InquiriesChart days={days} />
          </Suspense>
        ) : (
          <Skeleton height={CHART_HEIGHT} radius="sm" />
        )}
        <Text component="figcaption" size="sm" c="dimmed" mt="xs" mih={22}>
          {days ? DASHBOARD_TEXT.perDaySummary(total, busiestDay(days)) : null}
        </Text>
      </figure>
    </DashboardCard>
  );
}
