import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import {
  DISCOUNT_TEXT,
  type Discount,
  type DiscountFilter,
  type DiscountInput,
  type DiscountListParams,
  type DiscountState,
} from '#domain/discounts';
import { centsToDecimal, toCents } from '#domain/money';
import { type Rights, requireRights } from '../../auth/rights';
import type { Db, Tx } from '../../db/client';
import { type PageScope, pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAny } from '../../db/query/search';
import { keysetBatches } from '../../db/query/stream';
import { brands, categories, discounts, products } from '../../db/schema';
import { badRequest, notFound } from '../../errors/app-error';
import { discountLiveAt } from '../shared/pricing.sql';
import { moveToTrash } from '../shared/trash-move';

/**
 * Replaces the product editor's own discount (ADR 0005): saving without one removes it;
 * discounts made on the Discounts screen are left alone.
 */
export async function setEditorDiscount(
  tx: Tx,
  product: { id: number; name: string },
  discount: { type: 'percent' | 'amount'; value: number } | null,
) {
  await tx
    .delete(discounts)
    .where(and(eq(discounts.product_id, product.id), eq(discounts.editor_owned, true)));
  if (!discount) return;
  await tx.insert(discounts).values({
    name: `${product.name} (product price)`,
    type: discount.type,
    value: centsToDecimal(toCents(discount.value)),
    applies_to: 'product',
    product_id: product.id,
    active: true,
    editor_owned: true,
  });
}

/** The discounts list has one order: newest first. */
const SORT_COLUMNS: SortColumns<'created_at'> = { created_at: discounts.created_at };
const NEWEST_FIRST = { sortBy: 'created_at', order: 'desc' } as const;

const discountColumns = {
  row: discounts,
  product_name: products.name,
  category_name: categories.name,
  brand_name: brands.name,
};

type DiscountRow = typeof discounts.$inferSelect;

const toDiscount = (r: {
  row: DiscountRow;
  product_name: string | null;
  category_name: string | null;
  brand_name: string | null;
}): Discount => ({
  id: r.row.id,
  name: r.row.name,
  title: r.row.name,
  type: r.row.type,
  value: toCents(r.row.value) / 100,
  applies_to: r.row.applies_to,
  product_id: r.row.product_id,
  category_id: r.row.category_id,
  brand_id: r.row.brand_id,
  target_name: { product: r.product_name, category: r.category_name, brand: r.brand_name }[r.row.applies_to],
  starts_at: r.row.starts_at?.toISOString() ?? null,
  ends_at: r.row.ends_at?.toISOString() ?? null,
  active: r.row.active ? 1 : 0,
  editor_owned: r.row.editor_owned,
  created_at: r.row.created_at.toISOString(),
  updated_at: r.row.updated_at.toISOString(),
});

/** A moment as SQL: an instant sent as a parameter, or an SQL timestamptz such as now(). */
const at = (moment: Date | SQL) =>
  moment instanceof Date ? sql`${moment.toISOString()}::timestamptz` : moment;
const own = (name: 'active' | 'starts_at' | 'ends_at') =>
  sql`${sql.identifier('discounts')}.${sql.identifier(name)}`;

/**
 * The discounts in a state at a moment (domain/discounts.ts DISCOUNT_STATES); live is the pricing
 * rule's own (discountLiveAt). Scheduled and ended are read from the active discounts' window
 * indexes, off from its own partial index (migration 0024).
 */
function inState(state: DiscountState, moment: Date | SQL): SQL {
  switch (state) {
    case 'live':
      return discountLiveAt('discounts', moment);
    case 'scheduled':
      return sql`(${own('active')} and ${own('starts_at')} > ${at(moment)})`;
    case 'ended':
      return sql`(${own('active')} and ${own('ends_at')} < ${at(moment)})`;
    case 'off':
      return not(discounts.active);
  }
}

