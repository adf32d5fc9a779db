import { z } from 'zod';
import { BRAND_SORT_KEYS, PAGING, TEXT_LIMITS } from './constants';
import { oneLine, optionalSlug, optionalText, requiredText } from './fields';
import { VALIDATION } from './messages';
import { listMeta, listQuery, queryInt, searchText } from './paging';
import { localeQuery } from './translations';

export const brandFields = z.strictObject({
  name: oneLine(requiredText(VALIDATION.nameRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  slug: optionalSlug,
  description: optionalText('Description', TEXT_LIMITS.description),
  /** On update: '' removes the logo; the current URL (or absence) keeps it. */
  logo_url: z
    .string({ error: 'logo_url must be text' })
    .max(300, { error: VALIDATION.tooLong('Logo URL', 300) })
    .nullish(),
});
export type BrandFields = z.output<typeof brandFields>;

export const brandSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListQuery = listQuery({
  sortKeys: BRAND_SORT_KEYS,
  defaultSort: PAGING.brands.defaultSort,
  defaultOrder: PAGING.brands.defaultOrder,
  defaultLimit: PAGING.brands.defaultLimit,
});
export const brandListResponse = z.object({ data: z.array(brandSchema), meta: listMeta });

export const publicBrandsQuery = z.strictObject({
  q: searchText,
  ...localeQuery,
  limit: queryInt('limit', 1, PAGING.optionsMaxLimit).optional(),
});
export const brandOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
});
export const publicBrandsResponse = z.object({ data: z.array(brandOptionSchema) });
