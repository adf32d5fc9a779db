import { type SQL, sql } from 'drizzle-orm';
import { DISCOUNT_TEXT } from '#domain/discounts';
import {
  type EntityType,
  HISTORY_TEXT,
  type HistoryEntry,
  type HistoryRestoreResult,
  type SkippedField,
} from '#domain/history';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { centsToDecimal, toCents } from '#domain/money';
import type { DiscountScope } from '#domain/pricing';
import { amount, PRODUCT_MESSAGES, PRODUCT_STATUS_TEXT, PRODUCT_STATUSES } from '#domain/products';
import type { Db, Tx } from '../db/client';
import { ADVISORY_LOCKS } from '../db/locks';
import { conflict, notFound } from '../errors/app-error';
import { isInSubtree, nextSortOrder, recomputeSubtrees } from '../modules/categories/categories.service';
import { setChangeContext } from './change-context';
import { ENTITY_TABLES, type RestorableType, rowExists, valueTaken } from './entity-rows';

const isRestorable = (type: string): type is RestorableType => type in ENTITY_TABLES;

type Changes = Record<string, { before: unknown; after: unknown }>;
type Row = Record<string, unknown>;

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
   * Which fields of a change can come back, as { column: value }, and which cannot and why. The
   * row is the entity as it is now, locked.
   */
  async function plan(
    tx: Tx,
    type: RestorableType,
    id: number,
    changes: Changes,
    current: Row,
  ): Promise<{ values: Row; skipped: SkippedField[]; sections?: Row }> {
    const table = ENTITY_TABLES[type];
    const values: Row = {};
    const skipped: SkippedField[] = [];
    const skip = (field: string, message: string) => skipped.push({ field, message });
    const before = (field: string) => changes[field]?.before ?? null;
    let sections: Row | undefined;

    for (const field of Object.keys(changes)) {
      if (IMAGE_FIELDS[type].includes(field)) {
        skip(field, HISTORY_TEXT.imagesNotRestored);
        continue;
      }
      if (type === 'product' && field === 'sections') {
        // A whole document or nothing: a partial one would rebuild the product without its sections.
        const doc = before(field);
        if (doc && typeof doc === 'object' && 'layout' in doc) sections = doc as Row;
        else skip(field, HISTORY_TEXT.notRestorable);
        continue;
      }
      if (COLUMNS[type][field]) values[field] = before(field);
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
      changes: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as Changes,
      batch_id: row.batch_id === null ? null : Number(row.batch_id),
    };
  }

  return {
    async restore(entryId: number): Promise<HistoryRestoreResult> {
      const { rows } = await db.execute<Row>(
        sql`select entity_type, entity_id, action, changes from change_log where id = ${entryId}`,
      );
      const entry = rows[0];
      if (!entry) throw notFound(HISTORY_TEXT.notFound);
      const type = String(entry.entity_type);
      if (
        !isRestorable(type) ||
        entry.entity_id === null ||
        entry.action === 'bulk' ||
        entry.action === 'import'
      )
        throw conflict(HISTORY_TEXT.notRestorable);
      const changes = (
        typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes
      ) as Changes;
      // A create, or a comeback from the trash (every field new): there is no earlier version.
      const fields = Object.values(changes);
      const created = entry.action === 'restore' && fields.every((f) => f?.before === null);
      if (entry.action === 'create' || created || fields.length === 0)
        throw conflict(HISTORY_TEXT.nothingToRestore);
      const id = Number(entry.entity_id);
      const table = ENTITY_TABLES[type];

      return db.transaction(async (tx) => {
        await setChangeContext(tx, { action: 'restore' });
        // A category's parent and place in the tree are read and written under the tree's lock.
        if (type === 'category')
          await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.categoryTree})`);
        const [current] = (
          await tx.execute<Row>(sql`select * from ${sql.identifier(table)} where id = ${id} for update`)
        ).rows;
        if (!current) throw conflict(HISTORY_TEXT.entityGone(type));

        const { values, skipped, sections } = await plan(tx, type, id, changes, current);
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
        const restored = [...columns.filter((c) => c in changes), ...(sections ? ['sections'] : [])];

        const [after] = (
          await tx.execute<{ name: string }>(sql`select name from ${sql.identifier(table)} where id = ${id}`)
        ).rows;
        return { data: await newEntry(tx, type, id, after?.name ?? null), restored, skipped };
      });
    },
  };
}

export type RestoreService = ReturnType<typeof createRestoreService>;
