import { formatMoney } from '#domain/money';
import { type DiscountType, discountLabel } from '#domain/pricing';
import { SHOP_TEXT } from '#domain/shop-texts';
import type { ShopTier } from '../shop-variants';
import { html, type SafeHtml } from './html';

export type ShownPrice = {
  price: { mrp: number; final: number };
  best: { type: DiscountType; value: number } | null;
};

/**
 * The price as the one pricing rule gave it: the final price, and when it is lower, the MRP
 * struck through and the best discount's badge. `from`: the lowest of its variants' prices.
 */
export function priceBlock(
  currency: string,
  { price, best }: ShownPrice,
  className = 'price',
  from = false,
): SafeHtml {
  const discounted = price.final < price.mrp;
  return html`<p class="${className}">
<strong class="price-final"><span class="visually-hidden">${SHOP_TEXT.price}: </span>${from ? html`<span class="price-from">${SHOP_TEXT.fromPrice} </span>` : ''}${formatMoney(price.final, currency)}</strong>
${discounted ? html`<s class="price-mrp"><span class="visually-hidden">${SHOP_TEXT.regularPrice}: </span>${formatMoney(price.mrp, currency)}</s>` : ''}
${discounted && best ? html`<span class="badge">${discountLabel(best, currency)}</span>` : ''}
</p>`;
}

/**
 * A variant's quantity breaks as the product page lists them ("10+ $9.50 each"), each at what a
 * visitor pays from that quantity on; nothing without breaks.
 */
export function tierList(currency: string, tiers: readonly ShopTier[]): SafeHtml | '' {
  if (tiers.length === 0) return '';
  return html`<ul class="price-tiers" aria-label="${SHOP_TEXT.tiersLabel}">${tiers.map(
    (t) => html`<li>${SHOP_TEXT.tierEach(t.min_quantity, formatMoney(t.price, currency))}</li>`,
  )}</ul>`;
}
