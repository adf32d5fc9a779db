import { TEXT_LIMITS } from '#domain/constants';
import { restoreCell } from '#domain/csv-cells';
import {
  IMPORT_DEFAULT_HEADERS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_TEXT,
  type ImportField,
  type ImportMapping,
  type ImportProblem,
} from '#domain/imports';
import { centsToDecimal, toCents } from '#domain/money';
import { amount, PRODUCT_STATUSES, SKU_MAX_LENGTH } from '#domain/products';
import { slugify } from '#domain/slug';

/** Each mapped field's column: its place in a record and its header, for the report. */
export type ImportColumns = Partial<Record<ImportField, { index: number; header: string }>>;

/** A data row as the staging table holds it; null means the cell was empty or its field unmapped. */
export type StagedRow = {
  line: number;
  sku: string | null;
  name: string | null;
  name_given: boolean;
  mrp: string | null;
  mrp_given: boolean;
  status: string | null;
  category_path: string | null;
  category_raw: string | null;
  brand_key: string | null;
  description: string | null;
  slug_base: string | null;
};

/** Headers the default mapping also takes for a field, beside IMPORT_DEFAULT_HEADERS. */
const HEADER_ALIASES: Partial<Record<ImportField, string[]>> = { category: ['category'] };

/**
 * The columns a mapping names, by the file's header. Without a mapping each field takes the column
 * the export writes for it (IMPORT_DEFAULT_HEADERS), when the file has one. Throws the message of
 * a file-level problem.
 */
export function resolveColumns(header: string[], mapping: ImportMapping | null): ImportColumns {
  const trimmed = header.map((h) => h.trim());
  const find = (name: string) => {
    const exact = trimmed.indexOf(name.trim());
    if (exact >= 0) return exact;
    const lower = name.trim().toLowerCase();
    return trimmed.findIndex((h) => h.toLowerCase() === lower);
  };
  const columns: ImportColumns = {};
  for (const field of IMPORT_FIELDS) {
    if (mapping) {
      const column = mapping[field];
      if (column === undefined) continue;
      const index = find(column);
      if (index < 0) throw new Error(IMPORT_TEXT.columnMissing(column));
      columns[field] = { index, header: trimmed[index] };
    } else {
      for (const name of [IMPORT_DEFAULT_HEADERS[field], ...(HEADER_ALIASES[field] ?? [])]) {
        const index = find(name);
        if (index >= 0) {
          columns[field] = { index, header: trimmed[index] };
          break;
        }
      }
    }
  }
  if (!columns.sku) throw new Error(IMPORT_TEXT.skuNotMapped);
  return columns;
}

const price = amount(IMPORT_TEXT.mrpInvalid);

/** A category path as categories.path holds it: each segment's slug, joined by '/'; null if one has none. */
export function normalisePath(raw: string): { path: string; segments: string[] } | null {
  const segments = raw
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s.length > TEXT_LIMITS.name)) return null;
  const slugs = segments.map((s) => slugify(s));
  if (slugs.some((s) => !s)) return null;
  return { path: slugs.join('/'), segments };
}

/**
 * Checks one record's cells by themselves (what needs no database) and shapes the row for staging.
 * A record whose mapped cells are all empty is no row at all (null).
 *
 * An empty name, price or status leaves an existing product's value as it is; an empty category,
 * brand or description clears it, as the export writes an empty cell for none.
 */
export function checkRecord(
  line: number,
  record: string[],
  columns: ImportColumns,
): { row: StagedRow | null; problems: ImportProblem[] } {
  const cell = (field: ImportField) => {
    const column = columns[field];
    // An exported cell that started like a formula carries the export's apostrophe (defuseCell):
    // an edited export imported again means the value without it.
    return column ? restoreCell(record[column.index] ?? '').trim() : '';
  };
  const values = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, cell(f)])) as Record<ImportField, string>;
  if (IMPORT_FIELDS.every((f) => values[f] === '')) return { row: null, problems: [] };

  const problems: ImportProblem[] = [];
  const problem = (field: ImportField, message: string) =>
    problems.push({ line, column: columns[field]?.header ?? null, message });
  const tooLong = (field: ImportField, max: number) => {
    if (values[field].length <= max) return false;
    problem(field, IMPORT_TEXT.tooLong(IMPORT_FIELD_LABELS[field], max));
    return true;
  };

  let sku: string | null = values.sku || null;
  if (!sku) problem('sku', IMPORT_TEXT.skuMissing);
  else if (tooLong('sku', SKU_MAX_LENGTH)) sku = null;

  const name = values.name && !tooLong('name', TEXT_LIMITS.name) ? values.name : null;

  let mrp: string | null = null;
  if (values.mrp) {
    if (price.safeParse(values.mrp).success) mrp = centsToDecimal(toCents(values.mrp));
    else problem('mrp', IMPORT_TEXT.mrpInvalid);
  }

  let status: string | null = null;
  if (values.status) {
    const lower = values.status.toLowerCase();
    if ((PRODUCT_STATUSES as readonly string[]).includes(lower)) status = lower;
    else problem('status', IMPORT_TEXT.statusInvalid);
  }

  let category_path: string | null = null;
  if (values.category) {
    const normal = normalisePath(values.category);
    if (normal) category_path = normal.path;
    else problem('category', IMPORT_TEXT.categoryUnknown(values.category));
  }

  const brand_key = values.brand && !tooLong('brand', TEXT_LIMITS.name) ? values.brand : null;
  const description =
    values.description && !tooLong('description', TEXT_LIMITS.description) ? values.description : null;

  return {
    row: {
      line,
      sku,
      name,
      name_given: values.name !== '',
      mrp,
      mrp_given: values.mrp !== '',
      status,
      category_path,
      category_raw: values.category || null,
      brand_key,
      description,
      slug_base: name ? slugify(name) || 'product' : null,
    },
    problems,
  };
}
