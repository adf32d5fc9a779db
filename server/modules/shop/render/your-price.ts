import { ACCOUNT_PRICES_MAX } from '#domain/customer-pricing';
import { html, type SafeHtml } from './html';

/**
 * Where a signed-in buyer's own price goes (web/shop/your-price.ts fills it in the browser): the
 * page stays the same for everyone, cached, so it carries only what to ask for (a variant, or a
 * product priced by its cheapest variant for them) and the price it shows, to compare with.
 * `prefetch`: the product page's other variants, asked in the same call so that choosing one
 * needs no other.
 */
export function yourPriceSlot(slot: {
  currency: string;
  variantId?: number;
  productId?: number;
  price: number;
  from?: boolean;
  prefetch?: readonly number[];
}): SafeHtml {
  return html`<p class="your-price" data-your-price${slot.variantId ? html` data-variant-id="${slot.variantId}"` : ''}${
    slot.productId ? html` data-product-id="${slot.productId}"` : ''
  } data-price="${slot.price}" data-currency="${slot.currency}"${slot.from ? html` data-from` : ''}${
    slot.prefetch && slot.prefetch.length > 1
      ? html` data-variant-ids="${slot.prefetch.slice(0, ACCOUNT_PRICES_MAX).join(',')}"`
      : ''
  } hidden></p>`;
}
