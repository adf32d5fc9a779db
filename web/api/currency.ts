import { bigCentsToDecimal, formatMoney } from '#domain/money';

/**
 * The store's one currency for every price on every screen, the preview included (DESIGN.md §4).
 * A constant for now; when the server exposes its CURRENCY setting, only this module changes.
 */
export const STORE_CURRENCY = 'USD';

export const formatPrice = (amount: number) => formatMoney(amount, STORE_CURRENCY);

/** An amount held as integer cents (a quote's line or total), formatted like every other price. */
export const formatCents = (cents: bigint) => formatMoney(bigCentsToDecimal(cents), STORE_CURRENCY);
