import { SHOP_TEXT } from '#domain/shop-texts';
import { onBasketChange, readBasket } from './basket';
import { el } from './dom';

/** The header's quote link shows how many products the basket holds, on every shop page. */
export function initBasketCount() {
  const counts = document.querySelectorAll<HTMLElement>('[data-basket-count]');
  const show = () => {
    const n = readBasket().length;
    for (const count of counts) {
      count.hidden = n === 0;
      count.replaceChildren(
        el('span', { 'aria-hidden': 'true' }, String(n)),
        el('span', { class: 'visually-hidden' }, `, ${SHOP_TEXT.basketCount(n)}`),
      );
    }
  };
  show();
  onBasketChange(show);
}