/** Each discount's state at a moment, as SQL: live by the pricing rule, then off, then which end it is past. */
const stateAt = (
  moment: Date,
) => sql<DiscountState>`case when ${discountLiveAt('discounts', moment)} then 'live'
  when not ${own('active')} then 'off' when ${own('starts_at')} > ${at(moment)} then 'scheduled' else 'ended' end`;

/** Rows a discounts export or list takes (the search runs on titles). */
async function filterWhere(db: Db, filter: DiscountFilter, moment: Date | SQL): Promise<SQL | undefined> {
  return and(
    filter.q ? await containsAny(db, discounts, [discounts.name], filter.q) : undefined,
    filter.applies_to ? eq(discounts.applies_to, filter.applies_to) : undefined,
    filter.state ? inState(filter.state, moment) : undefined,
  );
}

type ExportRow = {
  id: number;
  sort_key: string;
  name: string;
  type: string;
  value: string;
  applies_to: string;
  target: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
  state: DiscountState;
};

const iso = (time: Date | string | null) => (time ? new Date(time).toISOString() : '');

/** A name when none is given: "15% off" or "5.00 off". */
const defaultName = (input: { type: 'percent' | 'amount'; value: number }) =>
  input.type === 'percent' ? `${input.value}% off` : `${centsToDecimal(toCents(input.value))} off`;

