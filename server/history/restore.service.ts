import { type SQL, sql } from 'drizzle-orm';
import { DISCOUNT_TEXT } from '#domain/discounts';
import {
  type EntityType,
  HISTORY_LIMITS,
  HISTORY_TEXT,
  type HistoryEntry,
  type HistoryRestorePreview,
  type HistoryRestoreResult,
  type RestoreTarget,
  type SkippedField,
} from '#domain/history';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { centsToDecimal, toCents } from '#domain/money';
import type { DiscountScope } from '#domain/pricing';
import { amount, PRODUCT_MESSAGES, PRODUCT_STATUS_TEXT, PRODUCT_STATUSES } from '#domain/products';
import type { Db, Tx } from '../db/client';
import { conflict, notFound } from '../errors/app-error';
import { isInSubtree, lockCategoryTree, nextSortOrder, recomputeSubtrees } from '../modules/categories/tree';
import { setChangeContext } from './change-context';
import { ENTITY_TABLES, type RestorableType, rowExists, valueTaken } from './entity-rows';

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

/**
 * The columns a restore writes, with the cast each value takes; a field of an entry that is
 * not here (a derived or bookkeeping column) is left alone.
 */
const COLUMNS: Record<RestorableType, Record<string, string>> = {
  product: {
    name: 'text',
    slug: 'text',
    sku: 'text',
    description: 'text',
    mrp: 'numeric',
    status: 'text',
    category_id: 'integer',
    brand_id: 'integer',
  },
  category: { name: 'text', slug: 'text', description: 'text', parent_id: 'integer', sort_order: 'integer' },
  brand: { name: 'text', slug: 'text', description: 'text' },
  discount: {
    name: 'text',
    type: 'text',
    value: 'numeric',
    applies_to: 'text',
    product_id: 'integer',
    category_id: 'integer',
    brand_id: 'integer',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    active: 'boolean',
  },
};

/** Image fields: their files are held by reference counts, which a restore does not take again. */
const IMAGE_FIELDS: Record<RestorableType, string[]> = {
  product: ['images'],
  category: ['image_url'],
  brand: ['logo_url'],
  discount: [],
};

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** An amount as numeric(12,2) text, or null when it is not one the services would take. */
function money(value: unknown): string | null {
  const parsed = amount('').safeParse(value);
  return parsed.success ? centsToDecimal(toCents(parsed.data)) : null;
}

/**
 * Brings back the fields of one change as they were before it, as a new change: each field is
 * checked against the rules its service applies on update, and one that would break a rule (or
 * bring back a deleted category or brand) is left as it is and named in `skipped`.
 */
