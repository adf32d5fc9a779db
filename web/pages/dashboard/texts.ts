import { DASHBOARD } from '#domain/dashboard';
import { formatCount, pluralize } from '../../components/format';

const { days, recentDays } = DASHBOARD;

/** The dashboard's texts, one place for every word it shows. */
export const DASHBOARD_TEXT = {
  errorTitle: 'The dashboard could not be loaded.',
  errorHint: 'Check the connection and try again.',
  retry: 'Try again',
  overview: 'At a glance',
  recentInquiries: (n: number) => `+${formatCount(n)} in the last ${recentDays} days`,
  latestInquiries: 'Latest inquiries',
  noInquiries: 'No inquiries yet.',
  openInbox: 'Open the inbox',
  perDay: 'Inquiries per day',
  /** The days are the seller's, so the caption names their zone. */
  perDayCaption: (timeZone: string) => `The last ${days} days (${timeZone})`,
  perDaySummary: (total: number, busiest: { label: string; count: number } | null) =>
    total === 0
      ? `No inquiries in the last ${days} days.`
      : `${pluralize(total, 'inquiry', 'inquiries')} in the last ${days} days${
          busiest ? `; the busiest day was ${busiest.label} with ${formatCount(busiest.count)}.` : '.'
        }`,
  health: 'Catalogue health',
  healthCaption: 'Each entry links straight to where it is fixed.',
  withoutImages: 'Products without images',
  missingTranslations: 'Missing translations',
  missingTranslationsCaption: 'Products without a name, or a description, in each language.',
  /** A locale's gap: its language's English name where known, and its code. */
  localeGap: (name: string | null, locale: string) => (name ? `${name} (${locale})` : locale),
  gapCount: (n: number) =>
    n === 0 ? 'All translated' : `${formatCount(n)} ${n === 1 ? 'product' : 'products'}`,
  withoutImagesClear: 'All products have images.',
  addImages: 'Add images',
  withoutTaxonomy: 'Products without a category or brand',
  withoutTaxonomyClear: 'Every product has a category and a brand.',
  endingSoon: `Discounts ending within ${recentDays} days`,
  endingSoonClear: `No discounts end in the next ${recentDays} days.`,
  noTarget: 'target removed',
  moreThanShown: (shown: number, total: number) => `Showing the first ${shown} of ${formatCount(total)}.`,
  listAll: (total: number) => `See all ${formatCount(total)} in Products`,
  listNoCategory: 'List those without a category',
  listNoBrand: 'List those without a brand',
  listLiveDiscounts: 'Live discounts',
} as const;

/** 'No category', 'No brand' or 'No category or brand'. */
export function missingText(missing: readonly ('category' | 'brand')[]): string {
  return `No ${missing.join(' or ')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A calendar day ('YYYY-MM-DD', a day in the seller's TIMEZONE) as 'Nov 3'; the raw text when it is
 * not a date. The text names the day itself, so it is read and written at UTC midnight: formatting
 * in the browser's own zone would show the day before west of UTC.
 */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dayFormat.format(d);
}
