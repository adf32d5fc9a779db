/** The longest slug an editor may type, and where slugify cuts one made from a name. */
export const SLUG_INPUT_MAX_LENGTH = 80;

/**
 * A URL slug from any text: Unicode folded to ASCII ("Café Crème" → "cafe-creme"), lower case,
 * runs of anything else turned into single dashes.
 */
export function slugify(text: string, maxLength = SLUG_INPUT_MAX_LENGTH): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/œ/gi, 'oe')
    .replace(/ł/gi, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/** The longest slug a lookup accepts: SLUG_INPUT_MAX_LENGTH from slugify plus room for a "-N" suffix. */
export const SLUG_MAX_LENGTH = 120;

/** What every stored slug looks like, since each one is made by slugify (plus a "-2" suffix). */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether text could be a stored slug: a lookup by anything else can skip the database. */
export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX_LENGTH && SLUG_SHAPE.test(text);
}
