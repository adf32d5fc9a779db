import type { PriceSource } from '#domain/customer-pricing';
import { centsToDecimal, toCents } from '#domain/money';
import { type ApprovalReason, approvalReasons, type QuoteApprovalRules } from '#domain/quote-approval';
import type { Quote, QuoteBody, QuoteTotals } from '#domain/quotes';
import { quoteTotals } from '#domain/quotes';

/**
 * The builder's form: every number is kept as the text typed, so a half-typed "12." is not lost,
 * and is read as an amount only for the totals and the PUT.
 */
export type DraftLine = {
  /** A key for React that survives reordering; never sent. */
  key: string;
  product_id: number | null;
  /** The product's variant; null for a typed line, or a product line not yet given one. */
  variant_id: number | null;
  /** The variant's options as the line carries them; never sent (the server copies the variant's). */
  options: Record<string, string>;
  name: string;
  sku: string;
  quantity: string;
  unit_price: string;
  discount_percent: string;
  /** The customer's price when the line was priced (shown beside a changed one); never sent. */
  catalogue_price: number | null;
  /** Where that price came from (an agreement, a quantity break…); never sent. */
  price_source: PriceSource | null;
};

export type Draft = {
  lines: DraftLine[];
  shipping: string;
  shipping_label: string;
  tax_rate: string;
  valid_until: string;
  note: string;
  terms: string;
};

let nextKey = 0;
export const lineKey = () => `line-${++nextKey}`;

/** An amount as its input shows it, with its cents: 89.9 → "89.90" (exact, through integer cents). */
export const amountText = (n: number) => centsToDecimal(toCents(n));

export function draftFromQuote(quote: Quote): Draft {
  return {
    lines: quote.lines.map((l) => ({
      key: lineKey(),
      product_id: l.product_id,
      variant_id: l.variant_id,
      options: l.options,
      name: l.name,
      sku: l.sku ?? '',
      quantity: String(l.quantity),
      unit_price: amountText(l.unit_price),
      discount_percent: l.discount_percent ? String(l.discount_percent) : '',
      catalogue_price: l.catalogue_price,
      price_source: l.price_source,
    })),
    shipping: quote.shipping ? amountText(quote.shipping) : '',
    shipping_label: quote.shipping_label ?? '',
    tax_rate: quote.tax_rate ? String(quote.tax_rate) : '',
    valid_until: quote.valid_until,
    note: quote.note ?? '',
    terms: quote.terms ?? '',
  };
}

/**
 * What an input takes as the user types: a quantity is digits only, an amount or a percent digits
 * with at most two decimals. A minus sign, a letter or a third decimal is refused (null: the input
 * keeps what it had).
 */
export function acceptTyped(kind: 'quantity' | 'amount' | 'percent', text: string): string | null {
  if (kind === 'quantity') return /^\d{0,4}$/.test(text) ? text : null;
  return /^\d{0,12}(\.\d{0,2})?$/.test(text) ? text : null;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
/** The text as an amount for the rule in domain/quotes.ts, or null when it is not one yet. */
const amountOf = (text: string, empty: string | null) => {
  const t = text.trim().replace(/\.$/, '');
  if (t === '') return empty;
  return AMOUNT.test(t) ? t : null;
};

/** The PUT body: what the server validates (its messages come back per field). */
export function bodyFromDraft(draft: Draft): QuoteBody {
  const num = (text: string) => {
    const t = amountOf(text, '0');
    return t === null ? text : Number(t);
  };
  return {
    lines: draft.lines.map((l) => ({
      product_id: l.product_id,
      variant_id: l.variant_id,
      name: l.name,
      sku: l.sku.trim() || null,
      quantity: /^\d+$/.test(l.quantity) ? Number(l.quantity) : Number.NaN,
      unit_price: num(l.unit_price),
      discount_percent: num(l.discount_percent),
    })),
    shipping: num(draft.shipping),
    shipping_label: draft.shipping_label.trim() || null,
    tax_rate: num(draft.tax_rate),
    valid_until: draft.valid_until || undefined,
    note: draft.note.trim() || null,
    terms: draft.terms.trim() || null,
  };
}

/** The catalogue price a line's typed unit price differs from, or null (same, typed line, half-typed). */
export function changedFromCatalogue(line: Pick<DraftLine, 'unit_price' | 'catalogue_price'>) {
  const unit = amountOf(line.unit_price, null);
  if (line.catalogue_price === null || unit === null) return null;
  return toCents(unit) === toCents(line.catalogue_price) ? null : line.catalogue_price;
}

/** Each line's total (null while it is not a number yet) and the quote's totals when all can be had. */
export type DraftTotals = { lines: (bigint | null)[]; totals: QuoteTotals | null };

export function draftTotals(draft: Draft): DraftTotals {
  const priced = draft.lines.map((l) => {
    const quantity = /^\d+$/.test(l.quantity) ? Number(l.quantity) : null;
    const unit = amountOf(l.unit_price, null);
    const off = amountOf(l.discount_percent, '0');
    if (quantity === null || unit === null || off === null || Number(off) > 100) return null;
    return { quantity, unit_price: unit, discount_percent: off };
  });
  const lines = priced.map((p) => (p ? quoteTotals({ lines: [p] }).lines[0] : null));
  const shipping = amountOf(draft.shipping, '0');
  const tax = amountOf(draft.tax_rate, '0');
  const complete = priced.every((p) => p !== null) && shipping !== null && tax !== null && Number(tax) <= 100;
  return {
    lines,
    totals: complete
      ? quoteTotals({
          lines: priced as NonNullable<(typeof priced)[number]>[],
          shipping: shipping as string,
          tax_rate: tax as string,
        })
      : null,
  };
}

/**
 * The approval rules the draft breaks as typed, by the server's one evaluation; none while a
 * number is half-typed (the totals are not there yet either).
 */
export function draftReasons(
  draft: Draft,
  totals: QuoteTotals | null,
  rules: QuoteApprovalRules,
): ApprovalReason[] {
  if (!totals) return [];
  const lines = draft.lines.map((l) => ({
    unit_price: amountOf(l.unit_price, null) ?? '0',
    discount_percent: amountOf(l.discount_percent, '0') ?? '0',
    catalogue_price: l.catalogue_price,
  }));
  return approvalReasons({ lines, total_cents: totals.total }, rules);
}

/** Moves a line one place up (-1) or down (+1); the ends stay put. */
export function moveLine<T>(lines: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= lines.length) return [...lines];
  const next = [...lines];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
