import { type SQL, sql } from 'drizzle-orm';
import { MAX_PRICE_CENTS } from '#domain/constants';
import { centsToDecimal, toCents } from '#domain/money';
import {
  BULK_ACTION_RIGHT,
  BULK_TEXT,
  type ProductBulkBody,
  type ProductBulkResponse,
  type ProductFilter,
} from '#domain/product-list';
import { PRODUCT_MESSAGES } from '#domain/products';
import { type Rights, requireRights } from '../../auth/rights';
import type { Db, Tx } from '../../db/client';
import { brands, categories, products } from '../../db/schema';
import { AppError, badRequest } from '../../errors/app-error';
import { type BatchSummary, startBatch } from '../../history/batch';
import { logTrash, snapshotProducts, unlinkProducts } from '../shared/trash-move';
import { PRICE_DUE_CTES } from './price-due';
import { productFilterWhere } from './product-filter';

/** Percents and amounts beyond these digits are typing errors, not prices. */
const VALUE_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * Past this many products, a bulk write hands the trigram indexes its new row versions through
 * their pending lists and merges them once (as migration 0022 does): inserted one by one, their
 * entries were most of the time of an edit of every product.
 */
const PENDING_LIST_FROM = 1_000;
const PRODUCT_TRIGRAMS = ['products_name_trgm', 'products_sku_trgm'];
/** A deleted product's inquiries lose their link: rewritten rows, whose search entries merge once too. */
const INQUIRY_SEARCH_INDEXES = ['inquiries_search_text_trgm', 'inquiries_search_doc_idx'];

type Adjustment = { by: 'percent' | 'amount' | 'set'; cents: number };

/** adjust_price's value: a percent above -100, an amount, or a price of at least 0; in hundredths. */
function readAdjustment(body: ProductBulkBody): Adjustment {
  const by = body.by as Adjustment['by'];
  const text = typeof body.value === 'number' ? String(body.value) : (body.value ?? '');
  const invalid = by === 'percent' ? BULK_TEXT.percentInvalid : BULK_TEXT.valueInvalid;
  if (!VALUE_PATTERN.test(text)) throw badRequest(invalid, { value: invalid });
  const cents = toCents(text);
  if (by === 'percent' && cents <= -10_000) throw badRequest(invalid, { value: invalid });
  if (by === 'set' && cents < 0) throw badRequest(BULK_TEXT.belowZero, { value: BULK_TEXT.belowZero });
  return { by, cents };
}

/**
 * The new MRP of the row being read, rounded half-up to the cent like the pricing rule: a
 * percent's result is never negative (the percent is above -100), and round() on NUMERIC rounds
 * half away from zero, which for those is half-up (domain/money.ts mulDivHalfUp).
 */
function newMrp({ by, cents }: Adjustment, mrp: SQL = sql`${products.mrp}`): SQL {
  if (by === 'percent') return sql`round(${mrp} * (10000 + ${cents}::numeric) / 10000, 2)`;
  if (by === 'amount') return sql`(${mrp} + ${centsToDecimal(cents)}::numeric)`;
  return sql`${centsToDecimal(cents)}::numeric`;
}

const idList = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * POST /api/products/bulk: one action on the products picked by ids or by the list's filter, in
 * one transaction, answering how many changed; a dry run answers how many would, and writes
 * nothing. Only rows the action changes are written and counted (publishing counts the drafts).
 * Every statement is set-based, so 100,000 products cost a few statements, not a call each.
 */
