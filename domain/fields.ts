import { z } from 'zod';
import { MAX_ID } from './constants';
import { VALIDATION } from './messages';
import { SLUG_INPUT_MAX_LENGTH } from './slug';

/**
 * Whether text holds a control character (C0 with tab and line breaks, DEL, C1) or a Unicode line
 * or paragraph separator: what would start a new line, or hide one, where the text is shown. With
 * `lineBreaks`, a line feed and a carriage return are allowed (a textarea sends either).
 */
const hasControlCharacter = (text: string, lineBreaks = false) =>
  [...text].some((c) => {
    const code = c.codePointAt(0) ?? 0;
    if (lineBreaks && (code === 0x0a || code === 0x0d)) return false;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
  });

/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make
 * text read in another order than it is stored, so "Invoice\u202Efdp.exe" shows as
 * "Invoiceexe.pdf" on a screen, an e-mail or a PDF.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * A field that is one line (a name, a subject, a PO number, a phone number) refuses control
 * characters and bidi controls, so what someone types cannot write lines of its own into the
 * e-mails and screens that show it, nor make them read it in another order.
 */
export const oneLine = <T extends z.ZodType<string>>(schema: T, field: string) =>
  schema
    .refine((v) => !hasControlCharacter(v), { error: VALIDATION.oneLine(field) })
    .refine((v) => !BIDI_CONTROL.test(v), { error: VALIDATION.bidiControl(field) });

/** A field of several lines (an address): the same, but its line breaks are its own. */
const textBlock = <T extends z.ZodType<string>>(schema: T, field: string) =>
  schema
    .refine((v) => !hasControlCharacter(v, true), { error: VALIDATION.textBlock(field) })
    .refine((v) => !BIDI_CONTROL.test(v), { error: VALIDATION.bidiControl(field) });

/** A required text field, with the message to give when it is missing or blank. */
export const requiredText = (message: string, field: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: VALIDATION.tooLong(field, max) });

/** An optional address: several lines (textBlock); blank becomes null, as optionalText. */
export const optionalAddress = (field: string, max: number) =>
  textBlock(
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(max, { error: VALIDATION.tooLong(field, max) }),
    field,
  )
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional free text: blank becomes null, so "cleared" and "never set" look the same. */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: VALIDATION.tooLong(field, max) })
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional slug: blank means "generate from the name". */
export const optionalSlug = z
  .string({ error: VALIDATION.invalidSlug })
  .trim()
  .max(SLUG_INPUT_MAX_LENGTH, { error: VALIDATION.tooLong('Slug', SLUG_INPUT_MAX_LENGTH) })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * An optional reference to another row, from JSON (number or null) or a form field (text);
 * '', '0', 0 and null all mean "none".
 */
export const optionalId = (field: string) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: `${field} must be an id` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '' || v === 0 || v === '0') return null;
      const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `${field} must be an id` });
        return z.NEVER;
      }
      return n;
    });

/** A whole number from JSON or a form field, within PostgreSQL's integer range. */
export const intField = (message: string) =>
  z.union([z.number(), z.string().trim()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '' ? 0 : /^-?\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || Math.abs(n) > 1_000_000_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** Ids in paths: positive integers that fit PostgreSQL's integer. */
export const positiveIdString = (field: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: `${field} must be a positive whole number` })
    .transform(Number)
    .pipe(z.number().max(MAX_ID, { error: `${field} is out of range` }));

/** The messages of a whole-order body (orderBody) and of its check against the rows (server). */
export type OrderMessages = { duplicate: string; incomplete: string };

/**
 * The body of a PUT that puts a product's images or sections in a new order: `ids`, each once, at
 * most `max` of them. Whether they are exactly the product's rows is checked against the rows.
 */
export const orderBody = (kind: string, max: number, messages: OrderMessages) =>
  z.strictObject({
    ids: z
      .array(
        z
          .number({ error: `${kind} ids must be numbers` })
          .int()
          .positive()
          .max(MAX_ID),
        {
          error: `ids must be a list of ${kind.toLowerCase()} ids`,
        },
      )
      .min(1, { error: messages.incomplete })
      .max(max, { error: messages.incomplete })
      .refine((ids) => new Set(ids).size === ids.length, { error: messages.duplicate }),
  });

/** A real calendar day (not 2024-02-31), as YYYY-MM-DD. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are YYYY-MM-DD' })
  .refine(
    (v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return v >= '0001' && !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
    },
    {
      error: 'Dates are YYYY-MM-DD',
    },
  );
