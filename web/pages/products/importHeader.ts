import {
  IMPORT_DEFAULT_HEADERS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_TEXT,
  type ImportMapping,
} from '#domain/imports';

/**
 * The column names of a CSV's first record: commas split it, double quotes hold commas, line
 * breaks and "" (a quote). A byte-order mark is dropped, as the server's parser drops it. The
 * rows themselves are read on the server; this only fills the mapping's choices.
 */
export function parseHeader(text: string): string[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') break;
    else cell += ch;
  }
  cells.push(cell);
  return cells.length === 1 && cells[0] === '' ? [] : cells;
}

/** Why a chosen file cannot be sent, or null: checked here so a 60 MB file is not uploaded to be refused. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (file.size > IMPORT_LIMITS.maxBytes) return IMPORT_TEXT.tooLarge;
  if (!/\.csv$/i.test(file.name)) return IMPORT_TEXT.notCsv;
  return null;
}

/** Reads the header row of a chosen file: only its first line, from the start the server reads too. */
export async function readHeader(file: Blob): Promise<string[]> {
  return parseHeader(await file.slice(0, IMPORT_LIMITS.headerBytes).text());
}

const fold = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * The mapping a file suggests: for each field, the column the export writes for it, or else one
 * named like the field or its label (any case, spaces, dashes or underscores). A file the export
 * wrote maps itself completely.
 */
export function defaultMapping(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const names = [IMPORT_DEFAULT_HEADERS[field], field, IMPORT_FIELD_LABELS[field]].map(fold);
    const exact = headers.find((h) => h === IMPORT_DEFAULT_HEADERS[field]);
    const column = exact ?? names.map((n) => headers.find((h) => fold(h) === n)).find((h) => h !== undefined);
    if (column !== undefined) mapping[field] = column;
  }
  return mapping;
}

/** The mapping as the form sends it: the fields mapped to a column, nothing else. */
export const mappingJson = (mapping: ImportMapping) =>
  JSON.stringify(Object.fromEntries(Object.entries(mapping).filter(([, column]) => !!column)));
