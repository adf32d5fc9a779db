/**
 * How the shop's option selectors choose among a product's active variants: the server's page and
 * its script (web/shop/variant-picker.ts) draw the same choices from the same rule. This module
 * imports nothing: the script's bundle must not pull Zod in with it.
 */

/** A variant as the selectors see it: its value of each option, in the options' order. */
export type ChoosableVariant = { id: number; values: readonly string[] };

/**
 * A value's state beside the chosen variant: `chosen`; `exact` (the other options kept, it is a
 * variant); `other` (a variant has it, only with other values of the other options: choosing it
 * changes those too); `none` (no active variant has it: it cannot be chosen).
 */
export type ValueState = 'chosen' | 'exact' | 'other' | 'none';

/**
 * What choosing `value` for option `index` leads to: the variant that keeps most of the chosen
 * one's other values (the first in the list's order among equals), and its state; null target
 * for a value no active variant has.
 */
export function valueTarget<V extends ChoosableVariant>(
  variants: readonly V[],
  chosen: V,
  index: number,
  value: string,
): { state: ValueState; target: V | null } {
  if (chosen.values[index] === value) return { state: 'chosen', target: chosen };
  let best: V | null = null;
  let bestKept = -1;
  for (const v of variants) {
    if (v.values[index] !== value) continue;
    const kept = v.values.filter((x, i) => i !== index && x === chosen.values[i]).length;
    if (kept > bestKept) {
      best = v;
      bestKept = kept;
    }
  }
  if (!best) return { state: 'none', target: null };
  return { state: bestKept === chosen.values.length - 1 ? 'exact' : 'other', target: best };
}

/** The variant a URL asks for when it is one of these, else the first (the default choice). */
export function chosenVariant<V extends ChoosableVariant>(variants: readonly V[], id: unknown): V | null {
  const wanted = typeof id === 'string' && /^\d{1,9}$/.test(id) ? Number(id) : null;
  return variants.find((v) => v.id === wanted) ?? variants[0] ?? null;
}
