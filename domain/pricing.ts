import { type Cents, formatMoney, fromCents, mulDivHalfUp, toCents } from './money';

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_SCOPES = ['product', 'category', 'brand'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/** The largest percent discount: more would take off more than the price. */
export const PERCENT_MAX = 100;

/** What pricing needs to know of a discount; value is percent (0–100) or an amount. */
export type PricingDiscount = {
  id: number;
  type: DiscountType;
  value: string | number;
  applies_to: DiscountScope;
  product_id: number | null;
  category_id: number | null;
  brand_id: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
};

/** The product as pricing sees it: its own ids and its category's ancestors. */
export type PricingProduct = {
  id: number;
  mrp: string | number;
  brand_id: number | null;
  /** The product's category and every ancestor of it. */
  category_ids: number[];
};

type BestDiscount = { id: number; type: DiscountType; value: number; save_amount: number };
export type Price = { mrp: number; final: number; best: BestDiscount | null };

/** What a discount saves on an amount, in cents, never more than the amount (half-up). */
export function saveAmount(mrp: Cents, type: DiscountType, value: string | number): Cents {
  const v = toCents(value);
  if (v <= 0 || mrp <= 0) return 0;
  // value is in hundredths: 15% is 1500, so mrp × 1500 / 10000.
  const save = type === 'percent' ? mulDivHalfUp(mrp, Math.min(v, 10_000), 10_000) : v;
  return Math.min(save, mrp);
}

const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** A discount's window in milliseconds; either end may be open (null). */
type Window = { start: number | null; end: number | null };

const windowOf = (discount: Pick<PricingDiscount, 'starts_at' | 'ends_at'>): Window => ({
  start: time(discount.starts_at),
  end: time(discount.ends_at),
});

/** Whether the instant t (ms) is inside the window: both its start and its end are. */
const inWindow = ({ start, end }: Window, t: number) =>
  (start === null || start <= t) && (end === null || t <= end);

/**
 * The instants at which inWindow changes: the start, the first instant inside, and the
 * millisecond after the end, the first instant past it. Null for an open end.
 */
export function windowEdges(discount: Pick<PricingDiscount, 'starts_at' | 'ends_at'>): (number | null)[] {
  const { start, end } = windowOf(discount);
  return [start, end === null ? null : end + 1];
}

/**
 * Active, and now inside its window (either end may be open): a discount's rule, which a price
 * list keeps too. The server's SQL copy of the rule (discountLiveAt) is held to this one by a
 * property test.
 */
export function isLive(
  discount: Pick<PricingDiscount, 'active' | 'starts_at' | 'ends_at'>,
  now: Date,
): boolean {
  return discount.active && inWindow(windowOf(discount), now.getTime());
}

export function appliesTo(discount: PricingDiscount, product: PricingProduct): boolean {
  switch (discount.applies_to) {
    case 'product':
      return discount.product_id === product.id;
    case 'category':
      return discount.category_id !== null && product.category_ids.includes(discount.category_id);
    case 'brand':
      return discount.brand_id !== null && discount.brand_id === product.brand_id;
  }
}

/**
 * The one pricing rule (ADR 0005): among live discounts for the product, its
 * category or any ancestor, or its brand, the largest saving wins (ties: the lowest id, so the
 * answer is stable); final = MRP − saving, never below 0.
 */
export function priceProduct(product: PricingProduct, discounts: PricingDiscount[], now = new Date()): Price {
  const mrp = toCents(product.mrp);
  let best: { discount: PricingDiscount; save: Cents } | null = null;
  for (const d of discounts) {
    // Aim first: it compares ids, while the window parses two dates, and a list page's candidates
    // are mostly aimed at its other products (parsing their dates showed in a products-list request's CPU).
    if (!appliesTo(d, product) || !isLive(d, now)) continue;
    const save = saveAmount(mrp, d.type, d.value);
    if (save <= 0) continue;
    if (!best || save > best.save || (save === best.save && d.id < best.discount.id))
      best = { discount: d, save };
  }
  return {
    mrp: fromCents(mrp),
    final: fromCents(Math.max(0, mrp - (best?.save ?? 0))),
    best: best
      ? {
          id: best.discount.id,
          type: best.discount.type,
          value: fromCents(toCents(best.discount.value)),
          save_amount: fromCents(best.save),
        }
      : null,
  };
}

/** The editor's preview: one MRP and one optional discount of its own. */
export function previewPrice(
  mrp: string | number,
  type: DiscountType,
  value: string | number,
): { save: number; final: number } {
  const m = toCents(mrp || 0);
  const save = saveAmount(m, type, value || 0);
  return { save: fromCents(save), final: fromCents(Math.max(0, m - save)) };
}

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The best-discount badge of the products list: '15% OFF' or '$5.00 OFF' in the store's
 * currency. The staff screens and the shop print it alike.
 */
export function discountLabel(discount: { type: DiscountType; value: number }, currency: string): string {
  return discount.type === 'percent'
    ? `${percentFormat.format(discount.value)}% OFF`
    : `${formatMoney(discount.value, currency)} OFF`;
}

/**
 * The basket's estimate from the prices the visitor was shown: each line's price × quantity and
 * their sum, in exact cents (a bigint: a hundred lines of large amounts outgrow a number's exact
 * integers). A line with no readable price is left out (null) rather than counted as zero.
 */
export function basketEstimate(lines: readonly { price: unknown; quantity: number }[]): {
  lines: (bigint | null)[];
  total: bigint;
  priced: number;
} {
  const each = lines.map(({ price, quantity }) => {
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
    try {
      return BigInt(toCents(price)) * BigInt(quantity);
    } catch {
      return null;
    }
  });
  const priced = each.filter((c): c is bigint => c !== null);
  return { lines: each, total: priced.reduce((a, b) => a + b, 0n), priced: priced.length };
}
