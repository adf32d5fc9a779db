import { type SQL, sql } from 'drizzle-orm';
import {
  type CustomerPrice,
  customerPrice,
  type PriceListType,
  type PriceTier,
  type PricingPriceList,
} from '#domain/customer-pricing';
import { centsToDecimal, fromCents, toCents } from '#domain/money';
import { type AssignedPriceList, PRICE_LIST_TEXT } from '#domain/price-lists';
import { type Rights, requireRights } from '../../auth/rights';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors/app-error';
import { discountLiveAt, type PricingJson, productPricing, readPricing } from '../shared/pricing.sql';
import { intArray } from '../shared/trash-move';

type VariantPricingRow = {
  id: number;
  mrp: string;
  product_id: number;
  brand_id: number | null;
  pricing: PricingJson;
  tiers: [number, string][];
};

type PriceListRow = {
  id: number;
  name: string;
  type: PriceListType;
  percent: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
  /** A fixed list's rows for the asked variants: [variant_id, min_quantity, price]. */
  prices: [number, number, string][];
};

type Executor = Pick<Db, 'execute'>;

/** The variants asked about, each with its product's discounts and its own breaks. */
const variantsOf = (ids: number[], now: Date) => sql`
    select v.id, v.mrp::text as mrp, p.id as product_id, p.brand_id,
      ${productPricing('p', 'c', now)} as pricing,
      coalesce((select json_agg(json_build_array(t.min_quantity, t.mrp::text) order by t.min_quantity)
        from variant_price_tiers t where t.variant_id = v.id), '[]'::json) as tiers
    from product_variants v
    join products p on p.id = v.product_id
    left join categories c on c.id = p.category_id
    where v.id = any(${intArray(ids)})`;

/**
 * The lists live now that are assigned to the customer or to their company, each with its rows
 * for the variants asked about (assignment indexes, then the rows' primary key).
 */
const listsOf = (customerId: number, ids: number[], now: Date) => sql`
    select l.id, l.name, l.type, l.percent::text as percent, l.starts_at, l.ends_at, l.active,
      coalesce((select json_agg(json_build_array(pp.variant_id, pp.min_quantity, pp.price::text))
        from price_list_prices pp
        where pp.price_list_id = l.id and pp.variant_id = any(${intArray(ids)})), '[]'::json) as prices
    from price_lists l
    where ${discountLiveAt('l', now)}
      and l.id in (
        select a.price_list_id from price_list_customers a where a.customer_id = ${customerId}
        union
        select b.price_list_id from price_list_companies b
        join customers cu on cu.company_id = b.company_id
        where cu.id = ${customerId})`;

/**
 * The variants and the customer's lists in one statement, and whether the customer exists: each
 * statement is a round trip whose cost on both sides outweighs these index reads.
 */
async function pricingInputs(db: Executor, ids: number[], customerId: number | null, now: Date) {
  const rowsOf = (query: SQL) => sql`(select coalesce(json_agg(r), '[]'::json) from (${query}) r)`;
  const { rows } = await db.execute<{
    variants: VariantPricingRow[];
    lists: PriceListRow[];
    customer_exists: boolean;
  }>(sql`
    select ${ids.length ? rowsOf(variantsOf(ids, now)) : sql`'[]'::json`} as variants,
      ${customerId === null ? sql`'[]'::json` : rowsOf(listsOf(customerId, ids, now))} as lists,
      ${customerId === null ? sql`true` : sql`exists (select 1 from customers where id = ${customerId})`} as customer_exists`);
  return rows[0];
}

/** A product's variants a buyer may price by the product alone: its active ones, at most this many. */
const VARIANTS_PER_PRODUCT = 100;

/** The asked products' active variants, each product's in the editor's order. */
async function activeVariantsOf(db: Executor, productIds: number[]) {
  const { rows } = await db.execute<{ id: number; product_id: number }>(sql`
    select v.id, v.product_id
    from unnest(${intArray(productIds)}) as asked(product_id)
    cross join lateral (
      select id, product_id from product_variants
      where product_id = asked.product_id and status = 'active'
      order by position, id limit ${VARIANTS_PER_PRODUCT}) v`);
  return rows;
}

/** A variant at a quantity, as a quote line or a shop card asks for its price. */
export type PriceItem = { variant_id: number; quantity: number };
export const itemKey = (item: PriceItem) => `${item.variant_id}:${item.quantity}`;

