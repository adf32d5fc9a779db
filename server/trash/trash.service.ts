import { type SQL, sql } from 'drizzle-orm';
import {
  HISTORY_LIMITS,
  HISTORY_TEXT,
  type SkippedField,
  TRASH_RESTORE_RIGHT,
  type TrashItem,
  type TrashRestoreResult,
  type TrashType,
} from '#domain/history';
import { VARIANT_MESSAGES } from '#domain/variants';
import { type Rights, requireProductRights, requireRights } from '../auth/rights';
import { CURRENT_ACTOR_SQL, CURRENT_TOKEN_SQL } from '../db/change-context';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { escapeLike, limitInText } from '../db/query/sql';
import { conflict, notFound } from '../errors/app-error';
import { ENTITY_TABLES, rowExists, valueTaken } from '../history/entity-rows';
import type { ImageOps, ImagesService } from '../images/images.service';
import { imageUrl } from '../images/store';
import { lockCategoryTree, recomputeSubtrees } from '../modules/categories/tree';
import { intArray, logAs, type Snapshot } from '../modules/shared/trash-move';

const DAY_MS = 86_400_000;

/**
 * Re-inserts rows with their own ids, as the snapshot holds them. Only the stored columns are
 * written: a generated column (a request's search text) refuses a value and is computed again.
 */
async function insertRows(tx: Tx, table: string, rows: Record<string, unknown>[] | undefined) {
  if (!rows || rows.length === 0) return;
  const { rows: stored } = await tx.execute<{ name: string }>(sql`select attname as name from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum`);
  const columns = sql.join(
    stored.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  await tx.execute(sql`insert into ${sql.identifier(table)} (${columns})
    select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`);
}

/** A row that points at a parent which may be gone since: kept if it exists, else null and said. */
async function keepIfThere(
  tx: Tx,
  row: Record<string, unknown>,
  field: string,
  table: 'categories' | 'brands',
  message: string,
  skipped: SkippedField[],
) {
  if (row[field] === null || row[field] === undefined) return;
  if (await rowExists(tx, table, row[field])) return;
  row[field] = null;
  skipped.push({ field, message });
}

/** Sets `column` to null in the rows whose reference names a row of `table` that is gone. */
async function clearGone(tx: Tx, rows: Record<string, unknown>[] | undefined, column: string, table: string) {
  const named = [...new Set((rows ?? []).map((r) => r[column]).filter((v) => v !== null && v !== undefined))];
  if (named.length === 0) return;
  const { rows: found } = await tx.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where id = any(${intArray(named.map(Number))}) for key share`,
  );
  const there = new Set(found.map((r) => r.id));
  for (const row of rows ?? [])
    if (row[column] !== null && !there.has(Number(row[column]))) row[column] = null;
}

/** The rows whose reference names a row of `table` that still exists (locked against its delete). */
async function whereParentIs(
  tx: Tx,
  rows: Record<string, unknown>[] | undefined,
  column: string,
  table: string,
) {
  const named = [...new Set((rows ?? []).map((r) => Number(r[column])))];
  if (named.length === 0) return [];
  const { rows: found } = await tx.execute<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where id = any(${intArray(named)}) for key share`,
  );
  const there = new Set(found.map((r) => r.id));
  return (rows ?? []).filter((row) => there.has(Number(row[column])));
}