export function createRestoreService(db: Db) {
  /** A product's sections (lists, spec groups, tables, layout) rebuilt from a contents document. */
  async function rebuildSections(tx: Tx, productId: number, doc: Row) {
    const lists = (doc.lists ?? []) as {
      id: number;
      title: string;
      description: string | null;
      items: Row[];
    }[];
    const groups = (doc.specGroups ?? []) as {
      id: number;
      name: string;
      intro: string | null;
      specs: Row[];
    }[];
    const tables = (doc.tables ?? []) as Row[];
    const blocks = ((doc.layout as Row | null)?.blocks ?? []) as Row[];
    // The rows are put back with the ids they had, so the layout's references and the document
    // read the same as before; ids come from sequences, so no other row can hold them.
    await tx.execute(sql`delete from product_layout_blocks where product_id = ${productId}`);
    await tx.execute(sql`delete from product_lists where product_id = ${productId}`);
    await tx.execute(sql`delete from product_spec_groups where product_id = ${productId}`);
    await tx.execute(sql`delete from product_tables where product_id = ${productId}`);
    const json = (value: unknown) => JSON.stringify(value);
    if (lists.length) {
      await tx.execute(sql`insert into product_lists (id, product_id, title, description)
        select id, ${productId}, title, description
        from jsonb_to_recordset(${json(lists)}::jsonb) as x(id int, title text, description text)`);
      const items = lists.flatMap((l) =>
        l.items.map((item, position) => ({ ...item, list_id: l.id, position })),
      );
      if (items.length)
        await tx.execute(sql`insert into product_list_items (id, list_id, caption, position)
          select id, list_id, caption, position
          from jsonb_to_recordset(${json(items)}::jsonb) as x(id int, list_id int, caption text, position int)`);
    }
    if (groups.length) {
      await tx.execute(sql`insert into product_spec_groups (id, product_id, name, intro)
        select id, ${productId}, name, intro
        from jsonb_to_recordset(${json(groups)}::jsonb) as x(id int, name text, intro text)`);
      const specs = groups.flatMap((g) =>
        g.specs.map((spec, position) => ({ ...spec, group_id: g.id, position })),
      );
      if (specs.length)
        await tx.execute(sql`insert into product_specs (id, group_id, label, value, unit, position)
          select id, group_id, label, value, unit, position
          from jsonb_to_recordset(${json(specs)}::jsonb)
            as x(id int, group_id int, label text, value text, unit text, position int)`);
    }
    if (tables.length)
      await tx.execute(sql`insert into product_tables (id, product_id, heading, intro, columns_json, rows_json, note)
        select id, ${productId}, heading, intro, columns_json, rows_json, note
        from jsonb_to_recordset(${json(tables)}::jsonb)
          as x(id int, heading text, intro text, columns_json text, rows_json text, note text)`);
    if (blocks.length)
      await tx.execute(sql`insert into product_layout_blocks (id, product_id, block_type, ref_id, position)
        select id, ${productId}, block_type, ref_id, position
        from jsonb_to_recordset(${json(blocks)}::jsonb) as x(id int, block_type text, ref_id int, position int)`);
  }

  /**
   * Which of the target's fields can come back, as { column: value }, and which cannot and why.
   * The target is { field: value } of the version to bring back; the row is the entity as it is
   * now, locked.
   */
  async function plan(
    tx: Tx,
    type: RestorableType,
    id: number,
    target: Row,
    current: Row,
  ): Promise<{ values: Row; skipped: SkippedField[]; sections?: Row }> {
    const table = ENTITY_TABLES[type];
    const values: Row = {};
    const skipped: SkippedField[] = [];
    const skip = (field: string, message: string) => skipped.push({ field, message });
    const wanted = (field: string) => target[field] ?? null;
    let sections: Row | undefined;

    for (const field of Object.keys(target)) {
      if (IMAGE_FIELDS[type].includes(field)) {
        skip(field, HISTORY_TEXT.imagesNotRestored);
        continue;
      }
      if (type === 'product' && field === 'sections') {
        // A whole document or nothing: a partial one would rebuild the product without its sections.
        const doc = wanted(field);
        if (doc && typeof doc === 'object' && 'layout' in doc) sections = doc as Row;
        else skip(field, HISTORY_TEXT.notRestorable);
        continue;
      }
      if (COLUMNS[type][field]) values[field] = wanted(field);
    }

    const check = async (field: string, ok: boolean | Promise<boolean>, message: string) => {
      if (!(field in values)) return;
      if (await ok) return;
      delete values[field];
      skip(field, message);
    };
    const gone = (field: string, refTable: string) => {
      const ref = values[field];
      return ref === null || ref === undefined ? true : rowExists(tx, refTable, ref);
    };

    if ('name' in values) await check('name', !blank(values.name), VALIDATION.nameRequired);
    if ('slug' in values) {
      const slug = asText(values.slug) ?? '';
      await check(
        'slug',
        !blank(slug) && !(await valueTaken(tx, table, 'slug', slug, id)),
        HISTORY_TEXT.slugTaken(slug),
      );
    }

    if (type === 'product') {
      if ('sku' in values) {
        const sku = asText(values.sku);
        await check(
          'sku',
          sku === null || !(await valueTaken(tx, 'products', 'sku', sku, id)),
          HISTORY_TEXT.skuTaken(sku ?? ''),
        );
      }
      if ('mrp' in values) {
        const mrp = money(values.mrp);
        await check('mrp', mrp !== null, PRODUCT_MESSAGES.mrpInvalid);
        if (mrp !== null) values.mrp = mrp;
      }
      await check(
        'status',
        (PRODUCT_STATUSES as readonly unknown[]).includes(values.status),
        PRODUCT_STATUS_TEXT.invalid,
      );
      await check('category_id', gone('category_id', 'categories'), HISTORY_TEXT.categoryGone);
      await check('brand_id', gone('brand_id', 'brands'), HISTORY_TEXT.brandGone);
    }

    if (type === 'category' && 'parent_id' in values) {
      const parentId = values.parent_id === null ? null : Number(values.parent_id);
      if (parentId !== null && !(await rowExists(tx, 'categories', parentId))) {
        delete values.parent_id;
        skip('parent_id', HISTORY_TEXT.parentNotRestored);
      } else if (parentId !== null && (parentId === id || (await isInSubtree(tx, id, parentId)))) {
        delete values.parent_id;
        skip('parent_id', API_ERROR.categoryCycle);
      } else if (parentId !== current.parent_id && !('sort_order' in values)) {
        // Back under its old parent, after the children it has there now.
        values.sort_order = await nextSortOrder(tx, parentId);
      }
    }

    if (type === 'discount') {
      const merged = { ...current, ...values };
      // The target is one thing (what applies_to names, and its id): it comes back whole or not at all.
      const target = ['applies_to', 'product_id', 'category_id', 'brand_id'].filter((f) => f in values);
      if (target.length) {
        const scope = String(merged.applies_to);
        const refTable = ENTITY_TABLES[scope as DiscountScope] ?? ENTITY_TABLES.product;
        if (!(await rowExists(tx, refTable, merged[`${scope}_id`]))) {
          const message =
            scope === 'category'
              ? HISTORY_TEXT.categoryGone
              : scope === 'brand'
                ? HISTORY_TEXT.brandGone
                : HISTORY_TEXT.entityGone('product');
          for (const f of target) {
            delete values[f];
            skip(f, message);
          }
        }
      }
      const pricing = ['type', 'value'].filter((f) => f in values);
      if (pricing.length) {
        const value = money(merged.value);
        const tooHigh = merged.type === 'percent' && value !== null && Number(value) > 100;
        if (value === null || tooHigh || !['percent', 'amount'].includes(String(merged.type))) {
          for (const f of pricing) {
            delete values[f];
            skip(f, tooHigh ? DISCOUNT_TEXT.percentTooHigh : PRODUCT_MESSAGES.discountInvalid);
          }
        } else if ('value' in values) values.value = value;
      }
      const window = ['starts_at', 'ends_at'].filter((f) => f in values);
      const startsAt = merged.starts_at ? new Date(String(merged.starts_at)) : null;
      const endsAt = merged.ends_at ? new Date(String(merged.ends_at)) : null;
      if (window.length && startsAt && endsAt && endsAt < startsAt) {
        for (const f of window) {
          delete values[f];
          skip(f, DISCOUNT_TEXT.endBeforeStart);
        }
      }
    }
    return { values, skipped, sections };
  }

  async function newEntry(
    tx: Tx,
    type: EntityType,
    id: number,
    name: string | null,
  ): Promise<HistoryEntry | null> {
    const { rows } = await tx.execute<Row>(sql`
      select c.id::text as id, c.actor_id, u.name as actor_name, c.at, c.entity_type, c.entity_id,
        c.action, c.changes, c.batch_id::text as batch_id
      from change_log c left join users u on u.id = c.actor_id
      where c.tx = txid_current() and c.entity_type = ${type} and c.entity_id = ${id}`);
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      actor_id: row.actor_id as number | null,
      actor_name: row.actor_name as string | null,
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
  async function load(entryId: number, to: RestoreTarget): Promise<Loaded> {
    const { rows } = await db.execute<Row>(
      sql`select entity_type, entity_id, action, changes from change_log where id = ${entryId}`,
    );
    const entry = rows[0];
    if (!entry) throw notFound(HISTORY_TEXT.notFound);
    const type = String(entry.entity_type);
    const action = String(entry.action);
    if (!isRestorable(type) || entry.entity_id === null || action === 'bulk' || action === 'import')
      throw conflict(HISTORY_TEXT.notRestorable);
    const changes = parseChanges(entry.changes);
    const fields = Object.values(changes);
    if (to === 'before') {
      // A create, or a comeback from the trash (every field new): there is no earlier version.
      const created =
        action === 'restore' && (fields.every((f) => f?.before === null) || isComeback(action, changes));
      if (action === 'create' || created || fields.length === 0)
        throw conflict(HISTORY_TEXT.nothingToRestore);
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
      select c.id::text as id, c.actor_id, u.name as actor_name, c.at, c.action, c.changes,
        c.batch_id::text as batch_id
      from change_log c left join users u on u.id = c.actor_id
      where c.entity_type = ${loaded.type} and c.entity_id = ${loaded.id} and c.id > ${loaded.entryId}
      order by c.id`);
    return rows.map((row) => ({
      id: Number(row.id),
      actor_id: row.actor_id as number | null,
      actor_name: row.actor_name as string | null,
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
    const planned = await plan(tx, type, id, target, current);
    const restored = [
      ...Object.keys(planned.values).filter((c) => c in target),
      ...(planned.sections ? ['sections'] : []),
    ];
    return { ...planned, restored, later: undone(later, restored) };
  }

  return {
    /**
     * Brings back a version of an entry's entity as a new change: the fields it changed as they
     * were before it (the default), or the whole row and sections as they were right after it.
     */
    async restore(entryId: number, to: RestoreTarget = 'before'): Promise<HistoryRestoreResult> {
      const loaded = await load(entryId, to);
      const { type, id } = loaded;
      const table = ENTITY_TABLES[type];

      return db.transaction(async (tx) => {
        await setChangeContext(tx, { action: 'restore' });
        const { values, skipped, sections, restored } = await prepare(tx, loaded, true);
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
      const loaded = await load(entryId, to);
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
