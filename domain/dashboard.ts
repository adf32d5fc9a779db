import { z } from 'zod';

const productRef = z.object({ id: z.number(), name: z.string(), slug: z.string() });
const healthList = <T extends z.ZodType>(item: T) => z.object({ count: z.number(), items: z.array(item) });

/** GET /api/dashboard: everything the dashboard shows, from one call aggregated in SQL. */
export const dashboardSchema = z.object({
  counts: z.object({
    products: z.number(),
    categories: z.number(),
    brands: z.number(),
    active_discounts: z.number(),
    inquiries: z.number(),
    inquiries_last_7_days: z.number(),
  }),
  latest_inquiries: z.array(
    z.object({ id: z.number(), name: z.string(), subject: z.string(), created_at: z.string() }),
  ),
  /** The last 30 calendar days in the seller's TIMEZONE, oldest first, every day present. */
  inquiries_per_day: z.array(z.object({ date: z.string(), count: z.number() })),
  /** The quote desk this calendar month (in the seller's TIMEZONE). */
  pipeline: z.object({
    /** Requests that arrived this month. */
    requests: z.number(),
    /** Requests whose first quote was sent this month. */
    quoted: z.number(),
    /** Quotes accepted this month. */
    accepted: z.number(),
    /** Accepted ÷ (accepted + declined) among quotes answered this month, 0 to 1; null when none. */
    win_rate: z.number().nullable(),
    /** Median hours from a request to its first sent quote, over those first sent this month; null when none. */
    median_hours_to_quote: z.number().nullable(),
    /** The accepted quotes' totals this month, exact, with two decimals. */
    accepted_value: z.number(),
  }),
  /** Orders (accepted quotes): this calendar month (in the seller's TIMEZONE) and those still open. */
  orders: z.object({
    /** Orders made this month, cancelled ones left out. */
    this_month: z.number(),
    /** Their totals, exact, with two decimals. */
    this_month_value: z.number(),
    /** Orders not yet completed or cancelled, per status. */
    open_by_status: z.object({ confirmed: z.number(), in_progress: z.number(), shipped: z.number() }),
  }),
  health: z.object({
    products_without_images: healthList(productRef),
    products_without_category_or_brand: healthList(
      productRef.extend({ missing: z.array(z.enum(['category', 'brand'])) }),
    ),
    discounts_ending_soon: healthList(
      z.object({ id: z.number(), name: z.string(), ends_at: z.string(), target_name: z.string().nullable() }),
    ),
    /**
     * Per locale of LOCALES but the default, in their order: the products without a name there,
     * or without a description there where they have one (GET /api/products?missing_translation=).
     */
    missing_translations: z.array(z.object({ locale: z.string(), count: z.number() })),
    /** Scheduled backups (BACKUP_EVERY); null when they are off. */
    backup: z
      .object({
        every_seconds: z.number(),
        last_good_at: z.string().nullable(),
        last_good_file: z.string().nullable(),
        last_failed_at: z.string().nullable(),
        warning: z.enum(['none', 'stale']).nullable(),
      })
      .nullable(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const DASHBOARD = { days: 30, recentDays: 7, listSize: 5 } as const;