/**
 * Each item whose variant exists, priced for the customer (or for anyone, without one), keyed by
 * itemKey, and whether that customer exists: one statement, so inside a transaction it reads on
 * the transaction's connection as well.
 */
async function pricedFor(
  db: Executor,
  items: readonly PriceItem[],
  customerId: number | null,
  now: Date,
): Promise<{ prices: Map<string, CustomerPrice>; customerExists: boolean }> {
  const prices = new Map<string, CustomerPrice>();
  const ids = [...new Set(items.map((i) => i.variant_id))];
  const inputs = await pricingInputs(db, ids, customerId, now);
  const variants = new Map(inputs.variants.map((v) => [v.id, v]));
  for (const item of items) {
    const v = variants.get(item.variant_id);
    if (!v) continue;
    const { category_ids, candidates } = readPricing(v.pricing);
    const tiers: PriceTier[] = v.tiers.map(([min_quantity, mrp]) => ({ min_quantity, mrp }));
    const own: PricingPriceList[] = inputs.lists.map((l) => ({
      ...l,
      prices: l.prices
        .filter(([variantId]) => variantId === v.id)
        .map(([, min_quantity, price]) => ({ min_quantity, price })),
    }));
    prices.set(
      itemKey(item),
      customerPrice(
        { mrp: v.mrp, tiers },
        { id: v.product_id, brand_id: v.brand_id, category_ids },
        candidates,
        own,
        item.quantity,
        now,
      ),
    );
  }
  return { prices, customerExists: inputs.customer_exists };
}

/** Each item whose variant exists, priced for the customer (or for anyone, without one). */
export async function priceItems(
  db: Executor,
  items: readonly PriceItem[],
  customerId: number | null,
  now = new Date(),
): Promise<Map<string, CustomerPrice>> {
  if (items.length === 0) return new Map();
  return (await pricedFor(db, items, customerId, now)).prices;
}

/**
 * "What does this customer pay": the inputs of domain/customer-pricing's rule for a few variants,
 * read in one statement whatever their number (the variants with their discounts and breaks, and
 * the customer's live lists with their rows for those variants), and the rule applied here.
 */
