/**
 * Spec values as the shop's facets see them. The database keeps each product's spec rows with
 * the same parse (migration 0036's stockroom_spec_key and stockroom_spec_value); these read the
 * keys and values a shop URL names, so a link's "18 V" finds the rows the panel counted as "18 V".
 * server/modules/shop/facets.test.ts holds the two definitions together.
 */

/** A spec value parsed: as shown, as compared, and its number and unit when it is a number. */
export type SpecValue = { shown: string; norm: string; unit: string; num: string | null };

const squeeze = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A key as compared: trimmed, inner spaces as one, case-blind. */
export const specKeyNorm = (label: string) => squeeze(label).toLowerCase();

/** A key as shown: trimmed, inner spaces as one. */
export const specKeyShown = (label: string) => squeeze(label);

/** A decimal as spec values and ranges hold one. */
const NUMBER = '(-?[0-9]{1,15}(?:\\.[0-9]{1,10})?)';
const NUMBER_ONLY = new RegExp(`^${NUMBER}$`);
// A unit after the number may not start with a sign, a point or a comma, nor hold a digit.
const NUMBER_AND_UNIT = new RegExp(`^${NUMBER} ?([^0-9 .,-][^0-9]{0,15})?$`);

/** A decimal's canonical text, as PostgreSQL prints trim_scale(numeric): "018.50" is "18.5". */
export function canonicalNumber(text: string): string {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * A value and its unit column: "18" with unit "V", "18 V" and "18V" are all shown "18 V",
 * compared as "18 v", with the number "18" and the unit "V". Anything else is a word, shown with
 * its unit after it.
 */
export function parseSpecValue(raw: string, rawUnit = ''): SpecValue {
  const value = squeeze(raw);
  const unit = squeeze(rawUnit);
  const match = unit ? NUMBER_ONLY.exec(value) : NUMBER_AND_UNIT.exec(value);
  if (!match) {
    const shown = unit ? `${value} ${unit}` : value;
    return { shown, norm: shown.toLowerCase(), unit: '', num: null };
  }
  const num = canonicalNumber(match[1]);
  const numUnit = unit || (match[2] ?? '');
  const shown = numUnit ? `${num} ${numUnit}` : num;
  return { shown, norm: shown.toLowerCase(), unit: numUnit, num };
}

/** A numeric range on a key, either end open: `10..40`, `10..`, `..40`. */
export type SpecRange = { min: string | null; max: string | null };

const RANGE = new RegExp(`^${NUMBER}?\\.\\.${NUMBER}?$`);

/** A URL value as a range, or null when it is a value (or names neither end). */
export function parseSpecRange(text: string): SpecRange | null {
  const match = RANGE.exec(text.replace(/\s+/g, ''));
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  return {
    min: match[1] === undefined ? null : canonicalNumber(match[1]),
    max: match[2] === undefined ? null : canonicalNumber(match[2]),
  };
}

/** A range as the URL writes it. */
export const specRangeText = (range: SpecRange) => `${range.min ?? ''}..${range.max ?? ''}`;
