import type { Dashboard } from '#domain/dashboard';
import { PIPELINE_TEXT as T } from '#domain/quote-texts';
import { todayIn } from '#domain/time-zone';
import { formatPrice } from '../../api/currency';
import { storeTimeZone } from '../../api/time-zone';
import { EMPTY_VALUE, formatCount } from '../../components/format';
import { DashboardCard } from './DashboardCard';
import type { Figure } from './FigureCards';
import { FigureCards } from './FigureCards';

type Pipeline = Dashboard['pipeline'];

/**
 * The first day of this month in the seller's time zone, YYYY-MM-DD, for the figures' links: the
 * month the server counts, so the list a figure opens starts where its count does.
 */
export const monthStart = (now = new Date(), timeZone = storeTimeZone()) =>
  `${todayIn(timeZone, now).slice(0, 7)}-01`;

type PipelineFigure = Omit<Figure<Pipeline>, 'to'> & { status?: string };

const FIGURES: readonly PipelineFigure[] = [
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
  const figures = FIGURES.map(({ status, ...f }) => ({
    ...f,
    to: `/inquiries?${new URLSearchParams({ ...(status ? { status } : {}), from })}`,
  }));
  return (
    <DashboardCard title={T.title} caption={T.caption}>
      <FigureCards data={pipeline} figures={figures} cols={6} testId="pipeline" prefix="pipeline" />
    </DashboardCard>
  );
}
