/** Immutable row edits for the section forms. */
export const replaceAt = <T>(rows: readonly T[], index: number, row: T): T[] =>
  rows.map((r, i) => (i === index ? row : r));

const removeAt = <T>(rows: readonly T[], index: number): T[] => rows.filter((_, i) => i !== index);

/** Removes a row, but empties the last one instead, so there is always a field to type in. */
export const removeOrEmpty = <T>(rows: readonly T[], index: number, empty: () => T): T[] =>
  rows.length > 1 ? removeAt(rows, index) : [empty()];
