import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { centsToDecimal, fromCents, toCents } from '#domain/money';
import {
  PRICE_LIST_TEXT,
  PRICE_LISTS_PAGE_DEFAULT,
  PRICE_ROWS_LISTED,
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
import { keysetBatches } from '../../db/query/stream';
import { priceListCompanies, priceListCustomers, priceListPrices, priceLists } from '../../db/schema';
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

/** Rows per statement when a grid is read or written in bulk: a few round trips, bounded parameters. */
const PRICE_ROWS_CHUNK = 5000;

const chunks = <T>(items: T[], size = PRICE_ROWS_CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A row of a list's grid by its key: the variant and the quantity it holds from. */
type PriceKey = { variant_id: number; min_quantity: number };

/** Names a refused row in an error's details: `prices.3.sku` for PUT, `row 5` for a file. */
export type RowLabel = (index: number, field?: 'sku' | 'variant_id') => string;
const bodyLabel: RowLabel = (i, field) => (field ? `prices.${i}.${field}` : `prices.${i}`);

/**
 * Every refused row in one 400 (the first PRICE_ROWS_LISTED of them named), so nothing is written.
 * A file's refusal always counts its rows (`counted`); one bad row of a body says just what it is.
 */
export function refuseRows(problems: { key: string; message: string }[], total: number, counted = false) {
  const details = Object.fromEntries(problems.slice(0, PRICE_ROWS_LISTED).map((p) => [p.key, p.message]));
  return badRequest(
    total === 1 && !counted ? problems[0].message : PRICE_LIST_TEXT.rowsRefused(total),
    details,
  );
}

/**
 * The rows with their variant ids (a SKU is a variant's own, or a product's default variant's),
 * refused all at once when any names no variant or repeats a variant and quantity.
 */
async function resolveRows(tx: Tx, rows: PriceRowInput[], label: RowLabel) {
  const skus = [...new Set(rows.flatMap((r) => (r.variant_id === undefined && r.sku ? [r.sku] : [])))];
  const ids = [...new Set(rows.flatMap((r) => (r.variant_id !== undefined ? [r.variant_id] : [])))];
  const bySku = new Map<string, number>();
  for (const part of chunks(skus)) {
    const { rows: found } = await tx.execute<{ id: number; sku: string }>(
      sql`select id, sku from product_variants
        where sku in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`,
    );
    for (const f of found) bySku.set(f.sku, f.id);
  }
  const known = new Set<number>();
  for (const part of chunks(ids)) {
    const { rows: found } = await tx.execute<{ id: number }>(
      sql`select id from product_variants where id = any(${intArray(part)})`,
    );
    for (const f of found) known.add(f.id);
  }
  const problems: { key: string; message: string }[] = [];
  let refused = 0;
  const refuse = (key: string, message: string) => {
    refused++;
    if (problems.length < PRICE_ROWS_LISTED) problems.push({ key, message });
  };
  const seen = new Set<string>();
  const resolved: { variant_id: number; min_quantity: number; price: number }[] = [];
  for (const [i, r] of rows.entries()) {
    const id = r.variant_id ?? bySku.get(r.sku!);
    if (id === undefined || (r.variant_id !== undefined && !known.has(id))) {
      const what = r.variant_id !== undefined ? String(r.variant_id) : `with SKU ${r.sku}`;
      refuse(
        label(i, r.variant_id !== undefined ? 'variant_id' : 'sku'),
        PRICE_LIST_TEXT.unknownVariant(what),
      );
      continue;
    }
    const min_quantity = r.min_quantity ?? 1;
    const key = `${id}:${min_quantity}`;
    if (seen.has(key)) {
      refuse(label(i), PRICE_LIST_TEXT.duplicateRow);
      continue;
    }
    seen.add(key);
    resolved.push({ variant_id: id, min_quantity, price: r.price });
  }
  if (refused) throw refuseRows(problems, refused, label !== bodyLabel);
  return resolved;
}

/** A list's grid in its order (variant, then quantity), the export's records; `like` keeps SKU or product name matches. */
const gridRows = (
  id: number,
  like: string | null,
  after: SQL | undefined,
  limit: number | SQL,
  offset = 0,
) => sql`
  select price_list_prices.variant_id, v.sku, p.id as product_id, p.name as product_name,
    concat_ws(' / ', o1.value, o2.value, o3.value) as title,
    price_list_prices.min_quantity, price_list_prices.price::text as price, v.mrp::text as list_price
  from price_list_prices
  join product_variants v on v.id = price_list_prices.variant_id
  join products p on p.id = v.product_id
  left join product_option_values o1 on o1.id = v.option1_value_id
  left join product_option_values o2 on o2.id = v.option2_value_id
  left join product_option_values o3 on o3.id = v.option3_value_id
  where price_list_prices.price_list_id = ${id}
    ${like ? sql`and (v.sku ilike ${like} or p.name ilike ${like})` : sql``}
    ${after ? sql`and ${after}` : sql``}
  order by price_list_prices.variant_id, price_list_prices.min_quantity
  limit ${limit} offset ${offset}`;

type GridRow = {
  variant_id: number;
  sku: string | null;
  product_id: number;
  product_name: string;
  title: string;
  min_quantity: number;
  price: string;
  list_price: string;
};

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
     * price; with `replace` the rows not given go, and `remove` takes out the rows it names. All
     * rows or none: every bad row is refused in one 400, named by `label`. The one write of a
     * list's prices (PUT …/prices, the CSV import and the grid's Remove), so the one place their
     * change is logged: a summary on the list (how many prices it holds, before and after, and how
     * many were set), never an entry per row.
     */
    async putPrices(
      id: number,
      rows: PriceRowInput[],
      options: { replace?: boolean; label?: RowLabel; remove?: PriceKey[] } = {},
    ) {
      return db.transaction(async (tx) => {
        const [list] = await tx
          .select({ type: priceLists.type })
          .from(priceLists)
          .where(eq(priceLists.id, id))
          .for('update');
        if (!list) throw notFound(PRICE_LIST_TEXT.notFound);
        if (list.type !== 'fixed') throw badRequest(PRICE_LIST_TEXT.notFixed);
        const resolved = await resolveRows(tx, rows, options.label ?? bodyLabel);
        const before = await priceCount(tx, id);
        if (options.replace) await tx.delete(priceListPrices).where(eq(priceListPrices.price_list_id, id));
        let removed = 0;
        if (options.remove?.length) {
          const { rows: gone } = await tx.execute<{ n: number }>(sql`
            with gone as (delete from price_list_prices pp
              using jsonb_to_recordset(${JSON.stringify(options.remove)}::jsonb) as k(variant_id int, min_quantity int)
              where pp.price_list_id = ${id} and pp.variant_id = k.variant_id and pp.min_quantity = k.min_quantity
              returning 1)
            select count(*)::int as n from gone`);
          removed = gone[0].n;
        }
        for (const part of chunks(resolved)) {
          const json = JSON.stringify(
            part.map((r) => ({ v: r.variant_id, q: r.min_quantity, p: centsToDecimal(toCents(r.price)) })),
          );
          await tx.execute(sql`
            insert into price_list_prices (price_list_id, variant_id, min_quantity, price)
            select ${id}, r.v, r.q, r.p from jsonb_to_recordset(${json}::jsonb) as r(v int, q int, p numeric)
            on conflict (price_list_id, variant_id, min_quantity) do update set price = excluded.price`);
        }
        await tx.update(priceLists).set({ updated_at: new Date() }).where(eq(priceLists.id, id));
        await logEntry(tx, 'price_list', id, {
          prices: { before, after: await priceCount(tx, id) },
          prices_set: { before: null, after: resolved.length },
        });
        return { count: resolved.length, removed };
      });
    },

    /** A list's grid by variant and quantity; `q` finds a SKU or a product name. */
    async prices(id: number, query: PricesListQuery) {
      await get(id);
      const { page: number, limit, offset } = page(query);
      const like = query.q ? `%${escapeLike(query.q)}%` : null;
      const { rows } = await db.execute<GridRow>(gridRows(id, like, undefined, limit, offset));
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

    /**
     * The grid's matches as CSV records (PRICE_LIST_CSV_COLUMNS) in its order, in keyset batches
     * along the primary key (variant, then quantity), so a deep batch costs what the first does.
     * The list is looked up first, so a missing one is a 404 rather than an empty file.
     */
    async exportPrices(id: number, query: { q?: string }) {
      await get(id);
      const like = query.q ? `%${escapeLike(query.q)}%` : null;
      const order = {
        key: priceListPrices.variant_id,
        type: 'integer',
        id: priceListPrices.min_quantity,
        order: 'asc',
      } as const;
      return (async function* () {
        const batches = keysetBatches<GridRow & { id: number; sort_key: string }>(order, async (batch) => {
          const { rows } = await db.execute<GridRow & { id: number; sort_key: string }>(sql`
            select g.*, g.min_quantity as id, g.variant_id::text as sort_key
            from (${gridRows(id, like, batch.after, batch.limit)}) g`);
          return rows;
        });
        for await (const rows of batches)
          yield rows.map((r) => [r.sku, r.variant_id, r.product_name, r.title, r.min_quantity, r.price]);
      })();
    },
  };
}

export type PriceListsService = ReturnType<typeof createPriceListsService>;
