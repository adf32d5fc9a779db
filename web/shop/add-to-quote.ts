import { addToBasket, lineKey, readBasket } from './basket';
import { el } from './dom';
import { shopPath, TEXT } from './texts';

/** The product page's "Add to quote": the product and its quantity go into the basket. */
export function initAddToQuote(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="quantity"]');
  const status = form.querySelector<HTMLElement>('[data-add-status]');
  if (!input || !status) return;
  const data = form.dataset;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input.reportValidity()) return;
    const name = data.name ?? '';
    const maxLines = Number(data.maxLines);
    const lines = readBasket();
    // Of a product with options, the variant the selectors chose (web/shop/variant-picker.ts).
    const variantId = data.variantId ? Number(data.variantId) : null;
    const key = lineKey({ product_id: Number(data.productId), variant_id: variantId });
    if (lines.length >= maxLines && !lines.some((l) => lineKey(l) === key)) {
      status.replaceChildren(
        `${TEXT.basketFull(maxLines)} `,
        el('a', { href: shopPath('/shop/quote') }, TEXT.viewQuote),
      );
      return;
    }
    addToBasket(
      {
        product_id: Number(data.productId),
        slug: data.slug ?? '',
        name,
        sku: data.sku || null,
        image: data.image || null,
        price: Number(data.price),
        // A product without options keeps the line it always had.
        ...(variantId ? { variant_id: variantId, options: data.options || null } : {}),
      },
      Number(input.value),
      Number(input.max),
    );
    status.replaceChildren(
      `${TEXT.added(name)} `,
      el('a', { href: shopPath('/shop/quote') }, TEXT.viewQuote),
    );
  });
}
