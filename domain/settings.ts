/**
 * GET /api/public/settings: the server's settings every screen needs before it shows a price,
 * public (the shop shows the same currency to anyone). Read once by the staff app at start, on
 * the path to its first screen: this module builds no schema, so that path carries no schema
 * library (the route builds its response schema from these).
 */
export type PublicSettings = {
  /** The store's one currency (CURRENCY), an ISO 4217 code. */
  currency: string;
};

/** An ISO 4217 currency code, as CURRENCY must be. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The currency until the server has said, and the server's own default. */
export const DEFAULT_CURRENCY = 'USD';

/** The settings in an answer, or null when it is not what the route promises. */
export function readPublicSettings(value: unknown): PublicSettings | null {
  const currency = (value as Partial<PublicSettings> | null)?.currency;
  return typeof currency === 'string' && CURRENCY_CODE.test(currency) ? { currency } : null;
}