export function createCustomerPricing(db: Db) {
  const priceVariants = async (ids: number[], quantity: number, customerId: number | null) => {
    const found = await priceItems(
      db,
      ids.map((variant_id) => ({ variant_id, quantity })),
      customerId,
    );
    return new Map(
      ids.flatMap((id) => {
        const p = found.get(itemKey({ variant_id: id, quantity }));
        return p ? [[id, p] as const] : [];
      }),
    );
  };

  /** A variant's quantity breaks, lowest first. */
  async function tiersOf(variantId: number) {
    const { rows } = await db.execute<{ min_quantity: number; mrp: string }>(
      sql`select min_quantity, mrp::text as mrp from variant_price_tiers where variant_id = ${variantId} order by min_quantity`,
    );
    return { tiers: rows.map((r) => ({ min_quantity: r.min_quantity, mrp: fromCents(toCents(r.mrp)) })) };
  }

  return {
    priceVariants,

    /** `GET /api/pricing`: one variant; a customer's prices are theirs to read with customer.read. */
    async price(
      query: { variant_id: number; quantity?: number; customer_id?: number },
      rights: Rights,
    ): Promise<CustomerPrice> {
      const customerId = query.customer_id ?? null;
      if (customerId !== null) requireRights(rights, ['customer.read']);
      const item = { variant_id: query.variant_id, quantity: query.quantity ?? 1 };
      const { prices, customerExists } = await pricedFor(db, [item], customerId, new Date());
      if (!customerExists) throw notFound(PRICE_LIST_TEXT.customerNotFound);
      const found = prices.get(itemKey(item));
      if (!found) throw notFound(PRICE_LIST_TEXT.variantNotFound);
      return found;
    },

    /**
     * `POST /api/pricing`: each line at its quantity, in the lines' order; a line naming no variant
     * is refused by its position, so the answer never leaves a line out unseen.
     */
    async priceLines(body: { customer_id?: number; lines: PriceItem[] }, rights: Rights) {
      const customerId = body.customer_id ?? null;
      if (customerId !== null) requireRights(rights, ['customer.read']);
      const { prices: found, customerExists } = await pricedFor(db, body.lines, customerId, new Date());
      if (!customerExists) throw notFound(PRICE_LIST_TEXT.customerNotFound);
      return {
        data: body.lines.map((line, i) => {
          const price = found.get(itemKey(line));
          if (!price)
            throw badRequest(PRICE_LIST_TEXT.unknownLineVariant(i), {
              [`lines.${i}.variant_id`]: PRICE_LIST_TEXT.variantNotFound,
            });
          return { variant_id: line.variant_id, quantity: line.quantity, ...price };
        }),
      };
    },

    /**
     * The buyer's own prices for the asked variants, and for the asked products each by its active
     * variant that costs them least (the first in the editor's order among equals); ids that name
     * no variant, or no product with an active one, are left out.
     */
    async forBuyer(customerId: number, ids: number[], quantity: number, productIds: number[] = []) {
      const ofProducts = productIds.length ? await activeVariantsOf(db, productIds) : [];
      const prices = await priceVariants(
        [...new Set([...ids, ...ofProducts.map((v) => v.id)])],
        quantity,
        customerId,
      );
      const cheapest = new Map<number, number>();
      for (const v of ofProducts) {
        const price = prices.get(v.id);
        const best = cheapest.get(v.product_id);
        if (price && (best === undefined || price.unit_price < (prices.get(best)?.unit_price ?? Infinity)))
          cheapest.set(v.product_id, v.id);
      }
      return {
        data: [
          ...ids.flatMap((id) => (prices.has(id) ? [{ variant_id: id, ...prices.get(id)! }] : [])),
          ...productIds.flatMap((productId) => {
            const id = cheapest.get(productId);
            return id === undefined ? [] : [{ variant_id: id, product_id: productId, ...prices.get(id)! }];
          }),
        ],
      };
    },

    tiers: tiersOf,

    /**
     * Replaces a variant's breaks with these (already checked: increasing, from 2), in one
     * transaction. The same breaks again write nothing, so the product's history gains no entry.
     */
    async setTiers(variantId: number, tiers: { min_quantity: number; mrp: number }[], rights: Rights) {
      requireRights(rights, ['product.price']);
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute(
          sql`select id from product_variants where id = ${variantId} for update`,
        );
        if (!rows[0]) throw notFound(PRICE_LIST_TEXT.variantNotFound);
        const key = (list: { min_quantity: number; mrp: number | string }[]) =>
          list.map((t) => `${t.min_quantity}:${toCents(t.mrp)}`).join();
        const current = await tx.execute<{ min_quantity: number; mrp: string }>(
          sql`select min_quantity, mrp::text as mrp from variant_price_tiers where variant_id = ${variantId} order by min_quantity`,
        );
        if (key(current.rows) === key(tiers)) return;
        await tx.execute(sql`delete from variant_price_tiers where variant_id = ${variantId}`);
        if (tiers.length)
          await tx.execute(sql`insert into variant_price_tiers (variant_id, min_quantity, mrp)
            select ${variantId}, q, m::numeric
            from unnest(${intArray(tiers.map((t) => t.min_quantity))}, ${`{${tiers.map((t) => centsToDecimal(toCents(t.mrp))).join(',')}}`}::text[]) as x(q, m)`);
      });
      return tiersOf(variantId);
    },
  };
}

export type CustomerPricing = ReturnType<typeof createCustomerPricing>;

/**
 * The price lists that hold for a customer (their own, then their company's) or are assigned to a
 * company, by name, as their pages list them.
 */
export async function assignedPriceLists(
  db: Executor,
  whose: { customerId: number } | { companyId: number },
): Promise<AssignedPriceList[]> {
  const via =
    'customerId' in whose
      ? sql`select a.price_list_id as id, 'customer' as via, 0 as rank from price_list_customers a
          where a.customer_id = ${whose.customerId}
          union all
          select b.price_list_id, 'company', 1 from price_list_companies b
          join customers cu on cu.company_id = b.company_id where cu.id = ${whose.customerId}`
      : sql`select b.price_list_id as id, 'company' as via, 1 as rank from price_list_companies b
          where b.company_id = ${whose.companyId}`;
  const { rows } = await db.execute<{
    id: number;
    name: string;
    type: PriceListType;
    percent: string | null;
    active: boolean;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
    via: 'customer' | 'company';
  }>(sql`
    select distinct on (l.id) l.id, l.name, l.type, l.percent::text as percent, l.active, l.starts_at,
      l.ends_at, a.via, a.rank
    from (${via}) a join price_lists l on l.id = a.id
    order by l.id, a.rank`);
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      percent: r.percent === null ? null : fromCents(toCents(r.percent)),
      active: r.active,
      starts_at: iso(r.starts_at),
      ends_at: iso(r.ends_at),
      via: r.via,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
