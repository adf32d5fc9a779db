/**
 * Money is integer cents in arithmetic, NUMERIC(12,2) in the database and a number with at most
 * two decimals in JSON. Never a float in a calculation.
 */
export type Cents = number;

/** "19.99", 19.99 or "19.9" → 1999. Throws on anything that is not a plain decimal. */
export function toCents(value: string | number): Cents {
  // String(19.999) keeps every digit, so a third decimal is refused rather than rounded away.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${value}`);
  const [, sign, whole, frac = ''] = match;
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 1999 → 19.99 (a JSON number with two decimals at most). */
export const fromCents = (cents: Cents): number => Math.round(cents) / 100;

/** 1999 → "19.99", as PostgreSQL NUMERIC accepts it. */
export const centsToDecimal = (cents: Cents): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/**
 * 1999n → "19.99": cents as exact decimal text, which Intl formats without passing through a
 * float, for sums (a quote's total) that may outgrow the integers a number holds exactly.
 */
export function bigCentsToDecimal(cents: bigint): `${number}` {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}` as `${number}`;
}

/** a × b / c rounded half-up, exactly, for non-negative integers (BigInt beyond 2^53). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (2n * d));
}

/**
 * One formatter per locale and currency: building an Intl.NumberFormat costs far more than
 * formatting with one (a shop page formats a few dozen prices).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Display formatting; the currency is the store's one (CURRENCY). */
export function formatMoney(
  amount: number | Intl.StringNumericLiteral,
  currency = 'USD',
  locale = 'en-US',
): string {
  const key = `${locale}\u0000${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}
