import { z } from 'zod';
import { type PermissionCode, permissionLabel } from './permissions';
import { VARIANT_CSV_COLUMNS } from './product-list';

/**
 * Background jobs and the products CSV import. A job is read by GET /api/jobs/{id} from the
 * database, so its progress shows on any process and survives a reload.
 */

const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
const JOB_KINDS = ['product_import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const IMPORT_LIMITS = {
  /**
   * The largest CSV accepted, refused as it streams past this size: room for the export of a
   * catalogue of 100,000 products in 300,000 variants (about 150 MB, a row per variant) with
   * room to grow, since the upload is kept in the database piece by piece, never in memory.
   */
  maxBytes: 256 * 1024 * 1024,
  /** The largest number of data rows in one file: a row per variant, as the export writes them. */
  maxRows: 500_000,
  /**
   * The header row must lie within this much of the file's start. The browser reads this many
   * bytes of a chosen file for its column names; the server reads as far into the upload.
   */
  headerBytes: 1024 * 1024,
  /** How many problems a job's report carries; problem_count counts them all. */
  reportedProblems: 1000,
  /** How long the screen waits between two reads of a running job. */
  pollMs: 1000,
} as const;

/**
 * A product's variants, as the export writes them: rows sharing a product's SKU are its variants,
 * keyed by variant SKU; the options are named on each row, in position, and their values take the
 * order of their first appearance. A product without options has one row, whose variant SKU (if
 * given) is the product's own.
 */
const VARIANT_IMPORT_FIELDS = VARIANT_CSV_COLUMNS;

/**
 * What an import can set, and what each mapped column must hold. A row is matched by SKU. Its
 * category is a path of slugs as the export writes it (tools/drills); each segment is compared as
 * its slug, so "Tools/Power Drills" finds tools/power-drills. Its brand is a name, in any case.
 * Status is draft or published, in any case. An empty name, price or status leaves an existing
 * product's as it is; an empty category, brand or description clears it. A cell the export
 * defused against formulas (a leading apostrophe before = + - @) is read without the apostrophe.
 */
export const IMPORT_FIELDS = [
  'sku',
  'name',
  'mrp',
  'status',
  'category',
  'brand',
  'description',
  ...VARIANT_IMPORT_FIELDS,
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** SKU is the key: a row creates the product with that SKU, or updates it. */
export const IMPORT_REQUIRED_FIELDS = ['sku'] as const satisfies readonly ImportField[];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  sku: 'SKU',
  name: 'Name',
  mrp: 'Price (MRP)',
  status: 'Status',
  category: 'Category path',
  brand: 'Brand',
  description: 'Description',
  variant_sku: 'Variant SKU',
  option1_name: 'Option 1 name',
  option1_value: 'Option 1 value',
  option2_name: 'Option 2 name',
  option2_value: 'Option 2 value',
  option3_name: 'Option 3 name',
  option3_value: 'Option 3 value',
  variant_mrp: 'Variant price (MRP)',
  variant_status: 'Variant status',
};

/**
 * The column headers the export writes for each field, so an exported file maps itself when it
 * is imported again.
 */
export const IMPORT_DEFAULT_HEADERS: Record<ImportField, string> = {
  sku: 'sku',
  name: 'name',
  mrp: 'mrp',
  status: 'status',
  category: 'category_path',
  brand: 'brand',
  description: 'description',
  variant_sku: 'variant_sku',
  option1_name: 'option1_name',
  option1_value: 'option1_value',
  option2_name: 'option2_name',
  option2_value: 'option2_value',
  option3_name: 'option3_name',
  option3_value: 'option3_value',
  variant_mrp: 'variant_mrp',
  variant_status: 'variant_status',
};

/**
 * Why applying a file needs each right, in the order they are asked: it creates and updates
 * products (product.edit, as the editor's save), a price column changes prices, a status column
 * publishes, and with create_missing a category or brand column may create those.
 */
const IMPORT_RIGHT_REASONS = {
  'product.edit': 'it creates and updates products',
  'product.price': 'it has a price column',
  'product.publish': 'it has a status column',
  'category.edit': 'it may create categories',
  'brand.edit': 'it may create brands',
  'translation.edit': 'it has translated columns (name@de…)',
} as const satisfies Partial<Record<PermissionCode, string>>;
type ImportRight = keyof typeof IMPORT_RIGHT_REASONS;

/**
 * The rights applying a file needs beside import.run, from its mapped fields and create_missing:
 * judged by the columns, not the rows, so an upload is refused before it is read through (and
 * the screen knows before it offers to import). A dry run only reads and needs none of them.
 */
export function importApplyRights(
  fields: readonly ImportField[],
  createMissing: boolean,
  translated = false,
): ImportRight[] {
  const mapped = new Set(fields);
  return [
    'product.edit' as const,
    ...(mapped.has('mrp') || mapped.has('variant_mrp') ? (['product.price'] as const) : []),
    ...(mapped.has('status') || mapped.has('variant_status') ? (['product.publish'] as const) : []),
    ...(createMissing && mapped.has('category') ? (['category.edit'] as const) : []),
    ...(createMissing && mapped.has('brand') ? (['brand.edit'] as const) : []),
    ...(translated ? (['translation.edit'] as const) : []),
  ];
}

