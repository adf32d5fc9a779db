import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { centsToDecimal, fromCents, toCents } from '#domain/money';
import {
  PRICE_LIST_TEXT,
  PRICE_LISTS_PAGE_DEFAULT,
  type PriceList,
  type PriceListInput,
  type PriceListListQuery,
  type PriceListPatch,
  type PriceRowInput,
  type PricesListQuery,
  priceListProblem,
} from '#domain/price-lists';
import type { Db, Tx } from '../../db/client';
import { countMatches, type ListTotal } from '../../db/query/counting';
import { containsAny } from '../../db/query/search';
import { escapeLike } from '../../db/query/sql';
import {
  priceListCompanies,
  priceListCustomers,
  priceListPrices,
  priceLists,
  productVariants,
} from '../../db/schema';
import { badRequest, notFound } from '../../errors/app-error';
import { logEntry } from '../../history/entry';
import { intArray } from '../shared/trash-move';

type ListRow = typeof priceLists.$inferSelect & {
  companies: { id: number; name: string }[];
  customers: { id: number; name: string; email: string }[];
  price_count: number;
};

const toPriceList = (r: ListRow): PriceList => ({
  id: r.id,
  name: r.name,
  type: r.type,
  percent: r.percent === null ? null : fromCents(toCents(r.percent)),
  starts_at: r.starts_at ? new Date(r.starts_at).toISOString() : null,
  ends_at: r.ends_at ? new Date(r.ends_at).toISOString() : null,
  active: r.active,
  company_ids: r.companies.map((c) => c.id),
  customer_ids: r.customers.map((c) => c.id),
  companies: r.companies,
  customers: r.customers,
  price_count: r.price_count,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const page = (query: { page?: number; limit?: number }) => {
  const limit = query.limit ?? PRICE_LISTS_PAGE_DEFAULT;
  const number = query.page ?? 1;
  return { page: number, limit, offset: (number - 1) * limit };
};

/** The lists assigned to one company or one customer, as a filter (the assignment's own index). */
const assignedTo = (
  table: 'price_list_companies' | 'price_list_customers',
  column: 'company_id' | 'customer_id',
  id: number,
) =>
  sql`${priceLists.id} in (select price_list_id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id})`;

async function countMatching(db: Db, id: number, like: string): Promise<ListTotal> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from price_list_prices pp
    join product_variants v on v.id = pp.variant_id join products p on p.id = v.product_id
    where pp.price_list_id = ${id} and (v.sku ilike ${like} or p.name ilike ${like})`);
  return { total: rows[0].n, total_exact: true };
}

/** The lists of `where`, with their companies, customers and grid size, in the list's order. */
async function readLists(db: Pick<Db, 'execute'>, where: SQL | undefined, limit: number, offset: number) {
  const { rows } = await db.execute<ListRow>(sql`
    select price_lists.id, price_lists.name, price_lists.type, price_lists.percent::text as percent,
      price_lists.starts_at, price_lists.ends_at, price_lists.active,
      price_lists.created_at, price_lists.updated_at,
      coalesce((select json_agg(json_build_object('id', co.id, 'name', co.name) order by co.name, co.id)
        from price_list_companies a join companies co on co.id = a.company_id
        where a.price_list_id = price_lists.id), '[]'::json) as companies,
      coalesce((select json_agg(json_build_object('id', cu.id, 'name', cu.name, 'email', cu.email) order by cu.name, cu.id)
        from price_list_customers a join customers cu on cu.id = a.customer_id
        where a.price_list_id = price_lists.id), '[]'::json) as customers,
      (select count(*)::int from price_list_prices pp where pp.price_list_id = price_lists.id) as price_count
    from price_lists
    ${where ? sql`where ${where}` : sql``}
    order by price_lists.created_at desc, price_lists.id desc
    limit ${limit} offset ${offset}`);
  return rows.map(toPriceList);
}

/** Lists by id, as the API answers with each (the webhooks' data); ids no list has are left out. */
export const readPriceLists = (db: Pick<Db, 'execute'>, ids: number[]) =>
  readLists(db, inArray(priceLists.id, ids), ids.length, 0);

/** Assignments must name companies and customers that exist: a clear 400, not a foreign-key failure. */
async function checkAssigned(tx: Tx, companyIds: number[], customerIds: number[]) {
  const missing = async (table: 'companies' | 'customers', ids: number[]) => {
    if (!ids.length) return undefined;
    const { rows } = await tx.execute<{ id: number }>(
      sql`select x as id from unnest(${intArray(ids)}) as x
        where not exists (select 1 from ${sql.identifier(table)} t where t.id = x) limit 1`,
    );
    return rows[0]?.id;
  };
  const company = await missing('companies', companyIds);
  if (company !== undefined)
    throw badRequest(PRICE_LIST_TEXT.unknownCompany(company), {
      company_ids: PRICE_LIST_TEXT.unknownCompany(company),
    });
  const customer = await missing('customers', customerIds);
  if (customer !== undefined)
    throw badRequest(PRICE_LIST_TEXT.unknownCustomer(customer), {
      customer_ids: PRICE_LIST_TEXT.unknownCustomer(customer),
    });
}

/**
 * Replaces the assignments named: only what changed is deleted or inserted, so the list's log
 * entry names the companies and customers it gained or lost, and a save that changes none logs
 * nothing.
 */
async function assign(tx: Tx, id: number, companyIds?: number[], customerIds?: number[]) {
  await checkAssigned(tx, companyIds ?? [], customerIds ?? []);
  if (companyIds) {
    const keep = [...new Set(companyIds)];
    await tx
      .delete(priceListCompanies)
      .where(
        and(
          eq(priceListCompanies.price_list_id, id),
          keep.length ? notInArray(priceListCompanies.company_id, keep) : undefined,
        ),
      );
    if (keep.length)
      await tx
        .insert(priceListCompanies)
        .values(keep.map((company_id) => ({ price_list_id: id, company_id })))
        .onConflictDoNothing();
  }
  if (customerIds) {
    const keep = [...new Set(customerIds)];
    await tx
      .delete(priceListCustomers)
      .where(
        and(
          eq(priceListCustomers.price_list_id, id),
          keep.length ? notInArray(priceListCustomers.customer_id, keep) : undefined,
        ),
      );
    if (keep.length)
      await tx
        .insert(priceListCustomers)
        .values(keep.map((customer_id) => ({ price_list_id: id, customer_id })))
        .onConflictDoNothing();
  }
}

/** How many prices a list holds, counted along its primary key (the list id leads it). */
async function priceCount(tx: Tx, id: number) {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from price_list_prices where price_list_id = ${id}`,
  );
  return rows[0].n;
}

