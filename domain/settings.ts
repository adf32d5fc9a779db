import { isTimeZone } from './time-zone';

/**
 * GET /api/public/settings: the server's settings every screen needs before it shows a price or
 * a day, public (the shop shows the same currency to anyone). Read once by the staff app at start, on
 * the path to its first screen: this module builds no schema, so that path carries no schema
 * library (the route builds its response schema from these).
 */
export type PublicSettings = {
  /** The store's one currency (CURRENCY), an ISO 4217 code. */
  currency: string;
  /**
   * The seller's time zone (TIMEZONE), an IANA zone: the days staff type and read ("this month",
   * a new quote's valid-until day) are its calendar days.
   */
  time_zone: string;
};

/** An ISO 4217 currency code, as CURRENCY must be. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The currency until the server has said, and the server's own default. */
export const DEFAULT_CURRENCY = 'USD';

/** The time zone until the server has said, and the server's own default. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The settings in an answer, or null when its currency is not what the route promises. A zone
 * this browser does not know (or a server from before the field) counts days in the default.
 */
export function readPublicSettings(value: unknown): PublicSettings | null {
  const answer = value as Partial<PublicSettings> | null;
  const currency = answer?.currency;
  if (typeof currency !== 'string' || !CURRENCY_CODE.test(currency)) return null;
  const zone = answer?.time_zone;
  return { currency, time_zone: typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE };
}
