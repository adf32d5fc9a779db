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
] as const;

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

/** The query's words, in order, without repeats: letters and digits, or decimals ("2.5"). */
export function searchWords(query: string): string[] {
  const words = new Set<string>();
  for (const [word] of normaliseSearchText(query).matchAll(WORD)) {
    if (words.size >= SEARCH_LIMITS.maxWords) break;
    words.add(word.slice(0, SEARCH_LIMITS.maxWordLength));
  }
  return [...words];
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
