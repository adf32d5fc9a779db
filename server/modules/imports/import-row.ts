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
import type { VARIANT_CSV_COLUMNS } from '#domain/product-list';
import { amount, PRODUCT_STATUSES, SKU_MAX_LENGTH } from '#domain/products';
import { slugify } from '#domain/slug';
import {
  LOCALE_CODE,
  PRODUCT_TRANSLATION_FIELDS,
  type ProductTranslationField,
  TRANSLATION_LIMITS,
} from '#domain/translations';
import { VARIANT_LIMITS, VARIANT_STATUSES } from '#domain/variants';

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
  /** The translated cells as JSON text ({"de": {"name": "…", "description": null}}), or null. */
  translations: string | null;
} & Record<(typeof VARIANT_CSV_COLUMNS)[number], string | null>;

const OPTION_CELLS = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const;

/** A translated column of the file: `name@de` is the name in German (ADR 0034). */
export type TranslationColumn = {
  index: number;
  header: string;
  field: ProductTranslationField;
  locale: string;
};

const TRANSLATION_MAX: Record<ProductTranslationField, number> = {
  name: TEXT_LIMITS.name,
  description: TEXT_LIMITS.description,
  seo_title: TRANSLATION_LIMITS.seoTitle,
  seo_description: TRANSLATION_LIMITS.seoDescription,
};

/**
 * The file's translated columns (`field@locale`) in the shop's translated locales; a column of
 * another locale, or of the default, is not one and is left unread, as any other unknown column.
 */
export function resolveTranslationColumns(header: string[], locales: readonly string[]): TranslationColumn[] {
  return header.flatMap((raw, index) => {
    const h = raw.trim();
    const [field, locale] = h.split('@');
    if (!locale || !LOCALE_CODE.test(locale) || !locales.includes(locale)) return [];
    if (!(PRODUCT_TRANSLATION_FIELDS as readonly string[]).includes(field.toLowerCase())) return [];
    return [{ index, header: h, field: field.toLowerCase() as ProductTranslationField, locale }];
  });
}

/** A record's translated cells by locale: an empty cell clears the field (the default shows). */
function translatedCells(
  line: number,
  record: string[],
  columns: readonly TranslationColumn[],
  problems: ImportProblem[],
) {
  if (columns.length === 0) return null;
  const out: Record<string, Record<string, string | null>> = {};
  for (const c of columns) {
    const text = restoreCell(record[c.index] ?? '').trim();
    const max = TRANSLATION_MAX[c.field];
    if (text.length > max)
      problems.push({ line, column: c.header, message: IMPORT_TEXT.tooLong(c.header, max) });
    out[c.locale] ??= {};
    out[c.locale][c.field] = text && text.length <= max ? text : null;
  }
  return JSON.stringify(out);
}

/** Headers the default mapping also takes for a field, beside IMPORT_DEFAULT_HEADERS. */
const HEADER_ALIASES: Partial<Record<ImportField, string[]>> = {
  sku: ['product_sku'],
  category: ['category'],
};

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
  translations: readonly TranslationColumn[] = [],
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

  // The variant's cells: options in position, each a name and a value, no gap before one.
  const options: Record<(typeof OPTION_CELLS)[number][number], string | null> = {
    option1_name: null,
    option1_value: null,
    option2_name: null,
    option2_value: null,
    option3_name: null,
    option3_value: null,
  };
  let named = 0;
  for (const [i, [nameField, valueField]] of OPTION_CELLS.entries()) {
    const [optionName, optionValue] = [values[nameField], values[valueField]];
    if (!optionName && !optionValue) continue;
    if (!optionName || !optionValue) {
      problem(optionName ? valueField : nameField, IMPORT_TEXT.optionIncomplete(i + 1));
      continue;
    }
    if (named < i) problem(nameField, IMPORT_TEXT.optionsInOrder);
    named = i + 1;
    if (!tooLong(nameField, VARIANT_LIMITS.optionName)) options[nameField] = optionName;
    if (!tooLong(valueField, VARIANT_LIMITS.optionValue)) options[valueField] = optionValue;
  }
  const names = OPTION_CELLS.map(([n]) => options[n]?.toLowerCase()).filter((n) => n !== undefined);
  if (new Set(names).size < names.length) problem('option2_name', IMPORT_TEXT.optionNameRepeated);
  const hasOptions = OPTION_CELLS.some(([n]) => values[n] !== '');

  let variant_sku: string | null = values.variant_sku || null;
  if (variant_sku && tooLong('variant_sku', SKU_MAX_LENGTH)) variant_sku = null;
  if (hasOptions && !values.variant_sku) problem('variant_sku', IMPORT_TEXT.variantSkuMissing);
  if (!hasOptions && variant_sku && sku && variant_sku !== sku)
    problem('variant_sku', IMPORT_TEXT.variantSkuNotProducts);

  let variant_mrp: string | null = null;
  if (values.variant_mrp) {
    if (price.safeParse(values.variant_mrp).success)
      variant_mrp = centsToDecimal(toCents(values.variant_mrp));
    else problem('variant_mrp', IMPORT_TEXT.mrpInvalid);
  }

  let variant_status: string | null = null;
  if (values.variant_status) {
    const lower = values.variant_status.toLowerCase();
    if ((VARIANT_STATUSES as readonly string[]).includes(lower)) variant_status = lower;
    else problem('variant_status', IMPORT_TEXT.variantStatusInvalid);
  }

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
      translations: translatedCells(line, record, translations, problems),
      variant_sku,
      ...options,
      variant_mrp,
      variant_status,
    },
    problems,
  };
}
