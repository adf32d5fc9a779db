import { type Cents, fromCents, mulDivHalfUp, toCents } from './money';
import { isLive, type PricingDiscount, type PricingProduct, priceProduct } from './pricing';

/** Quantity breaks on a variant's list price: from `min_quantity` on, each costs `mrp`. */
export type PriceTier = { min_quantity: number; mrp: string | number };

/** A variant has at most this many breaks; a buyer reads them as a short table. */
export const TIERS_MAX = 20;
/** The largest quantity a break or an agreed price may start at (a request line's own limit). */
export const TIER_QUANTITY_MAX = 1_000_000;

/** The most ids one `/api/account/prices` asks for: a shop page's cards, a basket. */
export const ACCOUNT_PRICES_MAX = 100;

export const PRICE_LIST_TYPES = ['fixed', 'percent'] as const;
export type PriceListType = (typeof PRICE_LIST_TYPES)[number];
export const PRICE_LIST_NAME_MAX = 120;
/** Rows in one `PUT …/prices`; a larger list goes in as a CSV import. */
export const PRICE_LIST_ROWS_PER_PUT = 1_000;

/** An agreement as pricing sees it: already known to be assigned to the customer or their company. */
export type PricingPriceList = {
  id: number;
  name: string;
  type: PriceListType;
  /** A percent list's percent off (0–100); null on a fixed list. */
  percent: string | number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
  /** A fixed list's rows for the variant being priced, any order. */
  prices: { min_quantity: number; price: string | number }[];
};

export const PRICE_SOURCE_TYPES = ['list', 'tier', 'discount', 'price_list'] as const;
type PriceSourceType = (typeof PRICE_SOURCE_TYPES)[number];
export type PriceSource = { type: PriceSourceType; id?: number; name?: string; min_quantity?: number };

export type CustomerPrice = {
  /** What one costs at this quantity, for this customer. */
  unit_price: number;
  /** The variant's own list price, before breaks, discounts or agreements. */
  list_price: number;
  source: PriceSource;
};

/** The break that holds at `quantity`: the one with the largest `min_quantity` not above it. */
export function tierFor<T extends { min_quantity: number }>(tiers: readonly T[], quantity: number): T | null {
  let best: T | null = null;
  for (const t of tiers)
    if (t.min_quantity <= quantity && (!best || t.min_quantity > best.min_quantity)) best = t;
  return best;
}

/**
 * Tiers as a variant may hold them: each `min_quantity` a whole number from 2, strictly
 * increasing, each price a non-negative amount. The first problem found, as a field path and a
 * message, or null.
 */
export function tierProblem(tiers: readonly PriceTier[]): { path: string; message: string } | null {
  if (tiers.length > TIERS_MAX) return { path: 'tiers', message: `At most ${TIERS_MAX} quantity breaks.` };
  let previous = 1;
  for (const [i, t] of tiers.entries()) {
    if (!Number.isInteger(t.min_quantity) || t.min_quantity < 2 || t.min_quantity > TIER_QUANTITY_MAX)
      return {
        path: `tiers.${i}.min_quantity`,
        message: `A break starts at a whole quantity from 2 to ${TIER_QUANTITY_MAX.toLocaleString('en-US')}.`,
      };
    if (t.min_quantity <= previous)
      return { path: `tiers.${i}.min_quantity`, message: 'Each break starts above the one before it.' };
    previous = t.min_quantity;
  }
  return null;
}

/** A price list's price at this quantity, in cents, or null where it has none (or is not live). */
function priceListPrice(list: PricingPriceList, base: Cents, quantity: number, now: Date): Cents | null {
  // A list keeps the discounts' window rule: active, and now inside [starts_at, ends_at].
  if (!isLive(list, now)) return null;
  if (list.type === 'percent') {
    const percent = toCents(list.percent ?? 0);
    return base - mulDivHalfUp(base, Math.min(Math.max(percent, 0), 10_000), 10_000);
  }
  const row = tierFor(list.prices, quantity);
  return row ? toCents(row.price) : null;
}

/**
 * What this customer pays for one of a variant at this quantity (ADR 0031). One candidate is the
 * list price, or the break's price at this quantity, less the best live discount (the one pricing
 * rule); each live price list assigned to the customer or their company is another: a fixed
 * list's price for the largest `min_quantity` it holds up to the quantity, a percent list's
 * percent off the list or break price. The lowest wins; a tie goes to the price list, and between
 * lists to the lowest id, so the answer is stable.
 */
export function customerPrice(
  variant: { mrp: string | number; tiers: readonly PriceTier[] },
  product: Omit<PricingProduct, 'mrp'>,
  discounts: readonly PricingDiscount[],
  priceLists: readonly PricingPriceList[],
  quantity: number,
  now = new Date(),
): CustomerPrice {
  const listPrice = toCents(variant.mrp);
  const tier = tierFor(variant.tiers, quantity);
  const base = tier ? toCents(tier.mrp) : listPrice;
  const discounted = priceProduct({ ...product, mrp: fromCents(base) }, discounts as PricingDiscount[], now);
  let unit = toCents(discounted.final);
  let source: PriceSource = discounted.best
    ? { type: 'discount', id: discounted.best.id }
    : tier
      ? { type: 'tier', min_quantity: tier.min_quantity }
      : { type: 'list' };
  const byId = [...priceLists].sort((a, b) => a.id - b.id);
  for (const list of byId) {
    const price = priceListPrice(list, base, quantity, now);
    if (price === null || price > unit) continue;
    if (price === unit && source.type === 'price_list') continue;
    unit = price;
    source = { type: 'price_list', id: list.id, name: list.name };
  }
  return { unit_price: fromCents(unit), list_price: fromCents(listPrice), source };
}

/** Where a price came from, as the quote builder and the shop say it: "Agreement: Acme 2027", "10+ tier". */
export function priceSourceLabel(source: PriceSource): string {
  switch (source.type) {
    case 'price_list':
      return `Agreement: ${source.name ?? `#${source.id}`}`;
    case 'tier':
      return `${source.min_quantity}+ tier`;
    case 'discount':
      return 'Discount';
    case 'list':
      return 'List price';
  }
}
