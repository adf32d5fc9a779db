import { bigCentsToDecimal, formatMoney } from '#domain/money';
import { DEFAULT_CURRENCY } from '#domain/settings';

/**
 * The store's one currency for every price on every screen, the preview included.
 * It is the server's CURRENCY, read once at start (`SettingsGate` loads GET /api/public/settings
 * before any screen renders); every formatter here reads it, so no screen names a currency itself.
 */
let currency: string = DEFAULT_CURRENCY;

export const storeCurrency = () => currency;

/** Set once, from the server's settings, before the screens render. */
export function setStoreCurrency(code: string): void {
  currency = code;
}

/** An amount in the store's currency, or in the one a quote or an order was made in. */
export const formatPrice = (amount: number, code: string = currency) => formatMoney(amount, code);

/** An amount held as integer cents (a quote's line or total), formatted like every other price. */
export const formatCents = (cents: bigint) => formatMoney(bigCentsToDecimal(cents), currency);
