import { z } from 'zod';
import { optionalText, orderBody } from './fields';
import { VALIDATION } from './messages';

/** The texts for content sections. */
export const SECTION_MESSAGES = {
  listRequired: 'List title and at least one item required',
  specsRequired: 'Group name and at least one row required',
  tableRequired: 'Heading and columns required',
  orderDuplicate: 'Each section can appear only once in the order',
  orderIncomplete: 'The order must list every section of the product exactly once',
} as const;

const BLOCK_TYPES = ['basic', 'images', 'list', 'spec_group', 'table'] as const;

/** Lengths and counts a section may have; exported so the editor's fields stop where the server does. */
export const SECTION_LIMITS = {
  title: 200,
  caption: 500,
  items: 200,
  cell: 500,
  unit: 50,
  columns: 30,
  rows: 500,
  text: 5000,
} as const;

const tooLong = VALIDATION.tooLong;
/** Text of one section field, with a message that names it. */
const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, { error: tooLong(field, max) });

/** Empty captions are dropped. */
export const cleanItems = (items: { caption?: unknown }[]) =>
  items.map((i) => String(i.caption ?? '').trim()).filter((c) => c.length > 0);

/** Rows missing a label or a value are dropped. */
export const cleanSpecs = (specs: { label?: unknown; value?: unknown; unit?: unknown }[]) =>
  specs
    .map((s) => ({
      label: String(s.label ?? '').trim(),
      value: String(s.value ?? '').trim(),
      unit: String(s.unit ?? '').trim(),
    }))
    .filter((s) => s.label && s.value);

/** Columns split by comma, trimmed, empties dropped. Arrays are cleaned the same way. */
export const cleanColumns = (columns: string | unknown[]) =>
  (typeof columns === 'string' ? columns.split(',') : columns)
    .map((c) => String(c ?? '').trim())
    .filter(Boolean);

/** Each row padded (or cut) to the column count; rows with no content dropped. */
export const cleanRows = (rows: unknown[][], columnCount: number) =>
  rows
    .map((r) => Array.from({ length: columnCount }, (_, i) => String(r?.[i] ?? '').trim()))
    .filter((r) => r.some((cell) => cell.length > 0));

const parseJsonArray = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export const listBody = z
  .strictObject({
    title: z
      .string({ error: SECTION_MESSAGES.listRequired })
      .max(SECTION_LIMITS.title, { error: tooLong('Title', SECTION_LIMITS.title) }),
    description: optionalText('Description', SECTION_LIMITS.text),
    items: z
      .array(z.object({ caption: text('Caption', SECTION_LIMITS.caption).optional() }), {
        error: SECTION_MESSAGES.listRequired,
      })
      .max(SECTION_LIMITS.items),
  })
  .transform((v) => ({ title: v.title.trim(), description: v.description, items: cleanItems(v.items) }))
  .refine((v) => v.title.length > 0 && v.items.length > 0, { error: SECTION_MESSAGES.listRequired });

export const specGroupBody = z
  .strictObject({
    name: z
      .string({ error: SECTION_MESSAGES.specsRequired })
      .max(SECTION_LIMITS.title, { error: tooLong('Name', SECTION_LIMITS.title) }),
    intro: optionalText('Intro', SECTION_LIMITS.text),
    specs: z
      .array(
        z.object({
          label: text('Label', SECTION_LIMITS.cell).optional(),
          value: text('Value', SECTION_LIMITS.cell).optional(),
          unit: text('Unit', SECTION_LIMITS.unit).nullish(),
        }),
        { error: SECTION_MESSAGES.specsRequired },
      )
      .max(SECTION_LIMITS.items),
  })
  .transform((v) => ({ name: v.name.trim(), intro: v.intro, specs: cleanSpecs(v.specs) }))
  .refine((v) => v.name.length > 0 && v.specs.length > 0, { error: SECTION_MESSAGES.specsRequired });

/** Columns and rows may come as arrays or as their JSON/comma text; both are accepted. */
export const tableBody = z
  .strictObject({
    heading: z
      .string({ error: SECTION_MESSAGES.tableRequired })
      .max(SECTION_LIMITS.title, { error: tooLong('Heading', SECTION_LIMITS.title) }),
    intro: optionalText('Intro', SECTION_LIMITS.text),
    columns: z.preprocess(
      parseJsonArray,
      z.union(
        [
          text('Columns', SECTION_LIMITS.text),
          z.array(text('Column', SECTION_LIMITS.cell)).max(SECTION_LIMITS.columns),
        ],
        {
          error: SECTION_MESSAGES.tableRequired,
        },
      ),
    ),
    rows: z
      .preprocess(
        parseJsonArray,
        z.array(z.array(z.union([text('Cell', SECTION_LIMITS.cell), z.number()]))).max(SECTION_LIMITS.rows),
      )
      .optional(),
    note: optionalText('Note', SECTION_LIMITS.text),
  })
  .transform((v) => {
    const columns = cleanColumns(v.columns).slice(0, SECTION_LIMITS.columns);
    return {
      heading: v.heading.trim(),
      intro: v.intro,
      columns,
      rows: cleanRows(v.rows ?? [], columns.length),
      note: v.note,
    };
  })
  .refine((v) => v.heading.length > 0 && v.columns.length > 0, { error: SECTION_MESSAGES.tableRequired });

export const moveBody = z.strictObject({
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }),
});

/** The most sections an order request names: a bound on the body, far above any real layout. */
const SECTION_ORDER_MAX = 1000;

/**
 * PUT /api/products/{id}/layout/order: the content blocks (sections) in their new order, each
 * exactly once. The basic and images blocks keep their places; the sections fill the others.
 */
export const sectionOrderBody = orderBody('Block', SECTION_ORDER_MAX, {
  duplicate: SECTION_MESSAGES.orderDuplicate,
  incomplete: SECTION_MESSAGES.orderIncomplete,
});

export const listSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  items: z.array(z.object({ id: z.number(), caption: z.string() })),
});
export const specGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  intro: z.string().nullable(),
  specs: z.array(z.object({ id: z.number(), label: z.string(), value: z.string(), unit: z.string() })),
});
export const tableSchema = z.object({
  id: z.number(),
  heading: z.string(),
  intro: z.string().nullable(),
  columns_json: z.string(),
  rows_json: z.string(),
  note: z.string().nullable(),
});
export const blockSchema = z.object({
  id: z.number(),
  block_type: z.enum(BLOCK_TYPES),
  ref_id: z.number().nullable(),
  position: z.number(),
});
export type ProductList = z.infer<typeof listSchema>;
export type SpecGroup = z.infer<typeof specGroupSchema>;
export type ProductTable = z.infer<typeof tableSchema>;
export type LayoutBlock = z.infer<typeof blockSchema>;

/** What a client sends to create or save a section (items and rows before clean-up). */
export type ListBody = z.input<typeof listBody>;
export type SpecGroupBody = z.input<typeof specGroupBody>;
export type TableBody = z.input<typeof tableBody>;
/** What the server stores after the clean-ups above. */
export type ListInput = z.output<typeof listBody>;
export type SpecGroupInput = z.output<typeof specGroupBody>;
export type TableInput = z.output<typeof tableBody>;
