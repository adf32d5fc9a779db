import { type SQL, sql } from 'drizzle-orm';
import {
  type EntityType,
  HISTORY_LIMITS,
  HISTORY_TEXT,
  type HistoryEntry,
  type HistoryRestorePreview,
  type HistoryRestoreResult,
  type RestoreTarget,
} from '#domain/history';
import { toCents } from '#domain/money';
import type { PermissionCode } from '#domain/permissions';
import { type Rights, requireProductRights, requireRights } from '../auth/rights';
import { setChangeContext } from '../db/change-context';
import type { Db, Tx } from '../db/client';
import { conflict, notFound } from '../errors/app-error';
import { lockCategoryTree, recomputeSubtrees } from '../modules/categories/tree';
import { mergeOfEntry, undoMerge } from '../modules/customers/customer-merge';
import { ENTITY_TABLES, type RestorableType } from './entity-rows';
import { actorName } from './history.service';
import { asText, COLUMNS, planRestore } from './restore-plan';
import { rebuildSections } from './restore-sections';

const isRestorable = (type: string): type is RestorableType => type in ENTITY_TABLES;

type Changes = Record<string, { before: unknown; after: unknown }>;
type Row = Record<string, unknown>;
type Loaded = { entryId: number; type: RestorableType; id: number; changes: Changes; to: RestoreTarget };

const parseChanges = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Changes;

/** Actions after which the entity is gone: no version of it comes right after them. */
const GONE_AFTER: string[] = ['delete', 'trash', 'purge'];

/**
 * A comeback from the trash: its row was inserted again, so every column's before is null, and a
 * name is never null otherwise. (Its sections' before is the empty document of the new row.)
 */
const isComeback = (action: string, changes: Changes) =>
  action === 'restore' && 'name' in changes && changes.name?.before === null;