export const IMPORT_TEXT = {
  fileRequired: 'Choose a CSV file',
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  notUtf8: 'The file is not UTF-8 text; save it as CSV UTF-8 and try again',
  notCsv: 'The file could not be read as CSV',
  empty: 'The file has no header row',
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows`,
  mappingInvalid: 'The column mapping is not valid JSON of field to column',
  skuNotMapped: 'Map a column to SKU',
  columnMissing: (column: string) => `The file has no column "${column}"`,
  // Row problems, reported by line and column.
  skuMissing: 'SKU is required',
  skuDuplicate: (firstLine: number) => `The same SKU is on line ${firstLine}`,
  nameMissing: 'Name is required for a new product',
  mrpMissing: 'Price is required for a new product',
  mrpInvalid: 'Price must be an amount such as 19.99',
  statusInvalid: 'Status must be draft or published',
  categoryUnknown: (path: string) => `No category has the path "${path}"`,
  brandUnknown: (name: string) => `No brand is named "${name}"`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  optionIncomplete: (n: number) => `Option ${n} needs both a name and a value`,
  optionsInOrder: 'Fill option 1 first, then option 2, then option 3',
  optionNamesDiffer: (firstLine: number) => `Name the options as the product's row on line ${firstLine} does`,
  optionsRepeated: (firstLine: number) => `The same options are on line ${firstLine}`,
  optionNameRepeated: 'Two options of a row have the same name',
  variantSkuMissing: 'Variant SKU is required on a row with options',
  variantSkuDuplicate: (firstLine: number) => `The same variant SKU is on line ${firstLine}`,
  variantSkuTaken: 'Another product or its variant has this SKU',
  variantSkuNotProducts: "A product without options has one variant, whose SKU is the product's",
  variantMrpMissing: 'Variant price is required for a new variant',
  variantStatusInvalid: 'Variant status must be active or discontinued',
  pricesDiffer: 'Price and variant price differ for a product without options: change one of them',
  priceFromVariants: "This product has options: its price is its variants' lowest, so change variant_mrp",
  tooManyValues: (max: number) => `An option has at most ${max} values`,
  /** A missing category whose slug another category already has, so its path cannot be made. */
  categoryCannotCreate: (path: string, slug: string) =>
    `The category "${path}" cannot be created: another category has the slug "${slug}"`,
  /** A refused apply: why the file needs the right the caller's role lacks. */
  needsRight: (code: ImportRight) =>
    `This file cannot be imported: ${IMPORT_RIGHT_REASONS[code]}, and your role lacks “${permissionLabel(code)}”. You can still check it.`,
  jobNotFound: 'Job not found',
  jobIdInvalid: 'The job id is not valid',
  /** A failed apply: the database refused a write, so the whole import was rolled back. */
  applyFailed: 'The import could not be applied, so nothing was changed. Check the file and try again.',
  /** The file's rows had problems: the report lists them and nothing was changed. */
  hasProblems: 'The file has problems, so nothing was changed. Fix them and import it again.',
  /** The server stopped while the job ran; nothing was changed. */
  interrupted:
    'The import stopped because the server restarted, so nothing was changed. Import the file again.',
} as const;

/** POST /api/imports form fields beside `file`. Form values are text. */
export const importFormFields = z.strictObject({
  /** JSON: { "sku": "SKU column", "name": "Name column", ... }; unmapped fields are left alone. */
  mapping: z.string().optional(),
  /** 'true' (the default) checks and reports; 'false' applies when the check finds nothing. */
  dry_run: z.enum(['true', 'false']).optional(),
  /** 'true' creates categories and brands the file names that do not exist yet. */
  create_missing: z.enum(['true', 'false']).optional(),
});

export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().min(1).max(200));
export type ImportMapping = z.infer<typeof importMappingSchema>;

const importProblemSchema = z.object({
  /** The line in the file, the header being line 1. */
  line: z.number(),
  /** The file's column header, or null for a problem of the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/**
 * A job's report. A dry run succeeds with its problems listed; an apply with any problem fails
 * (error hasProblems) and changes nothing.
 */
const importReportSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number(),
  /** Products created and updated, or, on a dry run, that would be. */
  created: z.number(),
  updated: z.number(),
  categories_created: z.number(),
  brands_created: z.number(),
  problems: z.array(importProblemSchema),
  problem_count: z.number(),
  /** True when the products changed (not a dry run, and no problem). */
  applied: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(JOB_STATES),
  /**
   * Steps done of the total: each row read counts one and, when applying, each row written one
   * more. total is null until the whole file has been read.
   */
  progress: z.object({ done: z.number(), total: z.number().nullable() }),
  report: importReportSchema.nullable(),
  /** Why a failed job failed, for the screen. */
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** POST /api/imports answers 202 with the job to follow. */
export const importAcceptedSchema = z.object({ job_id: z.string() });