const percentText = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? null : centsToDecimal(toCents(percent));

/** The variant ids of rows named by SKU (a variant's own, or a product's default variant's). */
async function variantIds(tx: Tx, rows: PriceRowInput[]) {
  const skus = [...new Set(rows.flatMap((r) => (r.variant_id === undefined && r.sku ? [r.sku] : [])))];
  const ids = [...new Set(rows.flatMap((r) => (r.variant_id !== undefined ? [r.variant_id] : [])))];
  const bySku = new Map<string, number>();
  if (skus.length) {
    const found = await tx
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(inArray(productVariants.sku, skus));
    for (const f of found) if (f.sku) bySku.set(f.sku, f.id);
  }
  const known = new Set<number>();
  if (ids.length) {
    const found = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, ids));
    for (const f of found) known.add(f.id);
  }
  return rows.map((r, i) => {
    const id = r.variant_id ?? bySku.get(r.sku!);
    if (id === undefined || (r.variant_id !== undefined && !known.has(id))) {
      const what = r.variant_id !== undefined ? String(r.variant_id) : `with SKU ${r.sku}`;
      throw badRequest(PRICE_LIST_TEXT.unknownVariant(what), {
        [`prices.${i}.${r.variant_id !== undefined ? 'variant_id' : 'sku'}`]:
          PRICE_LIST_TEXT.unknownVariant(what),
      });
    }
    return { variant_id: id, min_quantity: r.min_quantity ?? 1, price: r.price };
  });
}

