import { MAX_ID } from '#domain/constants';

/**
 * Readers of a URL's query values for screens that keep their state there: each answers null for
 * anything missing or malformed, so a hand-edited or stale link falls back to the defaults.
 */

/** A positive id or page that fits PostgreSQL's integer. */
export const positiveInt = (text: string | null): number | null => {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_ID ? n : null;
};

/** A day as YYYY-MM-DD that parses as a date. */
export const isDay = (text: string | null): text is string =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** One of a fixed set of values. */
export const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null =>
  text !== null && (values as readonly string[]).includes(text) ? (text as T) : null;
