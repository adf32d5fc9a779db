import { formatMoney } from '#domain/money';
import type { DiscountType } from '#domain/pricing';
import { numberLocale, type ShopText } from '#domain/shop-texts';
import type { ShopTier } from '../shop-variants';
import { html, type SafeHtml } from './html';

export type ShownPrice = {
  price: { mrp: number; final: number };
  best: { type: DiscountType; value: number } | null;
};

/** What a price is written with: the shop's currency, and the page's language and words. */
export type PriceContext = { currency: string; locale: string; text: ShopText };

/** An amount in the shop's currency, written as the page's language writes money. */
export const money = (ctx: PriceContext, amount: number) =>
  formatMoney(amount, ctx.currency, numberLocale(ctx.locale));

/**
 * The price as the one pricing rule gave it: the final price, and when it is lower, the MRP
 * struck through and the best discount's badge. `from`: the lowest of its variants' prices.
 */
export function priceBlock(
  ctx: PriceContext,
  { price, best }: ShownPrice,
  className = 'price',
  from = false,
): SafeHtml {
  const { text } = ctx;
  const discounted = price.final < price.mrp;
  return html`<p class="${className}">
<strong class="price-final"><span class="visually-hidden">${text.price}: </span>${from ? html`<span class="price-from">${text.fromPrice} </span>` : ''}${money(ctx, price.final)}</strong>
${discounted ? html`<s class="price-mrp"><span class="visually-hidden">${text.regularPrice}: </span>${money(ctx, price.mrp)}</s>` : ''}
${discounted && best ? html`<span class="badge">${text.discountOff(best, money(ctx, best.value))}</span>` : ''}
</p>`;
}

/**
 * A variant's quantity breaks as the product page lists them ("10+ $9.50 each"), each at what a
 * visitor pays from that quantity on; nothing without breaks.
 */
export function tierList(ctx: PriceContext, tiers: readonly ShopTier[]): SafeHtml | '' {
  if (tiers.length === 0) return '';
  return html`<ul class="price-tiers" aria-label="${ctx.text.tiersLabel}">${tiers.map(
    (t) => html`<li>${ctx.text.tierEach(t.min_quantity, money(ctx, t.price))}</li>`,
  )}</ul>`;
}
