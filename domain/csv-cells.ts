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

/**
 * The same inside a cell, after what a reader could take for the end of a field: a comma or a
 * semicolon (a spreadsheet set to the other separator, or a script that splits lines without
 * reading quotes), a tab or a line break. Such a reader would see a field of its own starting
 * there, so it gets the apostrophe too.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])('*)(?=[=+\-@\t\r])/g;
const MARKED_AFTER_SEPARATOR = /([,;\t\r\n])'('*)(?=[=+\-@\t\r])/g;

/**
 * The export's cell: one apostrophe before a formula-like value, which a spreadsheet shows as
 * text, and one before each formula-like start after a separator inside it.
 */
export const defuseCell = (value: string) => {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  return FORMULA_START.test(value) ? `'${inner}` : inner;
};

/** The import's value of an exported cell: the apostrophes defuseCell added taken off again. */
export const restoreCell = (cell: string) => {
  const lead = cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
  return lead.replace(MARKED_AFTER_SEPARATOR, '$1$2');
};

/**
 * Cells written in double quotes besides those CSV itself needs (a comma, a quote, a line break):
 * a semicolon or a tab is a separator to a spreadsheet set to it, which would split the cell there
 * and could read what follows as a formula of its own (`x;=1+1`).
 */
export const QUOTED_CELL = /[,;"\t\r\n]/;