async function newEntry(
  tx: Tx,
  type: EntityType,
  id: number,
  name: string | null,
): Promise<HistoryEntry | null> {
  const { rows } = await tx.execute<Row>(sql`
    select c.id::text as id, c.actor_id, u.name as actor_name, c.token_id, t.name as token_name, o.name as token_owner, c.at, c.entity_type, c.entity_id,
      c.action, c.changes, c.batch_id::text as batch_id
    from change_log c left join users u on u.id = c.actor_id
      left join api_tokens t on t.id = c.token_id left join users o on o.id = t.created_by
    where c.tx = txid_current() and c.entity_type = ${type} and c.entity_id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    actor_id: row.actor_id as number | null,
    actor_name: actorName(
      row.actor_name as string | null,
      row.token_name as string | null,
      row.token_owner as string | null,
    ),
    token_id: row.token_id as number | null,
    at: new Date(row.at as string).toISOString(),
    entity_type: type,
    entity_id: id,
    entity_name: name,
    action: row.action as HistoryEntry['action'],
    changes: parseChanges(row.changes),
    batch_id: row.batch_id === null ? null : Number(row.batch_id),
  };
}

/** An entry and its entity, refused when no version of the asked kind can come back from it. */
async function load(db: Db, entryId: number, to: RestoreTarget): Promise<Loaded> {
  const { rows } = await db.execute<Row>(
    sql`select entity_type, entity_id, action, changes from change_log where id = ${entryId}`,
  );
  const entry = rows[0];
  if (!entry) throw notFound(HISTORY_TEXT.notFound);
  const type = String(entry.entity_type);
  const action = String(entry.action);
  // A customer's merge is undone whole before this (customer_merges); a company's merge deleted one of
  // the two, so no entry of it is brought back field by field.
  if (
    !isRestorable(type) ||
    entry.entity_id === null ||
    action === 'bulk' ||
    action === 'import' ||
    action === 'merge'
  )
    throw conflict(HISTORY_TEXT.notRestorable);
  const changes = parseChanges(entry.changes);
  const fields = Object.values(changes);
  if (to === 'before') {
    // A create, or a comeback from the trash (every field new): there is no earlier version.
    const created =
      action === 'restore' && (fields.every((f) => f?.before === null) || isComeback(action, changes));
    if (action === 'create' || created || fields.length === 0) throw conflict(HISTORY_TEXT.nothingToRestore);
  } else if (GONE_AFTER.includes(action)) {
    // Right after a delete there is no version to bring back.
    throw conflict(HISTORY_TEXT.notRestorable);
  }
  return { entryId, type, id: Number(entry.entity_id), changes, to };
}

/**
 * The entity's later entries, oldest first: a restore to 'after' rolls every one of them back,
 * and a restore to 'before' undoes those that touched a field it brings back.
 */
async function laterEntries(tx: Tx, loaded: Loaded) {
  const { rows } = await tx.execute<Row>(sql`
    select c.id::text as id, c.actor_id, u.name as actor_name, c.token_id, t.name as token_name, o.name as token_owner, c.at, c.action, c.changes,
      c.batch_id::text as batch_id
    from change_log c left join users u on u.id = c.actor_id
      left join api_tokens t on t.id = c.token_id left join users o on o.id = t.created_by
    where c.entity_type = ${loaded.type} and c.entity_id = ${loaded.id} and c.id > ${loaded.entryId}
    order by c.id`);
  return rows.map((row) => ({
    id: Number(row.id),
    actor_id: row.actor_id as number | null,
    actor_name: actorName(
      row.actor_name as string | null,
      row.token_name as string | null,
      row.token_owner as string | null,
    ),
    token_id: row.token_id as number | null,
    at: new Date(row.at as string).toISOString(),
    action: row.action as HistoryEntry['action'],
    changes: parseChanges(row.changes),
    batch_id: row.batch_id === null ? null : Number(row.batch_id),
  }));
}
type Later = Awaited<ReturnType<typeof laterEntries>>[number];

/**
 * { field: value } of the version to bring back. 'before': the entry's own fields as they were
 * before it. 'after': every field a later change touched, as it was right after the entry: the
 * entry's own after, or else the first later change's before. A trip through the trash changes
 * nothing to bring back (the comeback puts back what the move took), and the comeback's befores
 * are empty (its row was new): both are passed over.
 */
function targetOf(loaded: Loaded, later: Later[]): Row {
  const { changes } = loaded;
  if (loaded.to === 'before')
    return Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c?.before ?? null]));
  const target: Row = {};
  for (const entry of later) {
    if (GONE_AFTER.includes(entry.action) || isComeback(entry.action, entry.changes)) continue;
    for (const [field, change] of Object.entries(entry.changes)) {
      if (field in target) continue;
      target[field] = field in changes ? (changes[field]?.after ?? null) : (change?.before ?? null);
    }
  }
  return target;
}

/** The later changes a restore undoes: those that changed a field it brings back. */
const undone = (later: Later[], restored: string[]) =>
  later.filter(
    (e) =>
      !GONE_AFTER.includes(e.action) &&
      !isComeback(e.action, e.changes) &&
      restored.some((field) => field in e.changes),
  );

/** Reads the entity (locked when the restore will write it) and plans the restore. */
async function prepare(tx: Tx, loaded: Loaded, lock: boolean) {
  const { type, id } = loaded;
  const table = ENTITY_TABLES[type];
  // A category's parent and place in the tree are read and written under the tree's lock.
  if (lock && type === 'category') await lockCategoryTree(tx);
  const [current] = (
    await tx.execute<Row>(
      sql`select * from ${sql.identifier(table)} where id = ${id}${lock ? sql` for update` : sql``}`,
    )
  ).rows;
  if (!current) throw conflict(HISTORY_TEXT.entityGone(type));
  const later = await laterEntries(tx, loaded);
  const target = targetOf(loaded, later);
  const planned = await planRestore(tx, type, id, target, current);
  const restored = [
    ...Object.keys(planned.values).filter((c) => c in target),
    ...(planned.sections ? ['sections'] : []),
  ];
  return { ...planned, current, restored, later: undone(later, restored) };
}

/** The right editing each kind of entity needs; a product's price and status need their own. */
const EDIT_RIGHT = {
  product: 'product.edit',
  category: 'category.edit',
  brand: 'brand.edit',
  discount: 'discount.edit',
  customer: 'customer.edit',
  company: 'customer.edit',
} as const satisfies Record<RestorableType, PermissionCode>;

/**
 * A restore writes fields as an edit would, so it needs the same rights: the entity's edit
 * right, and for a product whose MRP or status it changes, product.price or product.publish.
 */
function requireRestoreRights(
  rights: Rights,
  type: RestorableType,
  values: Row,
  current: Row,
  sections: boolean,
): void {
  const changed = Object.keys(values).filter((c) => asText(values[c]) !== asText(current[c]));
  if (type !== 'product') {
    if (changed.length || sections) requireRights(rights, [EDIT_RIGHT[type]]);
    // A product's own discount is part of its price, as in the product editor.
    if (type === 'discount' && changed.length && (current.editor_owned ?? values.editor_owned) === true)
      requireRights(rights, ['product.price']);
    return;
  }
  const mrpChanged =
    changed.includes('mrp') && toCents(String(values.mrp ?? 0)) !== toCents(String(current.mrp ?? 0));
  requireProductRights(rights, {
    price: mrpChanged,
    status: changed.includes('status'),
    other: sections || changed.some((c) => c !== 'mrp' && c !== 'status'),
  });
}

/**
 * Brings back the fields of one change as they were before it, as a new change: each field is
 * checked against the rules its service applies on update, and one that would break a rule (or
 * bring back a deleted category or brand) is left as it is and named in `skipped`.
 */
export function createRestoreService(db: Db) {
  return {
    /**
     * Brings back a version of an entry's entity as a new change: the fields it changed as they
     * were before it (the default), or the whole row and sections as they were right after it.
     */
    async restore(
      entryId: number,
      to: RestoreTarget = 'before',
      rights: Rights,
    ): Promise<HistoryRestoreResult> {
      // A merge of two customers is undone whole, whichever of its entries is restored.
      const merge = await mergeOfEntry(db, entryId);
      if (merge) {
        if (to === 'after') throw conflict(HISTORY_TEXT.notRestorable);
        requireRights(rights, ['customer.edit']);
        return db.transaction(async (tx) => {
          await setChangeContext(tx, { action: 'restore' });
          const id = await undoMerge(tx, merge.id);
          const [after] = (
            await tx.execute<{ name: string }>(sql`select name from customers where id = ${id}`)
          ).rows;
          return {
            data: await newEntry(tx, 'customer', id, after?.name ?? null),
            restored: ['merged_into_id'],
            skipped: [],
          };
        });
      }
      const loaded = await load(db, entryId, to);
      const { type, id } = loaded;
      const table = ENTITY_TABLES[type];

      return db.transaction(async (tx) => {
        await setChangeContext(tx, { action: 'restore' });
        const { values, skipped, sections, restored, current } = await prepare(tx, loaded, true);
        requireRestoreRights(rights, type, values, current, Boolean(sections));
        const columns = Object.keys(values);
        if (columns.length) {
          const casts = COLUMNS[type];
          const assignments: SQL[] = columns.map(
            (c) => sql`${sql.identifier(c)} = ${asText(values[c])}::${sql.raw(casts[c])}`,
          );
          assignments.push(sql`updated_at = now()`);
          await tx.execute(
            sql`update ${sql.identifier(table)} set ${sql.join(assignments, sql`, `)} where id = ${id}`,
          );
          if (type === 'category' && ('parent_id' in values || 'slug' in values))
            await recomputeSubtrees(tx, [id]);
        }
        if (sections) await rebuildSections(tx, id, sections);

        const [after] = (
          await tx.execute<{ name: string }>(sql`select name from ${sql.identifier(table)} where id = ${id}`)
        ).rows;
        return { data: await newEntry(tx, type, id, after?.name ?? null), restored, skipped };
      });
    },

    /** What the same restore would do, writing nothing; the later changes it undoes come first. */
    async preview(entryId: number, to: RestoreTarget = 'before'): Promise<HistoryRestorePreview> {
      const merge = await mergeOfEntry(db, entryId);
      if (merge) {
        if (to === 'after' || merge.undone_at !== null) throw conflict(HISTORY_TEXT.notRestorable);
        return { to, restored: ['merged_into_id'], skipped: [], later: [], later_total: 0 };
      }
      const loaded = await load(db, entryId, to);
      const { type, id } = loaded;
      return db.transaction(async (tx) => {
        const { restored, skipped, later } = await prepare(tx, loaded, false);
        const [row] = (
          await tx.execute<{ name: string }>(
            sql`select name from ${sql.identifier(ENTITY_TABLES[type])} where id = ${id}`,
          )
        ).rows;
        const entries: HistoryEntry[] = later.slice(0, HISTORY_LIMITS.previewLimit).map((e) => ({
          ...e,
          entity_type: type,
          entity_id: id,
          entity_name: row?.name ?? null,
        }));
        return { to, restored, skipped, later: entries, later_total: later.length };
      });
    },
  };
}

export type RestoreService = ReturnType<typeof createRestoreService>;