export function createDiscountsService(db: Db) {
  /** Discounts with their target's name; `extra` adds columns (the list's total). */
  const selectDiscounts = <T extends Record<string, SQL>>(extra = {} as T, from: Pick<Db, 'select'> = db) =>
    from
      .select({ ...discountColumns, ...extra })
      .from(discounts)
      .leftJoin(products, eq(products.id, discounts.product_id))
      .leftJoin(categories, eq(categories.id, discounts.category_id))
      .leftJoin(brands, eq(brands.id, discounts.brand_id));

  async function get(id: number) {
    const [row] = await selectDiscounts().where(eq(discounts.id, id));
    if (!row) throw notFound(DISCOUNT_TEXT.notFound);
    return toDiscount(row);
  }

  /** The target must exist: a clear 400 instead of a foreign-key failure. */
  async function checkTarget(input: DiscountInput) {
    const table = { product: products, category: categories, brand: brands }[input.applies_to];
    const id = input[`${input.applies_to}_id`]!;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row)
      throw badRequest(DISCOUNT_TEXT.targetNotFound(input.applies_to), {
        [`${input.applies_to}_id`]: DISCOUNT_TEXT.targetNotFound(input.applies_to),
      });
  }

  const values = (input: DiscountInput) => ({
    type: input.type,
    value: centsToDecimal(toCents(input.value!)),
    applies_to: input.applies_to,
    product_id: input.product_id,
    category_id: input.category_id,
    brand_id: input.brand_id,
  });

  /**
   * A page of discounts by a filter of plain index ranges (aim, state), read along the list's
   * order from the index. The matches' CTE of pageWithTotal then serves only the count: the page
   * found through it compared each discount in the list's order with up to a thousand ids.
   */
  const pageOf = (where: SQL | undefined, scope: PageScope) =>
    db
      .select({ id: discounts.id })
      .from(discounts)
      .where(where)
      .orderBy(...scope.order)
      .limit(scope.limit)
      .offset(scope.offset);

  return {
    get,

    /** Newest first, filtered; only the page's rows are joined to their targets' names. */
    async list(params: DiscountListParams) {
      // now(), not an instant from here: the filter's text then stays the same from one request to
      // the next, so the planner's estimate of its matches is remembered (counting.ts).
      const where = await filterWhere(db, params.filter, sql`now()`);
      const { rows, meta } = await pageWithTotal(
        db,
        {
          table: discounts,
          id: discounts.id,
          where,
          sortColumns: SORT_COLUMNS,
          params: { page: params.page, limit: params.limit, ...NEWEST_FIRST },
          // A title search is planned on every request; its page's ids are found alone first.
          idsFirst: params.filter.q !== '',
        },
        (scope) =>
          selectDiscounts({ total: scope.total }, scope.db)
            .where(inArray(discounts.id, params.filter.q ? scope.ids() : pageOf(where, scope)))
            .orderBy(...scope.order),
      );
      return { data: rows.map(toDiscount), meta };
    },

    /**
     * Every match of the list's filters as CSV records (DISCOUNT_CSV_COLUMNS), newest first, in
     * keyset batches; each state is judged at the moment the export started.
     */
    async *exportBatches(filter: DiscountFilter) {
      const moment = new Date();
      const where = await filterWhere(db, filter, moment);
      const order = {
        key: discounts.created_at,
        type: 'timestamptz',
        id: discounts.id,
        order: 'desc',
      } as const;
      const batches = keysetBatches<ExportRow>(order, async (batch) => {
        const filters = and(where, batch.after);
        const { rows } = await db.execute<ExportRow>(sql`select ${discounts.id} as id,
            ${batch.sortKey} as sort_key, ${discounts.name} as name, ${discounts.type} as type,
            ${discounts.value}::text as value, ${discounts.applies_to} as applies_to,
            case ${discounts.applies_to}
              when 'product' then (select p.name from ${products} p where p.id = ${discounts.product_id})
              when 'category' then (select c.name from ${categories} c where c.id = ${discounts.category_id})
              else (select b.name from ${brands} b where b.id = ${discounts.brand_id}) end as target,
            ${discounts.starts_at} as starts_at, ${discounts.ends_at} as ends_at,
            ${discounts.active} as active, ${stateAt(moment)} as state
          from ${discounts} ${filters ? sql`where ${filters}` : sql``}
          order by ${batch.orderBy} limit ${batch.limit}`);
        return rows;
      });
      for await (const rows of batches)
        yield rows.map((r) => [
          r.id,
          r.name,
          r.type,
          r.value,
          r.applies_to,
          r.target,
          iso(r.starts_at),
          iso(r.ends_at),
          r.active ? 1 : 0,
          r.state,
        ]);
    },

    async create(input: DiscountInput) {
      await checkTarget(input);
      const [row] = await db
        .insert(discounts)
        .values({
          ...values(input),
          name: input.name || defaultName({ type: input.type, value: input.value! }),
          starts_at: input.starts_at ?? null,
          ends_at: input.ends_at ?? null,
          active: input.active ?? true,
        })
        .returning({ id: discounts.id });
      return get(row.id);
    },

    /** A product's own discount is part of its price: changing it here needs product.price too. */
    async update(id: number, input: DiscountInput, rights: Rights) {
      await checkTarget(input);
      // Read back after commit: inside the transaction the embedded database's one connection is taken.
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(discounts).where(eq(discounts.id, id)).for('update');
        if (!current) throw notFound(DISCOUNT_TEXT.notFound);
        if (current.editor_owned) requireRights(rights, ['product.price']);
        const startsAt = input.starts_at === undefined ? current.starts_at : input.starts_at;
        const endsAt = input.ends_at === undefined ? current.ends_at : input.ends_at;
        if (startsAt && endsAt && endsAt < startsAt)
          throw badRequest(DISCOUNT_TEXT.endBeforeStart, { ends_at: DISCOUNT_TEXT.endBeforeStart });
        await tx
          .update(discounts)
          .set({
            ...values(input),
            name: input.title || input.name || current.name,
            starts_at: startsAt,
            ends_at: endsAt,
            active: input.active ?? current.active,
            updated_at: sql`now()`,
          })
          .where(eq(discounts.id, id));
      });
      return get(id);
    },

    /** Moves the discount to the trash; a product's own discount needs product.price too. */
    async remove(id: number, rights: Rights) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: discounts.id, editor_owned: discounts.editor_owned })
          .from(discounts)
          .where(eq(discounts.id, id))
          .for('update');
        if (!row) throw notFound(DISCOUNT_TEXT.notFound);
        if (row.editor_owned) requireRights(rights, ['product.price']);
        await moveToTrash(tx, 'discount', id);
      });
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
