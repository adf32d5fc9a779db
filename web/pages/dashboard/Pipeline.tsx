import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '#domain/dashboard';
import { PIPELINE_TEXT as T } from '#domain/quote-texts';
import { formatPrice } from '../../api/currency';
import { EMPTY_VALUE, formatCount } from '../../components/format';
import classes from './Dashboard.module.css';
import { DashboardCard } from './DashboardCard';

type Pipeline = Dashboard['pipeline'];

/** The first day of this month (UTC, as the server counts it), YYYY-MM-DD. */
export const monthStart = (now = new Date()) => `${now.toISOString().slice(0, 7)}-01`;

type Figure = { label: string; value: (p: Pipeline) => string; status?: string };

const FIGURES: readonly Figure[] = [
  { label: T.requests, value: (p) => formatCount(p.requests) },
  { label: T.quoted, value: (p) => formatCount(p.quoted), status: 'quoted' },
  { label: T.accepted, value: (p) => formatCount(p.accepted), status: 'accepted' },
  {
    label: T.winRate,
    value: (p) => (p.win_rate === null ? EMPTY_VALUE : `${Math.round(p.win_rate * 100)}%`),
    status: 'accepted',
  },
  {
    label: T.medianToQuote,
    value: (p) => (p.median_hours_to_quote === null ? EMPTY_VALUE : T.hours(p.median_hours_to_quote)),
    status: 'quoted',
  },
  { label: T.acceptedValue, value: (p) => formatPrice(p.accepted_value), status: 'accepted' },
];

/** The quote desk this month; each figure opens the inbox filtered to what it counts. */
export function Pipeline({ pipeline }: { pipeline: Pipeline | undefined }) {
  const from = monthStart();
  return (
    <DashboardCard title={T.title} caption={T.caption}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="pipeline">
        {FIGURES.map((f) => (
          <Card
            key={f.label}
            component={Link}
            to={`/inquiries?${new URLSearchParams({ ...(f.status ? { status: f.status } : {}), from })}`}
            withBorder
            radius="md"
            padding="sm"
            className={classes.pipelineCard}
          >
            <Text size="xs" c="dimmed" fw={500}>
              {f.label}
            </Text>
            {pipeline ? (
              <Text fz={22} fw={700} lh={1.3} data-testid={`pipeline-${f.label}`}>
                {f.value(pipeline)}
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
