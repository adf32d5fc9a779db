import { z } from 'zod';
import { MAX_PAGE, PAGING, TEXT_LIMITS, TRASH_RETENTION_DAYS } from './constants';
import { calendarDay, positiveIdString } from './fields';
import { CONFIRM, countOf } from './messages';
import { listMeta, queryInt } from './paging';
import type { PermissionCode } from './permissions';

/**
 * Who changed what, and the trash: what the server and the web share. The log's entries are
 * written by database triggers (migration 0028) in the writer's transaction.
 */

/**
 * What an entry is about. 'quote' entries belong to an inquiry's quote desk; 'price_list' entries
 * carry a list's fields and assignments, and of its prices only how many it holds and how many a
 * write set.
 */
export const ENTITY_TYPES = [
  'product',
  'category',
  'brand',
  'discount',
  'user',
  'role',
  'inquiry',
  'quote',
  'api_token',
  'customer',
  'company',
  'price_list',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * What happened: the plain writes; 'trash' (moved to the trash), 'restore' (from the trash, or a
 * past version brought back), 'purge' (emptied out of the trash for good); and a batch's own
 * entry: 'bulk' (a bulk edit) or 'import' (a CSV import), whose rows carry its id as batch_id;
 * 'merge': two customers made one (restoring its entry undoes the merge).
 */
export const CHANGE_ACTIONS = [
  'create',
  'update',
  'delete',
  'trash',
  'restore',
  'purge',
  'bulk',
  'import',
  'merge',
] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** What can be in the trash, in the paths of /api/trash/{type}/{id}. */
export const TRASH_TYPES = ['product', 'category', 'brand', 'discount', 'inquiry'] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/**
 * What restoring each type from the trash needs besides trash.restore: the right that edits it
 * (a product back published needs product.publish too). A request needs the right that deletes it,
 * so whoever deleted one can take it back (the toast's Undo).
 */
export const TRASH_RESTORE_RIGHT = {
  product: 'product.edit',
  category: 'category.edit',
  brand: 'brand.edit',
  discount: 'discount.edit',
  inquiry: 'inquiry.delete',
} as const satisfies Record<TrashType, PermissionCode>;

export const HISTORY_LIMITS = {
  /** Entries older than this many days are pruned (HISTORY_RETENTION_DAYS overrides it). */
  retentionDays: 365,
  /** Days a deleted item stays in the trash before the scheduled job purges it. */
  trashDays: TRASH_RETENTION_DAYS,
  /** How long a "moved to trash" toast offers Undo. */
  undoMs: 8_000,
  defaultLimit: 25,
  /** The editor's History tab and the dashboard's latest changes. */
  latestLimit: 10,
  /** The later changes a restore's confirmation names one by one. */
  previewLimit: 20,
} as const;

/** A secret field that changed (a password, a token): logged as changed, never with its value. */
export const HIDDEN_VALUE = '(hidden)';

const fieldChange = z.object({ before: z.unknown(), after: z.unknown() });
const historyEntrySchema = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  /** The author's name when the account still exists, or the API token's as the author. */
  actor_name: z.string().nullable(),
  /** The API token the change was made with, if any (actor_id is then null). */
  token_id: z.number().nullable(),
  at: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  /** Null on a batch's own entry. */
  entity_id: z.number().nullable(),
  /** The entity's name now, or as it was when it was deleted; null when unknown. */
  entity_name: z.string().nullable(),
  action: z.enum(CHANGE_ACTIONS),
  /** { field: { before, after } }, keyed by the entity's own field names (mrp, sections, …). */
  changes: z.record(z.string(), fieldChange),
  batch_id: z.number().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

const idText = (field: string) => positiveIdString(field).optional();

/**
 * GET /api/history: newest first, every filter optional; from and to are calendar days in the
 * seller's TIMEZONE, inclusive.
 */
export const historyQuery = z
  .strictObject({
    entity_type: z
      .enum(ENTITY_TYPES, { error: `entity_type must be one of: ${ENTITY_TYPES.join(', ')}` })
      .optional(),
    entity_id: idText('entity_id'),
    actor_id: idText('actor_id'),
    /** Entries made with this API token; with actor_id too, nothing matches (a token's have none). */
    token_id: idText('token_id'),
    action: z
      .enum(CHANGE_ACTIONS, { error: `action must be one of: ${CHANGE_ACTIONS.join(', ')}` })
      .optional(),
    batch_id: idText('batch_id'),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    page: queryInt('page', 1, MAX_PAGE).optional(),
    limit: queryInt('limit', 1, PAGING.maxLimit).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: 'from must be on or before to', path: ['to'] })
  .refine((v) => v.entity_id === undefined || v.entity_type !== undefined, {
    error: 'entity_id needs entity_type',
    path: ['entity_id'],
  });
export type HistoryQuery = z.infer<typeof historyQuery>;

export const historyListResponse = z.object({ data: z.array(historyEntrySchema), meta: listMeta });

/** A field a restore left as it is, and why (a category in the trash, a slug taken since). */
const skippedField = z.object({ field: z.string(), message: z.string() });
export type SkippedField = z.infer<typeof skippedField>;

/** POST /api/history/{id}/restore: the new entry it made (null if nothing changed) and what it could not restore. */
export const historyRestoreResponse = z.object({
  data: historyEntrySchema.nullable(),
  restored: z.array(z.string()),
  skipped: z.array(skippedField),
});
export type HistoryRestoreResult = z.infer<typeof historyRestoreResponse>;

/**
 * Which version of an entry a restore brings back: 'before' the change (the fields it changed,
 * as they were), or 'after' it (the whole row and its sections as they were right after it,
 * undoing every later change). The API's default is 'before'; the History tab asks for 'after'.
 */
const RESTORE_TARGETS = ['before', 'after'] as const;
export type RestoreTarget = (typeof RESTORE_TARGETS)[number];
export const historyRestoreQuery = z.strictObject({
  to: z.enum(RESTORE_TARGETS, { error: `to must be one of: ${RESTORE_TARGETS.join(', ')}` }).optional(),
});

/**
 * GET /api/history/{id}/restore-preview: what the same restore would do, writing nothing: the
 * fields it would bring back, those it could not, and the later changes it would undo (oldest
 * first, at most HISTORY_LIMITS.previewLimit of them; later_total counts them all).
 */
export const historyRestorePreviewResponse = z.object({
  data: z.object({
    to: z.enum(RESTORE_TARGETS),
    restored: z.array(z.string()),
    skipped: z.array(skippedField),
    later: z.array(historyEntrySchema),
    later_total: z.number().int(),
  }),
});
export type HistoryRestorePreview = z.infer<typeof historyRestorePreviewResponse>['data'];

const trashItemSchema = z.object({
  entity_type: z.enum(TRASH_TYPES),
  entity_id: z.number(),
  name: z.string(),
  deleted_at: z.string(),
  deleted_by: z.number().nullable(),
  deleted_by_name: z.string().nullable(),
  /** When the scheduled job purges it. */
  purge_at: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashQuery = z.strictObject({
  entity_type: z
    .enum(TRASH_TYPES, { error: `entity_type must be one of: ${TRASH_TYPES.join(', ')}` })
    .optional(),
  q: z
    .string()
    .max(TEXT_LIMITS.search, { error: `Search must be at most ${TEXT_LIMITS.search} characters` })
    .optional(),
  page: queryInt('page', 1, MAX_PAGE).optional(),
  limit: queryInt('limit', 1, PAGING.maxLimit).optional(),
});
export const trashListResponse = z.object({ data: z.array(trashItemSchema), meta: listMeta });

export const trashParams = z.object({
  type: z.enum(TRASH_TYPES, { error: `type must be one of: ${TRASH_TYPES.join(', ')}` }),
  id: positiveIdString('Id'),
});

/** DELETE /api/trash: empties the trash, or only the entries of one type. */
export const trashEmptyQuery = z.strictObject({
  entity_type: z
    .enum(TRASH_TYPES, { error: `entity_type must be one of: ${TRASH_TYPES.join(', ')}` })
    .optional(),
});
export const trashEmptyResponse = z.object({ purged: z.number().int() });
export type TrashEmptyResult = z.infer<typeof trashEmptyResponse>;

/** POST /api/trash/{type}/{id}/restore: what came back, and what could not be put back as it was. */
export const trashRestoreResponse = z.object({
  data: z.object({ entity_type: z.enum(TRASH_TYPES), entity_id: z.number(), name: z.string() }),
  skipped: z.array(skippedField),
});
export type TrashRestoreResult = z.infer<typeof trashRestoreResponse>;

/** Messages and screen texts of history, restore and the trash. */
export const HISTORY_TEXT = {
  notFound: 'Change not found',
  notRestorable: 'This change cannot be restored',
  nothingToRestore: 'Nothing in this change can be restored',
  entityGone: (type: string) => `This ${type} no longer exists; restore it from the trash first`,
  categoryGone: 'Its category has been deleted, so the category was not restored',
  brandGone: 'Its brand has been deleted, so the brand was not restored',
  parentGone: 'Its parent category has been deleted, so it was put back at the top level',
  /** A past version's parent that has been deleted since: the category stays where it is. */
  parentNotRestored: 'Its parent category has been deleted, so the parent was not restored',
  slugTaken: (slug: string) => `The slug "${slug}" is used by another item now`,
  skuTaken: (sku: string) => `The SKU "${sku}" is used by another product now`,
  imagesNotRestored: 'Images are not brought back by a restore',
  trashNotFound: 'Not in the trash',
  purgeAdminOnly: 'Only admins can empty the trash',
  movedToTrash: (what: string) => `${what} moved to trash`,
  undo: 'Undo',
  restoredFromTrash: (what: string) => `${what} restored`,
  restoredVersion: 'Version restored',
  restoreVersion: 'Restore this version',
  historyTab: 'History',
  noHistory: 'No changes recorded yet.',
  activityTitle: 'Activity',
  trashTitle: 'Trash',
  emptyTrash: 'The trash is empty.',
  purge: 'Delete forever',
  purgeConfirm: CONFIRM.purge,
  emptyTrashAction: 'Empty trash',
  emptyTrashConfirm: (n: number) => CONFIRM.emptyTrash(countOf(n, 'item')),
  emptied: (n: number) => `${countOf(n, 'item')} deleted forever`,
  latestChanges: 'Latest changes',
  userHistoryAdminOnly: 'Only admins can see changes to staff accounts',
  exportAdminOnly: 'Only admins can export the change log',
  /** A quote's entity name: its inquiry's subject and the version it was sent as. */
  quoteName: (subject: string, version: number | null) =>
    version === null ? `${subject} (draft quote)` : `${subject} (quote v${version})`,
} as const;

/** The screens' fallback toasts when a history or trash call fails without the server's reason. */
export const HISTORY_FALLBACK = {
  load: 'Failed to load history',
  restore: 'Restore failed',
  restorePreview: 'Could not check what this restore would undo',
  export: 'Export failed',
  trashLoad: 'Failed to load the trash',
  purge: 'Delete forever failed',
  empty: 'Emptying the trash failed',
  undo: 'Undo failed',
} as const;
