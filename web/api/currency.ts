import { formatMoney } from '../../domain/money';

/**
 * The store's one currency for every price on every screen, the preview included (DESIGN.md §4).
 * A constant for now; when the server exposes its CURRENCY setting, only this module changes.
 */
export const STORE_CURRENCY = 'USD';

export const formatPrice = (amount: number) => formatMoney(amount, STORE_CURRENCY);
