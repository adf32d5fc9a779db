import { sql } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#domain/customers';
import { DISCOUNT_TEXT } from '#domain/discounts';
import { HISTORY_TEXT, type SkippedField } from '#domain/history';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { centsToDecimal, toCents } from '#domain/money';
import type { DiscountScope } from '#domain/pricing';
import { amount, PRODUCT_MESSAGES, PRODUCT_STATUS_TEXT, PRODUCT_STATUSES } from '#domain/products';
import type { Tx } from '../db/client';
import { isInSubtree, nextSortOrder } from '../modules/categories/tree';
import { ENTITY_TABLES, type RestorableType, rowExists, valueTaken } from './entity-rows';

type Row = Record<string, unknown>;

/**
 * The columns a restore writes, with the cast each value takes; a field of an entry that is
 * not here (a derived or bookkeeping column) is left alone.
 */
export const COLUMNS: Record<RestorableType, Record<string, string>> = {
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
  // A customer's merge is undone as a whole (customer-merge.ts), never field by field.
  customer: { name: 'text', email: 'text', phone: 'text', company_id: 'integer', sees_company: 'boolean' },
  company: { name: 'text', phone: 'text', website: 'text', address: 'text' },
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
  customer: [],
  company: [],
};

export const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** An amount as numeric(12,2) text, or null when it is not one the services would take. */
function money(value: unknown): string | null {
  const parsed = amount('').safeParse(value);
  return parsed.success ? centsToDecimal(toCents(parsed.data)) : null;
}

/**
 * Which of the target's fields can come back, as { column: value }, and which cannot and why.
 * The target is { field: value } of the version to bring back; the row is the entity as it is
 * now, locked.
 */
export async function planRestore(
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

  if (type === 'customer') {
    if ('email' in values) {
      const email = asText(values.email) ?? '';
      const { rows } = await tx.execute(
        sql`select 1 from customers where lower(email) = lower(${email}) and id <> ${id}`,
      );
      await check('email', !blank(email) && rows.length === 0, CUSTOMER_TEXT.emailTaken);
    }
    await check('company_id', gone('company_id', 'companies'), CUSTOMER_TEXT.companyNotFound);
    if ('sees_company' in values && values.sees_company === null) values.sees_company = false;
  }
  if (type === 'company' && 'name' in values) {
    const { rows } = await tx.execute(
      sql`select 1 from companies where lower(btrim(name)) = lower(btrim(${asText(values.name) ?? ''})) and id <> ${id}`,
    );
    await check('name', rows.length === 0, CUSTOMER_TEXT.companyNameTaken);
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
