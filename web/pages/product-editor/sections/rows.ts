/** Immutable row edits for the section forms. */
export const replaceAt = <T>(rows: readonly T[], index: number, row: T): T[] =>
  rows.map((r, i) => (i === index ? row : r));

export const removeAt = <T>(rows: readonly T[], index: number): T[] => rows.filter((_, i) => i !== index);
