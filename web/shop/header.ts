import { STORAGE_KEYS } from '#domain/constants';
import { onBasketChange, readBasket } from './basket';
import { el } from './dom';
import { TEXT } from './texts';

/** The header's quote link shows how many products the basket holds, on every shop page. */
export function initBasketCount() {
  const counts = document.querySelectorAll<HTMLElement>('[data-basket-count]');
  const show = () => {
    const n = readBasket().length;
    for (const count of counts) {
      count.hidden = n === 0;
      count.replaceChildren(
        el('span', { 'aria-hidden': 'true' }, String(n)),
        el('span', { class: 'visually-hidden' }, `, ${TEXT.basketCount(n)}`),
      );
    }
  };
  show();
  onBasketChange(show);
}

type Me = { name: string; email: string; phone: string | null; company: string | null };

/** The quote request's contact fields the visitor has not filled, from the signed-in buyer's details. */
function fillContact(me: Me) {
  for (const [name, value] of [
    ['name', me.name],
    ['email', me.email],
    ['phone', me.phone],
    ['company', me.company],
  ] as const) {
    const input = document.querySelector<HTMLInputElement>(`[data-quote-form] [name="${name}"]`);
    if (input && !input.value && value) input.value = value;
  }
}

/**
 * The header's "Sign in" becomes the buyer's name while their portal session lasts, and the quote
 * request is filled in from their details: read with the buyer's own token (never the staff's);
 * an ended session leaves "Sign in" and an empty form.
 */
export function initAccountLink() {
  const link = document.querySelector<HTMLAnchorElement>('[data-account-link]');
  const token = localStorage.getItem(STORAGE_KEYS.buyerToken);
  if (!link || !token) return;
  fetch('/api/account', { headers: { authorization: `Bearer ${token}` } })
    .then((res) => (res.ok ? (res.json() as Promise<Me>) : null))
    .then((me) => {
      if (!me) return;
      link.textContent = me.name;
      link.setAttribute('aria-label', TEXT.accountOf(me.name));
      fillContact(me);
    })
    .catch(() => undefined);
}
