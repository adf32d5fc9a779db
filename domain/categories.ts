import { z } from 'zod';
import { CATEGORY_SORT_KEYS, PAGING, TEXT_LIMITS } from './constants';
import { intField, oneLine, optionalId, optionalSlug, optionalText, requiredText } from './fields';
import { VALIDATION } from './messages';
import { listMeta, listQuery, queryInt, searchText } from './paging';
import { localeQuery } from './translations';

/** Create and update share one shape; JSON and multipart form fields both parse with it. */
export const categoryFields = z.strictObject({
  name: oneLine(requiredText(VALIDATION.nameRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  slug: optionalSlug,
  parent_id: optionalId('Parent'),
  description: optionalText('Description', TEXT_LIMITS.description),
  sort_order: intField(VALIDATION.sortOrderNumber).optional(),
  /** Only on update, and only '' (remove the image); a new file sent with it wins. */
  image_url: z
    .literal('', { error: 'image_url can only be set to an empty string (to remove the image)' })
    .optional(),
});
export type CategoryFields = z.output<typeof categoryFields>;

export const reorderBody = z.strictObject({ sort_order: intField(VALIDATION.sortOrderNumber) });

const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
/** One step among the category's siblings (same parent) in the list's order. */
export const moveBody = z.strictObject({
  direction: z.enum(MOVE_DIRECTIONS, { error: 'direction must be up or down' }),
});

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().nullable(),
  parent_name: z.string().nullable(),
  depth: z.number(),
  sort_order: z.number(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  path: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

const baseListQuery = listQuery({
  sortKeys: CATEGORY_SORT_KEYS,
  defaultSort: PAGING.categories.defaultSort,
  defaultOrder: PAGING.categories.defaultOrder,
  defaultLimit: PAGING.categories.defaultLimit,
  extra: {
    parent_id: z
      .string()
      .regex(/^\d{1,10}$/, { error: 'parent_id must be a category id, or 0 for root' })
      .optional(),
  },
});
/** parent_id: absent = all, 0 = root categories only, n = children of n. */
export const categoryListQuery = baseListQuery;

export const categoryListResponse = z.object({ data: z.array(categorySchema), meta: listMeta });

export const publicCategoriesQuery = z.strictObject({
  flat: z.enum(['0', '1', 'true', 'false'], { error: 'flat must be 1 or 0' }).optional(),
  ...localeQuery,
  q: searchText,
  limit: queryInt('limit', 1, PAGING.optionsMaxLimit).optional(),
});

export type CategoryNode = {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  depth: number;
  sort_order: number;
  path: string;
  image_url: string | null;
  children?: CategoryNode[];
};
const categoryOptionSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    parent_id: z.number().nullable(),
    depth: z.number(),
    sort_order: z.number(),
    path: z.string(),
    image_url: z.string().nullable(),
    children: z.array(categoryOptionSchema).optional(),
  }),
);
export const publicCategoriesResponse = z.object({ data: z.array(categoryOptionSchema) });
