import { DEFAULT_TIME_ZONE } from '#domain/settings';

/**
 * The seller's time zone (the server's TIMEZONE), whose calendar days are the days staff read and
 * type: "this month" on the dashboard, a new quote's valid-until day. Set once from the server's
 * settings (`SettingsGate`) before the screens render, as the currency is.
 */
let timeZone: string = DEFAULT_TIME_ZONE;

export const storeTimeZone = () => timeZone;

/** Set once, from the server's settings, before the screens render. */
export function setStoreTimeZone(zone: string): void {
  timeZone = zone;
}
