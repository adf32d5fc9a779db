/**
 * CSV cells a spreadsheet could run, after OWASP's advice on CSV injection: the export writes such
 * a cell as text, and the products import reads it back as the value it was. Kept together so an
 * export imports again unchanged. This module imports nothing.
 */

/**
 * A cell starting like a formula (= + - @, a tab or a carriage return), or one the export already
 * marked that way: the leading apostrophes are counted, so a value that itself starts with `'=`
 * still reads back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The export's cell: one apostrophe before a formula-like value, which a spreadsheet shows as text. */
export const defuseCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The import's value of an exported cell: the apostrophe defuseCell added taken off again. */
export const restoreCell = (cell: string) =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;

/**
 * Cells written in double quotes besides those CSV itself needs (a comma, a quote, a line break):
 * a semicolon or a tab is a separator to a spreadsheet set to it, which would split the cell there
 * and could read what follows as a formula of its own (`x;=1+1`).
 */
export const QUOTED_CELL = /[,;"\t\r\n]/;