export function createProductBulkService(db: Db) {
  async function checkReference(tx: Tx, body: ProductBulkBody) {
    const [table, id, message, field] =
      body.action === 'set_category'
        ? ([categories, body.category_id, PRODUCT_MESSAGES.categoryNotFound, 'category_id'] as const)
        : ([brands, body.brand_id, PRODUCT_MESSAGES.brandNotFound, 'brand_id'] as const);
    if (id === null || id === undefined) return;
    const { rows } = await tx.execute(sql`select 1 from ${table} where id = ${id} for key share`);
    if (rows.length === 0) throw new AppError(404, message, { [field]: message });
  }

  /**
   * Refuses a change that would take any variant's price below 0 or past NUMERIC(12,2), before
   * writing (a product without options has one variant, at the product's price).
   */
  async function checkPrices(tx: Tx, picked: SQL, adjustment: Adjustment) {
    const mrp = newMrp(adjustment, sql`v.mrp`);
    const { rows } = await tx.execute<{ low: boolean | null; high: boolean | null }>(sql`
      select bool_or(${mrp} < 0) as low, bool_or(${mrp} > ${centsToDecimal(MAX_PRICE_CENTS)}::numeric) as high
      from ${products} join product_variants v on v.product_id = ${products.id} where ${picked}`);
    if (rows[0]?.low) throw badRequest(BULK_TEXT.belowZero, { value: BULK_TEXT.belowZero });
    if (rows[0]?.high) throw badRequest(BULK_TEXT.tooLarge, { value: BULK_TEXT.tooLarge });
  }

  /** Runs a write with the trigram indexes taking entries in one merge when it is a big one. */
  async function withMerge<T>(
    tx: Tx,
    rows: number,
    write: () => Promise<T>,
    indexes: string[] = PRODUCT_TRIGRAMS,
  ): Promise<T> {
    if (rows < PENDING_LIST_FROM) return write();
    for (const index of indexes)
      await tx.execute(sql`alter index ${sql.identifier(index)} set (fastupdate = on)`);
    const result = await write();
    for (const index of indexes) {
      await tx.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
      await tx.execute(sql`alter index ${sql.identifier(index)} set (fastupdate = off)`);
    }
    return result;
  }

  /**
   * Writes new MRPs, brands or categories with the prices they give, in the same statement: a
   * row written twice (the change, then its price) would write every index of products twice.
   * stockroom.priced tells migration 0022's trigger that these rows need no refresh.
   */
  async function writePriced(
    tx: Tx,
    picked: SQL,
    set: { mrp?: SQL; mrp_max?: SQL; brand_id?: SQL; category_id?: SQL },
    now: Date,
  ) {
    const mrp = set.mrp ?? sql`${products.mrp}`;
    const mrpMax = set.mrp_max ?? sql`${products.mrp_max}`;
    const brand = set.brand_id ?? sql`${products.brand_id}`;
    const category = set.category_id ?? sql`${products.category_id}`;
    await tx.execute(sql`select set_config('stockroom.priced', 'on', true)`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with target as materialized (
        select ${products.id} as id, ${mrp} as mrp, ${mrpMax} as mrp_max, ${brand}::int as brand_id, ${category}::int as category_id
        from ${products} where ${picked} order by ${products.id}
      ), priced as (
        select f.id, f.final, f.discounted, f.until, t.mrp, t.mrp_max, t.brand_id, t.category_id
        from stockroom_prices(${now.toISOString()}::timestamptz,
          array(select id from target), array(select mrp from target),
          array(select brand_id from target), array(select category_id from target)) f
        join target t on t.id = f.id
      ), ${sql.raw(PRICE_DUE_CTES)}, changed as (
        update ${products} p set mrp = priced.mrp, mrp_max = priced.mrp_max, brand_id = priced.brand_id, category_id = priced.category_id,
          price_final = priced.final, price_discounted = priced.discounted, updated_at = now()
        from priced where p.id = priced.id
        returning 1
      )
      select count(*)::int as n from changed`);
    await tx.execute(sql`select set_config('stockroom.priced', '', true)`);
    return rows[0].n;
  }

  /**
   * A price change reaches every variant. The products' rows take the new prices of their lowest
   * and highest variants (the rule is monotonic, so those are the same variants' new prices, or
   * one price where rounding or a set price makes them meet) priced in the same statement; a
   * product without options passes its price to its one variant by trigger, and the variants of
   * those with options then change by the same rule, whose trigger finds their product already
   * right. Left to that trigger, mrp_max rewrote every product, and every index of it, again.
   */
  async function adjustPrices(tx: Tx, picked: SQL, adjustment: Adjustment, now: Date) {
    const { rows } = await tx.execute<{ ids: string }>(sql`
      select coalesce(array_agg(${products.id}), '{}')::text as ids from ${products}
      where ${picked} and exists (select 1 from product_options o where o.product_id = ${products.id})`);
    const written = await writePriced(
      tx,
      picked,
      {
        mrp: newMrp(adjustment),
        mrp_max: sql`nullif(${newMrp(adjustment, sql`${products.mrp_max}`)}, ${newMrp(adjustment)})`,
      },
      now,
    );
    if (rows[0].ids !== '{}')
      await tx.execute(sql`update product_variants v set mrp = ${newMrp(adjustment, sql`v.mrp`)}, updated_at = now()
        where v.product_id = any(${rows[0].ids}::int[]) and ${newMrp(adjustment, sql`v.mrp`)} <> v.mrp`);
    return written;
  }

  /**
   * Moves to the trash like the single delete: each product's rows snapshotted into its entry
   * (which keeps holding the gallery's image references), then the rows with everything that
   * hangs off them deleted. Left to the foreign keys, each product's sections went by statements
   * of their own, and every such statement rebuilt documents and counts; so each table is
   * emptied of the products' rows in one statement, children before parents, with the content
   * documents' rebuild off (they are deleted too), and the foreign keys' own actions then find
   * nothing left to do. The gallery rows alone go by the cascade, after the products: deleted
   * before them, their image-count trigger rewrote every product row, and every index of it,
   * just before deleting it.
   */
  async function remove(picked: SQL, summary: BatchSummary): Promise<number> {
    return db.transaction(async (tx) => {
      const batch = await startBatch(tx, 'bulk');
      const { rows: locked } = await tx.execute<{ id: number }>(
        sql`select ${products.id} as id from ${products} where ${picked} for update`,
      );
      if (locked.length === 0) return 0;
      const ids = sql`${idList(locked.map((r) => r.id))}::int[]`;
      await snapshotProducts(tx, ids);
      await unlinkProducts(tx, ids, (unlink) => withMerge(tx, locked.length, unlink, INQUIRY_SEARCH_INDEXES));
      await logTrash(tx, true);
      await tx.execute(sql`select set_config('stockroom.contents', 'deferred', true)`);
      for (const statement of [
        sql`delete from product_list_items where list_id in (select id from product_lists where product_id = any(${ids}))`,
        sql`delete from product_specs where group_id in (select id from product_spec_groups where product_id = any(${ids}))`,
        ...[
          'product_lists',
          'product_spec_groups',
          'product_tables',
          'product_layout_blocks',
          'product_contents',
        ].map((table) => sql`delete from ${sql.identifier(table)} where product_id = any(${ids})`),
        sql`delete from discounts where applies_to = 'product' and product_id = any(${ids})`,
      ])
        await tx.execute(statement);
      const { rows } = await tx.execute<{ n: number }>(sql`
        with gone as (delete from ${products} where ${products.id} = any(${ids}) returning 1)
        select count(*)::int as n from gone`);
      await tx.execute(sql`select set_config('stockroom.contents', '', true)`);
      await logTrash(tx, false);
      await batch.end({ ...summary, count: rows[0].n });
      return rows[0].n;
    });
  }

  return {
    async apply(body: ProductBulkBody, rights: Rights): Promise<ProductBulkResponse> {
      requireRights(rights, [BULK_ACTION_RIGHT[body.action]]);
      const now = new Date();
      const dryRun = body.dry_run ?? false;
      const adjustment = body.action === 'adjust_price' ? readAdjustment(body) : null;
      // The filter first, outside the transaction: it may bring stored prices up to date.
      const which = body.ids
        ? sql`${products.id} = any(${idList(body.ids)}::int[])`
        : await productFilterWhere(db, body.filter as ProductFilter, now);
      const changes: SQL = (() => {
        switch (body.action) {
          case 'set_category':
            return sql`${products.category_id} is distinct from ${body.category_id ?? null}::int`;
          case 'set_brand':
            return sql`${products.brand_id} is distinct from ${body.brand_id ?? null}::int`;
          case 'publish':
            return sql`${products.status} <> 'published'`;
          case 'unpublish':
            return sql`${products.status} <> 'draft'`;
          case 'adjust_price':
            // Any of its variants' prices: a product with options may keep its lowest.
            return sql`exists (select 1 from product_variants v where v.product_id = ${products.id}
              and ${newMrp(adjustment as Adjustment, sql`v.mrp`)} <> v.mrp)`;
          case 'delete':
            return sql`true`;
        }
      })();
      const picked = which ? sql`(${which}) and ${changes}` : changes;
      const answer = (count: number) => ({ action: body.action, count, dry_run: dryRun });

      const count = async (tx: Tx) => {
        const { rows } = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from ${products} where ${picked}`,
        );
        return rows[0].n;
      };
      // Checks and the count first; in one transaction with the write, so they hold for it.
      const prepare = async (tx: Tx) => {
        if (body.action === 'set_category' || body.action === 'set_brand') await checkReference(tx, body);
        if (adjustment) await checkPrices(tx, picked, adjustment);
        return count(tx);
      };
      if (dryRun) return answer(await db.transaction(prepare));
      // The batch's entry: what was done, to how many, and with what.
      const summary: BatchSummary = { action: body.action };
      if (adjustment) Object.assign(summary, { by: adjustment.by, value: centsToDecimal(adjustment.cents) });
      if (body.action === 'set_category') summary.category_id = body.category_id ?? null;
      if (body.action === 'set_brand') summary.brand_id = body.brand_id ?? null;
      if (body.action === 'delete') return answer(await remove(picked, summary));
      return db.transaction(async (tx) => {
        const batch = await startBatch(tx, 'bulk');
        const n = await prepare(tx);
        if (n === 0) return answer(0);
        const written = await withMerge(tx, n, async () => {
          switch (body.action) {
            case 'publish':
            case 'unpublish': {
              const status = body.action === 'publish' ? 'published' : 'draft';
              const { rows } = await tx.execute<{ n: number }>(sql`
                with changed as (update ${products} set status = ${status}, updated_at = now()
                  where ${picked} returning 1)
                select count(*)::int as n from changed`);
              return rows[0].n;
            }
            case 'set_category':
              return writePriced(tx, picked, { category_id: sql`${body.category_id ?? null}` }, now);
            case 'set_brand':
              return writePriced(tx, picked, { brand_id: sql`${body.brand_id ?? null}` }, now);
            default:
              return adjustPrices(tx, picked, adjustment as Adjustment, now);
          }
        });
        await batch.end({ ...summary, count: written });
        return answer(written);
      });
    },
  };
}

export type ProductBulkService = ReturnType<typeof createProductBulkService>;
