import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { VALIDATION } from './messages';

/**
 * A locale code as LOCALES spells it: a BCP 47 language (two or three letters) with an optional
 * script and region (`en`, `de`, `pt-BR`, `zh-Hant-TW`). Case as BCP 47 writes it by convention,
 * so one language has one spelling in the tables and the cache keys.
 */
export const LOCALE_CODE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;

export const TRANSLATION_LIMITS = {
  locales: 20,
  seoTitle: 120,
  seoDescription: 320,
  /** A section's translated text (a title, a caption, a cell). */
  sectionText: 2000,
} as const;

export const TRANSLATION_TEXT = {
  unknownLocale: (locale: string, locales: readonly string[]) =>
    `Unknown locale "${locale}": the shop's locales are ${locales.join(', ')}`,
  defaultLocale: (locale: string) =>
    `"${locale}" is the default language: edit it on the item itself, not as a translation`,
  badLocale: 'locale must be a language code such as de or pt-BR',
  optionNotFound: 'Option not found',
  unknownValue: (id: string) => `The option has no value ${id}`,
} as const;

/** The product's fields a translation may hold. */
export const PRODUCT_TRANSLATION_FIELDS = ['name', 'description', 'seo_title', 'seo_description'] as const;
export type ProductTranslationField = (typeof PRODUCT_TRANSLATION_FIELDS)[number];

/** The CSV column of a product field in a locale: `name@de`. */
export const localeColumn = (field: ProductTranslationField, locale: string) => `${field}@${locale}`;

/**
 * A translated field as a PUT sends it: left out keeps what is stored, '' or null clears it (the
 * default language shows again).
 */
const field = (label: string, max: number, oneLine = true) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: VALIDATION.tooLong(label, max) })
    .refine((v) => !oneLine || !/[\r\n]/.test(v), { error: VALIDATION.oneLine(label) })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

const sectionText = z
  .string({ error: 'A section text must be text' })
  .trim()
  .max(TRANSLATION_LIMITS.sectionText, {
    error: VALIDATION.tooLong('A section text', TRANSLATION_LIMITS.sectionText),
  })
  .nullable()
  .optional()
  .transform((v) => v || undefined);
const idKey = z.string().regex(/^\d{1,10}$/, { error: 'Section keys are row ids' });
const byId = <T extends z.ZodType>(value: T) => z.record(idKey, value);

/**
 * A product's sections in a locale, keyed by the rows' ids as the bundle gives them: a list's
 * title, description and item captions; a spec group's name, intro and each spec's label and
 * value; a table's heading, intro, note, column names and cells by position. A text left out (or
 * null) shows the default language's.
 */
const sectionsTranslation = z.strictObject({
  lists: byId(
    z.strictObject({
      title: sectionText,
      description: sectionText,
      items: byId(sectionText).optional(),
    }),
  ).optional(),
  spec_groups: byId(
    z.strictObject({
      name: sectionText,
      intro: sectionText,
      specs: byId(z.strictObject({ label: sectionText, value: sectionText })).optional(),
    }),
  ).optional(),
  tables: byId(
    z.strictObject({
      heading: sectionText,
      intro: sectionText,
      note: sectionText,
      columns: z.array(sectionText).max(50).optional(),
      rows: z.array(z.array(sectionText).max(50)).max(500).optional(),
    }),
  ).optional(),
});
export type SectionsTranslation = z.output<typeof sectionsTranslation>;

export const productTranslationBody = z.strictObject({
  name: field('Name', TEXT_LIMITS.name),
  description: field('Description', TEXT_LIMITS.description, false),
  seo_title: field('SEO title', TRANSLATION_LIMITS.seoTitle),
  seo_description: field('SEO description', TRANSLATION_LIMITS.seoDescription, false),
  /** The whole sections document of the locale; null clears it. */
  sections: sectionsTranslation.nullable().optional(),
});
export type ProductTranslationBody = z.output<typeof productTranslationBody>;

export const categoryTranslationBody = z.strictObject({
  name: field('Name', TEXT_LIMITS.name),
  description: field('Description', TEXT_LIMITS.description, false),
});
export const brandTranslationBody = z.strictObject({
  description: field('Description', TEXT_LIMITS.description, false),
});
export const optionTranslationBody = z.strictObject({
  name: field('Name', TEXT_LIMITS.name),
  /** Values by their id: a text sets it, '' or null clears it; values left out keep theirs. */
  values: z.record(idKey, field('Value', TEXT_LIMITS.name)).optional(),
});

/** When the locale was last written; null while it has no translation. */
const stamp = { updated_at: z.string().nullable() };
export const productTranslationSchema = z.object({
  name: z.string().nullable(),
  description: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  sections: z.record(z.string(), z.unknown()).nullable(),
  ...stamp,
});
export const categoryTranslationSchema = z.object({
  name: z.string().nullable(),
  description: z.string().nullable(),
  ...stamp,
});
export const brandTranslationSchema = z.object({ description: z.string().nullable(), ...stamp });
export const optionTranslationSchema = z.object({
  name: z.string().nullable(),
  values: z.record(z.string(), z.string()),
  ...stamp,
});
export type ProductTranslation = z.infer<typeof productTranslationSchema>;
export type CategoryTranslation = z.infer<typeof categoryTranslationSchema>;
export type BrandTranslation = z.infer<typeof brandTranslationSchema>;

export const localeParam = z.object({
  locale: z.string().regex(LOCALE_CODE, { error: TRANSLATION_TEXT.badLocale }),
});
/** `?locale=de` on the public reads; left out, the default language. */
export const localeQuery = {
  locale: z.string().regex(LOCALE_CODE, { error: TRANSLATION_TEXT.badLocale }).optional(),
};

export const localesResponse = z.object({ default: z.string(), locales: z.array(z.string()) });