async function relink(tx: Tx, table: string, column: string, id: number, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return;
  await tx.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${id}
    where id = any(${intArray(ids)}) and ${sql.identifier(column)} is null`);
}

const slugConflict = (value: unknown) => {
  const message = HISTORY_TEXT.slugTaken(String(value));
  return conflict(message, { slug: message });
};

/** Puts an entry's rows back; answers what could not go back as it was. */
async function putBack(tx: Tx, type: TrashType, id: number, data: Snapshot): Promise<SkippedField[]> {
  const skipped: SkippedField[] = [];
  const links = data.links ?? {};
  switch (type) {
    case 'product': {
      const row = { ...data.products[0] };
      if (await valueTaken(tx, 'products', 'slug', row.slug)) throw slugConflict(row.slug);
      if (await valueTaken(tx, 'products', 'sku', row.sku)) {
        const message = HISTORY_TEXT.skuTaken(String(row.sku));
        throw conflict(message, { sku: message });
      }
      await keepIfThere(tx, row, 'category_id', 'categories', HISTORY_TEXT.categoryGone, skipped);
      await keepIfThere(tx, row, 'brand_id', 'brands', HISTORY_TEXT.brandGone, skipped);
      // The gallery's rows count themselves in again as they are inserted (migration 0006).
      row.image_count = 0;
      await logAs(tx, 'restore');
      // An entry trashed with its variants brings them back, and the product no default of its
      // own; one trashed before products had variants gets its default as a new product does.
      const ownVariants = (data.product_variants?.length ?? 0) > 0;
      if (ownVariants) await tx.execute(sql`select set_config('stockroom.own_variants', 'on', true)`);
      await insertRows(tx, 'products', [row]);
      if (ownVariants) await tx.execute(sql`select set_config('stockroom.own_variants', '', true)`);
      for (const table of [
        'product_images',
        'product_lists',
        'product_list_items',
        'product_spec_groups',
        'product_specs',
        'product_tables',
        'product_layout_blocks',
        'discounts',
        'product_options',
        'product_option_values',
        'product_variants',
        'variant_price_tiers',
        'product_translations',
        'product_option_translations',
      ])
        await insertRows(tx, table, data[table]);
      // A row of a price list deleted since stays out, as the list's other rows went with it.
      await insertRows(
        tx,
        'price_list_prices',
        await whereParentIs(tx, data.price_list_prices, 'price_list_id', 'price_lists'),
      );
      await logAs(tx, '');
      await relink(tx, 'inquiries', 'product_id', id, links.inquiries);
      await relink(tx, 'inquiry_lines', 'product_id', id, links.inquiry_lines);
      await relink(tx, 'quote_lines', 'product_id', id, links.quote_lines);
      // Priced on insert before its discounts were back: due again, as after any write.
      await tx.execute(sql`insert into product_price_due (product_id, due) values (${id}, '-infinity')
        on conflict (product_id) do update set due = '-infinity'`);
      return skipped;
    }
    case 'category': {
      await lockCategoryTree(tx);
      const row = { ...data.categories[0] };
      if (await valueTaken(tx, 'categories', 'slug', row.slug)) throw slugConflict(row.slug);
      if (row.parent_id !== null && !(await rowExists(tx, 'categories', row.parent_id))) {
        row.parent_id = null;
        skipped.push({ field: 'parent_id', message: HISTORY_TEXT.parentGone });
      }
      await logAs(tx, 'restore');
      await insertRows(tx, 'categories', [row]);
      await insertRows(tx, 'discounts', data.discounts);
      await logAs(tx, '');
      await relink(tx, 'categories', 'parent_id', id, links.children);
      await relink(tx, 'products', 'category_id', id, links.products);
      await recomputeSubtrees(tx, [id]);
      return skipped;
    }
    case 'brand': {
      const row = data.brands[0];
      if (await valueTaken(tx, 'brands', 'slug', row.slug)) throw slugConflict(row.slug);
      await logAs(tx, 'restore');
      await insertRows(tx, 'brands', [row]);
      await insertRows(tx, 'discounts', data.discounts);
      await logAs(tx, '');
      await relink(tx, 'products', 'brand_id', id, links.products);
      return skipped;
    }
    case 'inquiry': {
      // Whom or what its rows name may be gone since: those references come back empty.
      await clearGone(tx, data.inquiries, 'owner_id', 'users');
      await clearGone(tx, data.inquiries, 'product_id', 'products');
      await clearGone(tx, data.inquiry_lines, 'product_id', 'products');
      await clearGone(tx, data.inquiry_notes, 'author_id', 'users');
      await clearGone(tx, data.inquiry_events, 'actor_id', 'users');
      await clearGone(tx, data.quotes, 'created_by', 'users');
      await clearGone(tx, data.quote_lines, 'product_id', 'products');
      // Its customer is found again from its e-mail on insert (migration 0042), merges followed.
      await logAs(tx, 'restore');
      for (const table of [
        'inquiries',
        'inquiry_lines',
        'inquiry_notes',
        'inquiry_events',
        'quotes',
        'quote_lines',
      ])
        await insertRows(tx, table, data[table]);
      await logAs(tx, '');
      await relink(tx, 'orders', 'inquiry_id', id, links.orders);
      await relink(tx, 'outbox', 'inquiry_id', id, links.outbox);
      for (const table of ['orders', 'outbox'])
        await tx.execute(sql`update ${sql.identifier(table)} t set quote_id = p.quote_id
          from jsonb_to_recordset(${JSON.stringify(data[`${table === 'orders' ? 'order' : 'outbox'}_quotes`] ?? [])}::jsonb)
            as p(id int, quote_id int)
          where t.id = p.id and t.quote_id is null`);
      return skipped;
    }
    case 'discount': {
      const row = data.discounts[0];
      const target = {
        product: ['products', row.product_id],
        category: ['categories', row.category_id],
        brand: ['brands', row.brand_id],
      }[String(row.applies_to)] as ['products' | 'categories' | 'brands', unknown] | undefined;
      if (target && !(await rowExists(tx, target[0], target[1]))) {
        const message = HISTORY_TEXT.entityGone(String(row.applies_to));
        throw conflict(message, { [`${row.applies_to}_id`]: message });
      }
      await logAs(tx, 'restore');
      await insertRows(tx, 'discounts', [row]);
      await logAs(tx, '');
      return skipped;
    }
  }
}

type TrashRow = {
  entity_type: TrashType;
  entity_id: number;
  name: string;
  deleted_at: Date | string;
  deleted_by: number | null;
  deleted_by_name: string | null;
  purge_at: Date | string;
  total: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The trash: what deletes moved there, restoring it with its own ids, and purging it for good,
 * which releases its images through their reference counts.
 */

/** The table whose row an entry is. */
const TRASH_TABLES: Record<TrashType, string> = { ...ENTITY_TABLES, inquiry: 'inquiries' };

export function createTrashService(db: Db, images: ImagesService) {
  /**
   * Deletes entries and releases their images, logging a 'purge' for each; in the caller's
   * transaction. One statement however many entries go, so emptying a trash of a bulk delete's
   * hundred thousand products sends no row back but the images' counts.
   */
  async function purgeWhere(tx: Tx, ops: ImageOps, where: SQL) {
    const { rows } = await tx.execute<{ purged: number; held: Record<string, number> }>(sql`
      with gone as (
        delete from trash where ${where} returning entity_type, entity_id, name, image_keys
      ), logged as (
        -- The triggers do not watch the trash: its purges are logged here, under the same actor.
        insert into change_log (actor_id, token_id, entity_type, entity_id, action, changes)
        select ${CURRENT_ACTOR_SQL}, ${CURRENT_TOKEN_SQL}, entity_type, entity_id, 'purge',
          jsonb_build_object('name', jsonb_build_object('before', name, 'after', null))
        from gone
      )
      select (select count(*)::int from gone) as purged,
        (select coalesce(jsonb_object_agg(key, n), '{}'::jsonb)
          from (select key, count(*)::int as n from gone, unnest(gone.image_keys) as key group by key) k) as held`);
    const { purged, held } = rows[0];
    if (purged > 0) await ops.detachMany(Object.entries(held).map(([key, n]) => [imageUrl(key), n]));
    return purged;
  }

  return {
    /** GET /api/trash: newest first. */
    async list(query: { entity_type?: TrashType; q?: string; page?: number; limit?: number }) {
      const page = query.page ?? 1;
      const limit = query.limit ?? HISTORY_LIMITS.defaultLimit;
      const filters = [
        query.entity_type ? sql`t.entity_type = ${query.entity_type}` : undefined,
        query.q ? sql`t.name ilike ${`%${escapeLike(query.q)}%`}` : undefined,
      ].filter((f): f is SQL => f !== undefined);
      const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const { rows } = await db.execute<TrashRow>(sql`
        select t.entity_type, t.entity_id, t.name, t.deleted_at, t.deleted_by, u.name as deleted_by_name,
          t.deleted_at + ${`${HISTORY_LIMITS.trashDays} days`}::interval as purge_at,
          (select count(*)::int from trash t ${where}) as total
        from trash t left join users u on u.id = t.deleted_by
        ${where}
        order by t.deleted_at desc, t.entity_type, t.entity_id desc
        limit ${limitInText(limit)} offset ${limitInText((page - 1) * limit)}`);
      let total = rows[0]?.total;
      if (total === undefined) {
        const { rows: counted } = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from trash t ${where}`,
        );
        total = counted[0].n;
      }
      const data: TrashItem[] = rows.map((r) => ({
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        name: r.name,
        deleted_at: iso(r.deleted_at),
        deleted_by: r.deleted_by,
        deleted_by_name: r.deleted_by_name,
        purge_at: iso(r.purge_at),
      }));
      return { data, meta: { total, total_exact: true, page, limit } };
    },

    /**
     * Puts an entry back with its own ids, in one transaction logged as 'restore'. A slug or SKU
     * taken since refuses it (409) and changes nothing.
     */
    /**
     * Puts an entry back. It needs the right editing its entity needs, and a product that comes
     * back published or archived needs product.publish, as creating it would; its price comes
     * back as it was, which changes no price.
     */
    async restore(type: TrashType, id: number, rights: Rights): Promise<TrashRestoreResult> {
      let row: Record<string, unknown> = {};
      try {
        return await db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ name: string; data: Snapshot }>(
            sql`select name, data from trash where entity_type = ${type} and entity_id = ${id} for update`,
          );
          if (rows.length === 0) throw notFound(HISTORY_TEXT.trashNotFound);
          row = rows[0].data[TRASH_TABLES[type]]?.[0] ?? {};
          if (type === 'product')
            requireProductRights(rights, {
              other: true,
              status: row.status !== undefined && row.status !== 'draft',
            });
          else requireRights(rights, [TRASH_RESTORE_RIGHT[type]]);
          // A product's own discount coming back changes that product's price.
          if (type === 'discount' && row.editor_owned === true) requireRights(rights, ['product.price']);
          const skipped = await putBack(tx, type, id, rows[0].data);
          await tx.execute(sql`delete from trash where entity_type = ${type} and entity_id = ${id}`);
          return { data: { entity_type: type, entity_id: id, name: rows[0].name }, skipped };
        });
      } catch (error) {
        // Taken between the check and the insert by a concurrent write.
        if (isUniqueViolation(error, 'products_sku_key'))
          throw conflict(HISTORY_TEXT.skuTaken(String(row.sku)));
        // A variant's SKU given to another product or variant while this one was in the trash.
        if (isUniqueViolation(error, 'product_variants_sku_key'))
          throw conflict(VARIANT_MESSAGES.skuTaken, { sku: VARIANT_MESSAGES.skuTaken });
        if (isUniqueViolation(error)) throw slugConflict(row.slug);
        throw error;
      }
    },

    /** DELETE /api/trash/{type}/{id}: gone for good; its images are let go of. */
    async purge(type: TrashType, id: number) {
      const n = await images.transaction((tx, ops) =>
        purgeWhere(tx, ops, sql`entity_type = ${type} and entity_id = ${id}`),
      );
      if (n === 0) throw notFound(HISTORY_TEXT.trashNotFound);
    },

    /** DELETE /api/trash: every entry, or every entry of one type, gone for good; answers how many. */
    async empty(type?: TrashType) {
      return images.transaction((tx, ops) =>
        purgeWhere(tx, ops, type ? sql`entity_type = ${type}` : sql`true`),
      );
    },

    /** Purges every entry older than the trash keeps them (the scheduled job); answers how many. */
    async emptyExpired(now: Date = new Date()) {
      const cutoff = new Date(now.getTime() - HISTORY_LIMITS.trashDays * DAY_MS);
      return images.transaction((tx, ops) =>
        purgeWhere(tx, ops, sql`deleted_at <= ${cutoff.toISOString()}::timestamptz`),
      );
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
