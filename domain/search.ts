/**
 * How a product search reads its query: the words it must find, numbers joined to their units,
 * and SKU keys. The database reads product text the same way (migration 0035's
 * stockroom_search_text, held to these by product-search.test.ts), so a query's "40 mm" and a
 * spec's "40mm" meet as one word.
 */

/**
 * Units a number is joined to when a space parts them ("40 mm" is "40mm", "18 V" is "18v"). The
 * migration's stockroom_search_text spells the same list.
 */
export const SEARCH_UNITS = [
  'mm',
  'cm',
  'm',
  'km',
  'in',
  'ft',
  'v',
  'w',
  'kw',
  'a',
  'ah',
  'mah',
  'wh',
  'kwh',
  'kg',
  'g',
  'mg',
  'l',
  'ml',
  'nm',
  'rpm',
  'hz',
  'khz',
  'bar',
  'psi',
  'db',
  'gb',
  'tb',
  'pcs',
  'k',
  'kelvin',
  'volt',
  'volts',
  'watt',
  'watts',
] as const;

/**
 * Units with more than one spelling: a number joined to any of them is the same value ("18v" is
 * "18volt"), so a query's one spelling matches the others in the documents.
 */
const UNIT_SPELLINGS: readonly (readonly string[])[] = [
  ['v', 'volt', 'volts'],
  ['w', 'watt', 'watts'],
  ['k', 'kelvin'],
];

export const SEARCH_LIMITS = {
  /** Words read from one query; the rest are ignored (a pasted paragraph is not a search). */
  maxWords: 12,
  /** Longer words are cut: no product word is that long, and a tsquery lexeme has a limit. */
  maxWordLength: 60,
  /** A word this long (letters only) may carry one typo. */
  typoFrom: 5,
} as const;

const UNIT_PATTERN = [...SEARCH_UNITS].sort((a, b) => b.length - a.length).join('|');
/** A digit, spaces and a unit that ends a word: the spaces go. */
const NUMBER_UNIT = new RegExp(`(\\d)\\s+(${UNIT_PATTERN})(?![\\p{L}\\p{N}])`, 'gu');
/** ASCII punctuation, and a point that is not a decimal one: both only part words. */
const PUNCTUATION = /[!-\-/:-@[-`{-~]|\.(?!\d)|(?<!\d)\./g;
/** A decimal number, or a run of letters and digits; anything else only parts words. */
const WORD = /\d+(?:\.\d+)+|[\p{L}\p{N}]+/gu;

/**
 * Lower case, composed accents, punctuation as spaces, and a number joined to the unit that
 * follows it.
 */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(PUNCTUATION, ' ').replace(NUMBER_UNIT, '$1$2');
}

/** A size's values parted by an x ("M8 x 40", "M8×40"): joined, to be read as one word. */
const SIZE = /(\d)\s*[xX×]\s*(?=\d)/gu;

/**
 * The query's words, in order, without repeats: letters and digits, or decimals ("2.5"). A size
 * is one word ("m8x40"; numberForms reads its values).
 */
export function searchWords(query: string): string[] {
  const words = new Set<string>();
  for (const [word] of normaliseSearchText(query.replace(SIZE, '$1x')).matchAll(WORD)) {
    if (words.size >= SEARCH_LIMITS.maxWords) break;
    words.add(word.slice(0, SEARCH_LIMITS.maxWordLength));
  }
  return [...words];
}

const NUMBER_WITH_UNIT = new RegExp(`^(\\d+)(${UNIT_PATTERN})$`);
const WHOLE_NUMBER = /^\d+$/;

/** A number's word as the documents may hold it: its digits and the unit it is joined to. */
export type NumberForms = { number: string; units: readonly string[]; bare: boolean };

/**
 * How a word that is a number is matched, or null for any other word. A bare whole number is
 * that number or the number with any unit ("19" finds "19 mm"); a number with a unit is the
 * number with any spelling of that unit ("18 volt" finds "18 V").
 */
export function numberForms(word: string): NumberForms | null {
  if (WHOLE_NUMBER.test(word)) return { number: word, units: SEARCH_UNITS, bare: true };
  const match = NUMBER_WITH_UNIT.exec(word);
  if (!match) return null;
  const [, number, unit] = match;
  return { number, units: UNIT_SPELLINGS.find((s) => s.includes(unit)) ?? [unit], bare: false };
}

/** A size's values ("m8x40" is m8 and 40, "10x20x30mm" three), or null for any other word. */
export function sizeParts(word: string): string[] | null {
  const parts = word.split(/(?<=\d)x(?=\d)/);
  return parts.length > 1 ? parts : null;
}

/** A SKU as it is compared: lower-case letters and digits only (`SPA-1042` is `spa1042`). */
export function skuKey(sku: string): string {
  return sku
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether a word may carry a typo: letters only, long enough that one edit still says which word. */
export function typoCandidate(word: string): boolean {
  return word.length >= SEARCH_LIMITS.typoFrom && /^\p{L}+$/u.test(word);
}

/**
 * The edit distance between two words, a swap of neighbours counting as one edit (optimal string
 * alignment), or `limit + 1` as soon as it is surely more than `limit`.
 */
export function editDistance(a: string, b: string, limit = 1): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return Math.min(rows[a.length][b.length], limit + 1);
}
