import { STORAGE_KEYS } from '#domain/constants';
import { ACCOUNT_PRICES_MAX, type PriceSource, priceSourceLabel } from '#domain/customer-pricing';
import { toCents } from '#domain/money';
import { el } from './dom';
import { money, TEXT } from './texts';

/** One answer of `GET /api/account/prices`. */
export type BuyerPrice = {
  variant_id: number;
  /** Set when it was asked by its product: priced by the product's cheapest variant for the buyer. */
  product_id?: number;
  unit_price: number;
  list_price: number;
  source: PriceSource;
};

/** What a price is asked for: a variant, or a product (by its cheapest variant), at a quantity. */
export type PriceAsk = { variant_id?: number | null; product_id?: number | null; quantity: number };

export const askKey = (ask: PriceAsk) =>
  ask.variant_id ? `v${ask.variant_id}:${ask.quantity}` : `p${ask.product_id}:${ask.quantity}`;

/** Fired on the product page when the picker shows another variant (web/shop/variant-picker.ts). */
export const VARIANT_CHANGE = 'shop:variantchange';

const buyerToken = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.buyerToken);
  } catch {
    return null;
  }
};

/** The asks of each call: one quantity, at most ACCOUNT_PRICES_MAX ids, none twice. */
function calls(asks: readonly PriceAsk[]): PriceAsk[][] {
  const byQuantity = new Map<number, PriceAsk[]>();
  const seen = new Set<string>();
  for (const ask of asks) {
    if (!(ask.variant_id || ask.product_id) || seen.has(askKey(ask))) continue;
    seen.add(askKey(ask));
    byQuantity.set(ask.quantity, [...(byQuantity.get(ask.quantity) ?? []), ask]);
  }
  return [...byQuantity.values()].flatMap((group) => {
    const chunks: PriceAsk[][] = [];
    for (let i = 0; i < group.length; i += ACCOUNT_PRICES_MAX)
      chunks.push(group.slice(i, i + ACCOUNT_PRICES_MAX));
    return chunks;
  });
}

function callUrl(asks: readonly PriceAsk[]) {
  const params = new URLSearchParams();
  const variants = asks.flatMap((a) => (a.variant_id ? [a.variant_id] : []));
  const products = asks.flatMap((a) => (a.variant_id ? [] : [a.product_id as number]));
  if (variants.length) params.set('variant_ids', variants.join(','));
  if (products.length) params.set('product_ids', products.join(','));
  params.set('quantity', String(asks[0].quantity));
  return `/api/account/prices?${params}`;
}

/**
 * The signed-in buyer's own prices for these, by askKey: one call per quantity asked (a page's
 * cards and product all at 1), with the buyer's portal token. Null for a visitor, an ended
 * session or any failure: the page then stays as every visitor sees it, with nothing said.
 */
export async function fetchBuyerPrices(
  asks: readonly PriceAsk[],
  fetcher: typeof fetch = fetch,
): Promise<Map<string, BuyerPrice> | null> {
  const token = buyerToken();
  const groups = calls(asks);
  if (!token || groups.length === 0) return null;
  try {
    const answers = await Promise.all(
      groups.map(async (group) => {
        const res = await fetcher(callUrl(group), { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) return null;
        const body = (await res.json()) as { data: BuyerPrice[] };
        const quantity = group[0].quantity;
        // An answer to a product names it beside the variant that prices it: keyed as it was asked.
        return body.data.map((p) => {
          const asked = p.product_id
            ? { product_id: p.product_id, quantity }
            : { variant_id: p.variant_id, quantity };
          return [askKey(asked), p] as const;
        });
      }),
    );
    if (answers.some((a) => a === null)) return null;
    return new Map(answers.flatMap((a) => a ?? []));
  } catch {
    return null;
  }
}

/** The buyer's price differs from the one shown (in cents: money is never compared as floats). */
export const differs = (price: BuyerPrice | undefined, shown: number): price is BuyerPrice =>
  price !== undefined && toCents(price.unit_price) !== toCents(shown);

/** "Your price $8.00 Agreement: Acme 2027", or "Your price from …" on a card whose variants differ. */
export function yourPriceParts(price: BuyerPrice, currency: string, from = false) {
  return [
    el('span', { class: 'your-price-label' }, from ? TEXT.yourPriceFrom : TEXT.yourPrice),
    ' ',
    el('strong', { class: 'your-price-amount' }, money(price.unit_price, currency)),
    ' ',
    el('span', { class: 'your-price-source' }, priceSourceLabel(price.source)),
  ];
}

const slotAsk = (slot: HTMLElement): PriceAsk =>
  slot.dataset.variantId
    ? { variant_id: Number(slot.dataset.variantId), quantity: 1 }
    : { product_id: Number(slot.dataset.productId), quantity: 1 };

function draw(slot: HTMLElement, prices: Map<string, BuyerPrice>) {
  const price = prices.get(askKey(slotAsk(slot)));
  if (!differs(price, Number(slot.dataset.price))) {
    slot.hidden = true;
    slot.replaceChildren();
    return;
  }
  slot.replaceChildren(...yourPriceParts(price, slot.dataset.currency ?? '', slot.hasAttribute('data-from')));
  slot.hidden = false;
}

/**
 * "Your price" beside the list price on the product page and the catalogue's cards, for a
 * signed-in buyer: the cached page names what each slot shows (a variant or a product, and the
 * price it shows); their prices come in one call at quantity 1. The product page's other variants
 * are asked with it, so the picker's choice is drawn without another call.
 */
export async function initYourPrices(root: ParentNode = document) {
  const slots = [...root.querySelectorAll<HTMLElement>('[data-your-price]')];
  if (slots.length === 0 || !buyerToken()) return;
  const asks = slots.flatMap((slot) => [
    slotAsk(slot),
    ...(slot.dataset.variantIds ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => ({ variant_id: Number(id), quantity: 1 })),
  ]);
  const prices = await fetchBuyerPrices(asks);
  if (!prices) return;
  for (const slot of slots) draw(slot, prices);
  document.addEventListener(VARIANT_CHANGE, () => {
    for (const slot of slots) draw(slot, prices);
  });
}
