import { SOURCE_LOCALE } from '#domain/i18n';
import { formatMoney } from '#domain/money';
import { numberLocale, shopText } from '#domain/shop-texts';

/** The page's language, as the server wrote it on <html lang>. */
const locale = document.documentElement.lang || SOURCE_LOCALE;

/** The shop's words in the page's language: the same catalogues as the server's. */
export const TEXT = shopText(locale);

/** An amount in the shop's currency, written as the page's language writes money. */
export const money = (amount: number | `${number}`, currency: string) =>
  formatMoney(amount, currency, numberLocale(locale));

/**
 * A shop path ('/shop/quote') in the page's language: under the page's own prefix ('/de/shop/…'),
 * which only a language other than the default has.
 */
export function shopPath(path: string): string {
  const prefix = /^\/([^/]+)\/shop(?:\/|$)/.exec(window.location.pathname)?.[1];
  return prefix ? `/${prefix}${path}` : path;
}