/**
 * Price lists (agreements, ADR 0031): the lists with whom they are assigned to, and a fixed list's
 * grid of prices by variant and quantity. Managing them is pricelist.manage, which the routes ask.
 */
export function createPriceListsService(db: Db) {
  async function get(id: number): Promise<PriceList> {
    const [found] = await readLists(db, eq(priceLists.id, id), 1, 0);
    if (!found) throw notFound(PRICE_LIST_TEXT.notFound);
    return found;
  }

  return {
    get,

    async list(query: PriceListListQuery) {
      const { page: number, limit, offset } = page(query);
      const where = and(
        query.q ? await containsAny(db, priceLists, [priceLists.name], query.q) : undefined,
        query.company_id ? assignedTo('price_list_companies', 'company_id', query.company_id) : undefined,
        query.customer_id ? assignedTo('price_list_customers', 'customer_id', query.customer_id) : undefined,
      );
      const [data, total] = await Promise.all([
        readLists(db, where, limit, offset),
        countMatches(db, priceLists, where),
      ]);
      return { data, meta: { ...total, page: number, limit } };
    },

    async create(input: PriceListInput) {
      const id = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(priceLists)
          .values({
            name: input.name,
            type: input.type,
            percent: percentText(input.percent),
            starts_at: input.starts_at ?? null,
            ends_at: input.ends_at ?? null,
            active: input.active ?? true,
          })
          .returning({ id: priceLists.id });
        await assign(tx, made.id, input.company_ids ?? [], input.customer_ids ?? []);
        return made.id;
      });
      return get(id);
    },

    /** Fields laid over the list as it stands, then the whole checked again; a fixed list turned percent keeps no grid. */
    async update(id: number, patch: PriceListPatch) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
        if (!current) throw notFound(PRICE_LIST_TEXT.notFound);
        const next = {
          type: patch.type ?? current.type,
          percent:
            patch.percent !== undefined
              ? patch.percent
              : patch.type === 'fixed'
                ? null
                : current.percent === null
                  ? null
                  : fromCents(toCents(current.percent)),
          starts_at: patch.starts_at !== undefined ? patch.starts_at : current.starts_at,
          ends_at: patch.ends_at !== undefined ? patch.ends_at : current.ends_at,
        };
        const problem = priceListProblem(next);
        if (problem) throw badRequest(problem.message, { [problem.path]: problem.message });
        await tx
          .update(priceLists)
          .set({
            name: patch.name ?? current.name,
            type: next.type,
            percent: percentText(next.percent),
            starts_at: next.starts_at,
            ends_at: next.ends_at,
            active: patch.active ?? current.active,
            updated_at: new Date(),
          })
          .where(eq(priceLists.id, id));
        if (next.type === 'percent') {
          const dropped = await tx.execute(sql`delete from price_list_prices where price_list_id = ${id}`);
          if (dropped.rowCount)
            await logEntry(tx, 'price_list', id, { prices: { before: dropped.rowCount, after: 0 } });
        }
        await assign(tx, id, patch.company_ids, patch.customer_ids);
      });
      return get(id);
    },

    /** A plain delete, with its prices and assignments; in a transaction, so it records price_list.deleted. */
    async remove(id: number) {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(priceLists)
          .where(eq(priceLists.id, id))
          .returning({ id: priceLists.id });
        if (!deleted.length) throw notFound(PRICE_LIST_TEXT.notFound);
      });
    },

    /**
     * Sets rows of a fixed list's grid: a variant and quantity it already prices takes the new
     * price. The one writer of a list's prices (the API's PUT and the CSV import alike), so the
     * one place their change is logged: a summary on the list (how many prices it holds, before
     * and after, and how many were set), never an entry per row.
     */
    async putPrices(id: number, rows: PriceRowInput[]) {
      return db.transaction(async (tx) => {
        const [list] = await tx
          .select({ type: priceLists.type })
          .from(priceLists)
          .where(eq(priceLists.id, id))
          .for('update');
        if (!list) throw notFound(PRICE_LIST_TEXT.notFound);
        if (list.type !== 'fixed') throw badRequest(PRICE_LIST_TEXT.notFixed);
        const resolved = await variantIds(tx, rows);
        const seen = new Set<string>();
        for (const [i, r] of resolved.entries()) {
          const key = `${r.variant_id}:${r.min_quantity}`;
          if (seen.has(key))
            throw badRequest(PRICE_LIST_TEXT.duplicateRow, { [`prices.${i}`]: PRICE_LIST_TEXT.duplicateRow });
          seen.add(key);
        }
        const written = await tx
          .insert(priceListPrices)
          .values(
            resolved.map((r) => ({
              price_list_id: id,
              variant_id: r.variant_id,
              min_quantity: r.min_quantity,
              price: centsToDecimal(toCents(r.price)),
            })),
          )
          .onConflictDoUpdate({
            target: [priceListPrices.price_list_id, priceListPrices.variant_id, priceListPrices.min_quantity],
            set: { price: sql`excluded.price` },
          })
          // A row the statement inserted has no xmax; one it updated has this transaction's.
          .returning({ added: sql<boolean>`(xmax = 0)` });
        await tx.update(priceLists).set({ updated_at: new Date() }).where(eq(priceLists.id, id));
        const after = await priceCount(tx, id);
        const added = written.filter((w) => w.added).length;
        await logEntry(tx, 'price_list', id, {
          prices: { before: after - added, after },
          prices_set: { before: null, after: resolved.length },
        });
        return { count: resolved.length };
      });
    },

    /** A list's grid by product name, then variant and quantity; `q` finds a SKU or a product name. */
    async prices(id: number, query: PricesListQuery) {
      await get(id);
      const { page: number, limit, offset } = page(query);
      const like = query.q ? `%${escapeLike(query.q)}%` : null;
      const match = like ? sql`and (v.sku ilike ${like} or p.name ilike ${like})` : sql``;
      const { rows } = await db.execute<{
        variant_id: number;
        sku: string | null;
        product_id: number;
        product_name: string;
        title: string;
        min_quantity: number;
        price: string;
        list_price: string;
        total: number;
      }>(sql`
        select pp.variant_id, v.sku, p.id as product_id, p.name as product_name,
          concat_ws(' / ', o1.value, o2.value, o3.value) as title,
          pp.min_quantity, pp.price::text as price, v.mrp::text as list_price
        from price_list_prices pp
        join product_variants v on v.id = pp.variant_id
        join products p on p.id = v.product_id
        left join product_option_values o1 on o1.id = v.option1_value_id
        left join product_option_values o2 on o2.id = v.option2_value_id
        left join product_option_values o3 on o3.id = v.option3_value_id
        where pp.price_list_id = ${id} ${match}
        order by pp.variant_id, pp.min_quantity
        limit ${limit} offset ${offset}`);
      const total: ListTotal = like
        ? await countMatching(db, id, like)
        : await countMatches(db, priceListPrices, eq(priceListPrices.price_list_id, id));
      return {
        data: rows.map((r) => ({
          variant_id: r.variant_id,
          sku: r.sku,
          product_id: r.product_id,
          product_name: r.product_name,
          title: r.title,
          min_quantity: r.min_quantity,
          price: fromCents(toCents(r.price)),
          list_price: fromCents(toCents(r.list_price)),
        })),
        meta: { ...total, page: number, limit },
      };
    },
  };
}

export type PriceListsService = ReturnType<typeof createPriceListsService>;
