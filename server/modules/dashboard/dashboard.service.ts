import { sql } from 'drizzle-orm';
import { backupWarning } from '#domain/backups';
import { DASHBOARD, type Dashboard } from '#domain/dashboard';
import { centsToNumber, quoteTotals } from '#domain/quotes';
import { dayEndIn, dayStartIn, lastDaysIn, monthStartIn } from '#domain/time-zone';
import { lastBackups } from '../../backup/scheduled';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { missingTranslation } from '../products';
import { discountLiveAt } from '../shared/pricing.sql';

type PipelineRow = {
  requests: number;
  quoted: number;
  accepted: number;
  declined: number;
  median_hours: number | string | null;
  accepted_quotes: [shipping: string, tax_rate: string, lines: [number, string, string][]][];
};

/**
 * The dashboard's figures, each aggregated in SQL (counts, per-day buckets, anti-joins), so the
 * cost does not grow with what JavaScript would have to loop over.
 */
export function createDashboardService(
  db: Db,
  opts: { backupEverySeconds?: number | null; timeZone?: string; locales?: readonly string[] } = {},
) {
  const backupEvery = opts.backupEverySeconds ?? null;
  const timeZone = opts.timeZone ?? 'UTC';

  async function backupHealth(): Promise<Dashboard['health']['backup']> {
    if (backupEvery === null) return null;
    const { good, failed } = await lastBackups(db);
    return {
      every_seconds: backupEvery,
      last_good_at: good?.at.toISOString() ?? null,
      last_good_file: (good?.report as { file?: string } | null)?.file ?? null,
      last_failed_at: failed && (!good || failed.at > good.at) ? failed.at.toISOString() : null,
      warning: backupWarning(backupEvery, good?.at ?? null),
    };
  }

  /**
   * The translation gaps per translated locale, one count each. Counted, not kept: an anti-join of
   * the products with the locale's translation rows by their primary key.
   */
  async function missingTranslations(): Promise<Dashboard['health']['missing_translations']> {
    const locales = opts.locales ?? [];
    if (locales.length === 0) return [];
    const { rows } = await db.execute<{ locale: string; count: number }>(
      sql
        .join(
          locales.map(
            (l, i) => sql`select ${l}::text as locale, ${i}::int as i, count(*)::int as count
            from ${products} where ${missingTranslation(l)}`,
          ),
          sql` union all `,
        )
        .append(sql` order by i`),
    );
    return rows.map(({ locale, count }) => ({ locale, count }));
  }

  return {
    async get(): Promise<Dashboard> {
      const n = DASHBOARD.listSize;
      // "This month" is the calendar month in the seller's time zone: it began at the first
      // day's midnight there.
      const month = sql`${monthStartIn(timeZone).toISOString()}::timestamptz`;
      // The chart's days are the last 30 there, each from its midnight to the next: the instants
      // come from the one day rule (domain/time-zone.ts), not from the database's zone data.
      const days = lastDaysIn(DASHBOARD.days, timeZone);
      const list = (items: string[]) => `{${items.join(',')}}`;
      const chartDays = sql`unnest(${list(days)}::text[],
        ${list(days.map((d) => dayStartIn(d, timeZone).toISOString()))}::timestamptz[],
        ${list(days.map((d) => dayEndIn(d, timeZone).toISOString()))}::timestamptz[]) as d(date, start, stop)`;
      const live = discountLiveAt(null, sql`now()`);
      const withoutImages = sql`image_count = 0`;
      const withoutTaxonomy = sql`(category_id is null or brand_id is null)`;
      const endingSoon = sql`active and ends_at >= now() and ends_at <= now() + make_interval(days => ${DASHBOARD.recentDays})`;
      // The products' health totals are kept by migration 0015's triggers: counted here, even from
      // their partial indexes, they cost every view time that grows with the catalogue. The
      // discounts' depend on the clock, so they are counted, from their partial indexes: a
      // count(*) over () beside the rows shown read every match from the heap.
      const [counts, latest, perDay, noImages, noTaxonomy, ending, pipeline, orderRows] = await Promise.all([
        // Whole-table totals and requests per quarter hour come from the counters that migrations
        // 0007's and 0047's triggers keep; only the part of a quarter hour that the rolling 7-day
        // window cuts is counted here.
        db.execute<Dashboard['counts']>(sql`
          with since as (select now() - make_interval(days => ${DASHBOARD.recentDays}) as t),
          first_whole as (
            select stockroom_quarter_hour(t) + interval '15 minutes' as at
            from since)
          select
            (select n from table_counts where table_name = 'products') as products,
            (select n from table_counts where table_name = 'categories') as categories,
            (select n from table_counts where table_name = 'brands') as brands,
            (select count(*) from discounts where ${live})::int as active_discounts,
            (select n from table_counts where table_name = 'inquiries') as inquiries,
            ((select coalesce(sum(n), 0) from inquiry_quarters where at >= (select at from first_whole))
              + (select count(*) from inquiries
                 where created_at >= (select t from since) and created_at < (select at from first_whole)))::int
              as inquiries_last_7_days`),
        db.execute<{ id: number; name: string; subject: string; created_at: Date }>(
          sql`select id, name, subject, created_at from inquiries order by created_at desc, id desc limit ${n}`,
        ),
        // A local midnight is a quarter hour's start (migration 0047), so each day is a run of
        // whole buckets: about 2,900 counter rows (96 a day, 100 when the clocks go back), read by key.
        db.execute<{ date: string; count: number }>(sql`
          select d.date, coalesce(sum(q.n), 0)::int as count
          from ${chartDays}
          left join inquiry_quarters q on q.at >= d.start and q.at < d.stop
          group by d.date, d.start
          order by d.start`),
        db.execute<{ id: number; name: string; slug: string; total: number }>(sql`
          select p.id, p.name, p.slug,
            (select n from health_counts where name = 'products_without_images') as total
          from products p
          where ${withoutImages}
          order by p.created_at desc, p.id desc limit ${n}`),
        db.execute<{
          id: number;
          name: string;
          slug: string;
          category_id: number | null;
          brand_id: number | null;
          total: number;
        }>(sql`
          select p.id, p.name, p.slug, p.category_id, p.brand_id,
            (select n from health_counts where name = 'products_without_taxonomy') as total
          from products p
          where ${withoutTaxonomy}
          order by p.created_at desc, p.id desc limit ${n}`),
        db.execute<{
          id: number;
          name: string;
          ends_at: Date;
          target_name: string | null;
          total: number;
        }>(sql`
          with ending as (
            select d.id, d.name, d.ends_at, d.applies_to, d.product_id, d.category_id, d.brand_id,
              (select count(*) from discounts where ${endingSoon})::int as total
            from discounts d
            where ${endingSoon}
            order by d.ends_at, d.id limit ${n}
          )
          -- Names for the few rows shown only: joining first hashed every product.
          select e.id, e.name, e.ends_at, coalesce(p.name, c.name, b.name) as target_name, e.total
          from ending e
          left join products p on e.applies_to = 'product' and p.id = e.product_id
          left join categories c on e.applies_to = 'category' and c.id = e.category_id
          left join brands b on e.applies_to = 'brand' and b.id = e.brand_id
          order by e.ends_at, e.id`),
        // The desk's month. Accepted quotes come with their lines: their value is summed by the
        // one totals rule (domain/quotes.ts), never by a second one written in SQL.
        db.execute<PipelineRow>(sql`
          with m as (select ${month} as start),
          firsts as (
            select q.inquiry_id, min(q.sent_at) as first_sent
            from quotes q
            where q.sent_at >= (select start from m)
              and not exists (select 1 from quotes e
                where e.inquiry_id = q.inquiry_id and e.sent_at < (select start from m))
            group by q.inquiry_id
          ),
          answered as (select id, answer_kind, shipping, tax_rate from quotes
            where answered_at >= (select start from m))
          select
            -- The month starts at a local midnight, a quarter hour's start: whole buckets from there.
            (select coalesce(sum(n), 0) from inquiry_quarters where at >= (select start from m))::int
              as requests,
            (select count(*)::int from firsts) as quoted,
            (select count(*)::int from answered where answer_kind = 'accepted') as accepted,
            (select count(*)::int from answered where answer_kind = 'declined') as declined,
            (select percentile_cont(0.5) within group (
                order by extract(epoch from f.first_sent - i.created_at) / 3600)
              from firsts f join inquiries i on i.id = f.inquiry_id) as median_hours,
            coalesce((select json_agg(json_build_array(a.shipping::text, a.tax_rate::text,
                (select coalesce(json_agg(json_build_array(l.quantity, l.unit_price::text,
                    l.discount_percent::text)), '[]'::json)
                  from quote_lines l where l.quote_id = a.id)))
              from answered a where a.answer_kind = 'accepted'), '[]'::json) as accepted_quotes`),
        // The month's orders by their created index, the open ones by their status index.
        db.execute<{ this_month: number; value_cents: string; open: Record<string, number> | null }>(sql`
          with m as (select ${month} as start)
          select count(*)::int as this_month, coalesce(sum(total) * 100, 0)::bigint::text as value_cents,
            (select json_object_agg(s.status, s.n) from (select status, count(*)::int as n from orders
              where status in ('confirmed', 'in_progress', 'shipped') group by status) s) as open
          from orders where created_at >= (select start from m) and status <> 'cancelled'`),
      ]);
      const o = orderRows.rows[0];
      const p = pipeline.rows[0];
      const acceptedCents = p.accepted_quotes.reduce(
        (sum, [shipping, tax_rate, lines]) =>
          sum +
          quoteTotals({
            shipping,
            tax_rate,
            lines: lines.map(([quantity, unit_price, discount_percent]) => ({
              quantity,
              unit_price,
              discount_percent,
            })),
          }).total,
        0n,
      );
      // Every row carries the list's total; an empty list means zero.
      const total = (rows: { total: number }[]) => rows[0]?.total ?? 0;
      return {
        counts: counts.rows[0],
        latest_inquiries: latest.rows.map((r) => ({
          ...r,
          created_at: new Date(r.created_at).toISOString(),
        })),
        inquiries_per_day: perDay.rows,
        pipeline: {
          requests: p.requests,
          quoted: p.quoted,
          accepted: p.accepted,
          win_rate: p.accepted + p.declined > 0 ? p.accepted / (p.accepted + p.declined) : null,
          median_hours_to_quote:
            p.median_hours === null ? null : Math.round(Number(p.median_hours) * 100) / 100,
          accepted_value: centsToNumber(acceptedCents),
        },
        orders: {
          this_month: o.this_month,
          this_month_value: centsToNumber(BigInt(o.value_cents)),
          open_by_status: {
            confirmed: o.open?.confirmed ?? 0,
            in_progress: o.open?.in_progress ?? 0,
            shipped: o.open?.shipped ?? 0,
          },
        },
        health: {
          products_without_images: {
            count: total(noImages.rows),
            items: noImages.rows.map(({ id, name, slug }) => ({ id, name, slug })),
          },
          products_without_category_or_brand: {
            count: total(noTaxonomy.rows),
            items: noTaxonomy.rows.map((r) => ({
              id: r.id,
              name: r.name,
              slug: r.slug,
              missing: [
                ...(r.category_id === null ? (['category'] as const) : []),
                ...(r.brand_id === null ? (['brand'] as const) : []),
              ],
            })),
          },
          discounts_ending_soon: {
            count: total(ending.rows),
            items: ending.rows.map((r) => ({
              id: r.id,
              name: r.name,
              ends_at: new Date(r.ends_at).toISOString(),
              target_name: r.target_name,
            })),
          },
          missing_translations: await missingTranslations(),
          backup: await backupHealth(),
        },
      };
    },
  };
}
