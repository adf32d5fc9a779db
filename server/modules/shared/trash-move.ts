import { type SQL, sql } from 'drizzle-orm';
import type { ChangeAction, TrashType } from '#domain/history';
import { CURRENT_ACTOR_SQL, setChangeContext } from '../../db/change-context';
import type { Tx } from '../../db/client';
import { STORED_URL_SQL } from '../../images/store';

/**
 * A trash entry's data: each table's rows as to_jsonb wrote them, and under links the ids of
 * rows whose reference the delete set to null (a product's inquiries, a category's children).
 */
export type Snapshot = Record<string, Record<string, unknown>[]> & { links?: Record<string, number[]> };

const keyOf = (url: SQL) =>
  sql`case when ${url} ~ ${STORED_URL_SQL.match} then substr(${url}, ${STORED_URL_SQL.keyFrom}, ${STORED_URL_SQL.keyLength}) end`;
export const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Names what the next writes of the transaction are for the change log. Only the action: a bulk
 * delete's batch id, set by its caller, stays.
 */
export async function logAs(tx: Tx, action: ChangeAction | '') {
  await setChangeContext(tx, { action: action === '' ? undefined : action });
}

const rowsOf = (table: string, where: SQL, group: SQL, join: SQL = sql``, order: SQL = sql`x.id`) =>
  sql`select ${group} as owner, jsonb_agg(to_jsonb(x) order by ${order}) as rows
    from ${sql.identifier(table)} x ${join} where ${where} group by 1`;
/** A table keyed by its variant and more: the products' variants' rows, in key order. */
const variantRowsOf = (table: string, ids: SQL, order: SQL) =>
  rowsOf(
    table,
    sql`v.product_id = any(${ids})`,
    sql`v.product_id`,
    sql`join product_variants v on v.id = x.variant_id`,
    order,
  );
const idsOf = (table: string, ids: SQL) =>
  sql`select product_id as owner, jsonb_agg(id order by id) as rows
    from ${sql.identifier(table)} where product_id = any(${ids}) group by 1`;

/**
 * Snapshots products into the trash in one statement however many there are: each table's rows
 * aggregated by product once, never a query per product. The gallery's image references pass to
 * the entries as they are (they are released when an entry is purged).
 */
export async function snapshotProducts(tx: Tx, ids: SQL) {
  const parts: [string, SQL][] = [
    ['product_images', rowsOf('product_images', sql`x.product_id = any(${ids})`, sql`x.product_id`)],
    ['product_lists', rowsOf('product_lists', sql`x.product_id = any(${ids})`, sql`x.product_id`)],
    [
      'product_list_items',
      rowsOf(
        'product_list_items',
        sql`l.product_id = any(${ids})`,
        sql`l.product_id`,
        sql`join product_lists l on l.id = x.list_id`,
      ),
    ],
    [
      'product_spec_groups',
      rowsOf('product_spec_groups', sql`x.product_id = any(${ids})`, sql`x.product_id`),
    ],
    [
      'product_specs',
      rowsOf(
        'product_specs',
        sql`g.product_id = any(${ids})`,
        sql`g.product_id`,
        sql`join product_spec_groups g on g.id = x.group_id`,
      ),
    ],
    ['product_tables', rowsOf('product_tables', sql`x.product_id = any(${ids})`, sql`x.product_id`)],
    [
      'product_layout_blocks',
      rowsOf('product_layout_blocks', sql`x.product_id = any(${ids})`, sql`x.product_id`),
    ],
    ['discounts', rowsOf('discounts', sql`x.product_id = any(${ids})`, sql`x.product_id`)],
    ['product_options', rowsOf('product_options', sql`x.product_id = any(${ids})`, sql`x.product_id`)],
    [
      'product_option_values',
      rowsOf(
        'product_option_values',
        sql`o.product_id = any(${ids})`,
        sql`o.product_id`,
        sql`join product_options o on o.id = x.option_id`,
      ),
    ],
    ['product_variants', rowsOf('product_variants', sql`x.product_id = any(${ids})`, sql`x.product_id`)],
    // Its quantity breaks and its rows in price lists: without them a restored product would sell
    // at its list price to customers who agreed another.
    ['variant_price_tiers', variantRowsOf('variant_price_tiers', ids, sql`x.variant_id, x.min_quantity`)],
    [
      'price_list_prices',
      variantRowsOf('price_list_prices', ids, sql`x.price_list_id, x.variant_id, x.min_quantity`),
    ],
    // Translations have no id of their own: their key is the item's and the locale.
    [
      'product_translations',
      rowsOf(
        'product_translations',
        sql`x.product_id = any(${ids})`,
        sql`x.product_id`,
        sql``,
        sql`x.locale`,
      ),
    ],
    [
      'product_option_translations',
      rowsOf(
        'product_option_translations',
        sql`o.product_id = any(${ids})`,
        sql`o.product_id`,
        sql`join product_options o on o.id = x.option_id`,
        sql`x.option_id, x.locale`,
      ),
    ],
  ];
  const links = ['inquiries', 'inquiry_lines', 'quote_lines'].map((t) => [t, idsOf(t, ids)] as const);
  const alias = (i: number) => sql.identifier(`s${i}`);
  const linkAlias = (i: number) => sql.identifier(`l${i}`);
  await tx.execute(sql`
    insert into trash (entity_type, entity_id, name, data, image_keys, deleted_by)
    select 'product', p.id, p.name,
      jsonb_build_object('products', jsonb_build_array(to_jsonb(p)),
        ${sql.join(
          parts.map(([name], i) => sql`${name}::text, coalesce(${alias(i)}.rows, '[]'::jsonb)`),
          sql`, `,
        )},
        'links', jsonb_build_object(${sql.join(
          links.map(([name], i) => sql`${name}::text, coalesce(${linkAlias(i)}.rows, '[]'::jsonb)`),
          sql`, `,
        )})),
      coalesce(k.keys, '{}'::text[]), ${CURRENT_ACTOR_SQL}
    from products p
    left join (
      select owner, array_agg(key order by id) as keys
      -- Fenced, so that only the products' images are matched: the planner otherwise tested every
      -- image's URL against the pattern before their product.
      from (select product_id as owner, id, ${keyOf(sql`url`)} as key
        from product_images where product_id = any(${ids}) offset 0) i
      where key is not null group by 1
    ) k on k.owner = p.id
    ${sql.join(
      parts.map(([, q], i) => sql`left join (${q}) ${alias(i)} on ${alias(i)}.owner = p.id`),
      sql` `,
    )}
    ${sql.join(
      links.map(([, q], i) => sql`left join (${q}) ${linkAlias(i)} on ${linkAlias(i)}.owner = p.id`),
      sql` `,
    )}
    where p.id = any(${ids})`);
}

/**
 * Clears the references a product's delete would set to null (its inquiries, their lines, quote
 * lines), as plain updates of those rows: left to the foreign keys they ran inside the delete,
 * and their log entries would say the inquiries were trashed. `inquiries` runs the inquiries'
 * own update (a bulk delete wraps it to merge their trigram entries once).
 */
export async function unlinkProducts(
  tx: Tx,
  ids: SQL,
  inquiries: (write: () => Promise<unknown>) => Promise<unknown> = (w) => w(),
) {
  for (const table of ['inquiry_lines', 'quote_lines'])
    await tx.execute(
      sql`update ${sql.identifier(table)} set product_id = null where product_id = any(${ids})`,
    );
  await inquiries(() =>
    tx.execute(sql`update inquiries set product_id = null where product_id = any(${ids})`),
  );
}

/** Marks the rest of the transaction's writes as a move to the trash, or ends that. */
export const logTrash = (tx: Tx, on: boolean) => logAs(tx, on ? 'trash' : '');

/**
 * Snapshots a quote request into the trash: the request with its basket, notes, history, quotes
 * and their lines, and the orders and messages that pointed at it or its quotes (their delete sets
 * those to null; a restore points them back). Named by its reference, its subject and its sender.
 */
async function snapshotInquiry(tx: Tx, id: number, name: string) {
  const quoteIds = sql`(select id from quotes where inquiry_id = ${id})`;
  const rows = (table: string, where: SQL) =>
    sql`(select coalesce(jsonb_agg(to_jsonb(x) order by x.id), '[]'::jsonb) from ${sql.identifier(table)} x where ${where})`;
  const pairs = (table: string) =>
    sql`(select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'quote_id', x.quote_id) order by x.id), '[]'::jsonb)
      from ${sql.identifier(table)} x where x.quote_id in ${quoteIds})`;
  const ids = (table: string) =>
    sql`(select coalesce(jsonb_agg(x.id order by x.id), '[]'::jsonb) from ${sql.identifier(table)} x where x.inquiry_id = i.id)`;
  await tx.execute(sql`
    insert into trash (entity_type, entity_id, name, data, deleted_by)
    select 'inquiry', i.id, ${name}, jsonb_build_object(
        'inquiries', jsonb_build_array(to_jsonb(i)),
        'inquiry_lines', ${rows('inquiry_lines', sql`x.inquiry_id = i.id`)},
        'inquiry_notes', ${rows('inquiry_notes', sql`x.inquiry_id = i.id`)},
        'inquiry_events', ${rows('inquiry_events', sql`x.inquiry_id = i.id`)},
        'quotes', ${rows('quotes', sql`x.inquiry_id = i.id`)},
        'quote_lines', ${rows('quote_lines', sql`x.quote_id in ${quoteIds}`)},
        'order_quotes', ${pairs('orders')},
        'outbox_quotes', ${pairs('outbox')},
        'links', jsonb_build_object('orders', ${ids('orders')}, 'outbox', ${ids('outbox')})),
      ${CURRENT_ACTOR_SQL}
    from inquiries i where i.id = ${id}`);
}

/**
 * Moves one product, category, brand, discount or quote request to the trash inside the caller's
 * transaction (the caller has locked and found it; a request's caller names its entry): snapshots
 * it with every row its delete removes or unlinks, then deletes it. Image references stay held by
 * the entry. A category's children are left at the top level for the caller to recompute.
 */
export async function moveToTrash(tx: Tx, type: TrashType, id: number, name = '') {
  switch (type) {
    case 'inquiry': {
      await snapshotInquiry(tx, id, name);
      await logTrash(tx, true);
      // Lines, notes, history, quotes and their lines cascade; orders and messages keep their rows.
      await tx.execute(sql`delete from inquiries where id = ${id}`);
      break;
    }
    case 'product': {
      const ids = intArray([id]);
      await snapshotProducts(tx, ids);
      await unlinkProducts(tx, ids);
      await logTrash(tx, true);
      // Sections, items, specs, blocks, images, discounts, options and variants (with their breaks
      // and list rows) cascade from the product row.
      await tx.execute(sql`delete from products where id = ${id}`);
      break;
    }
    case 'category': {
      await tx.execute(sql`
        insert into trash (entity_type, entity_id, name, data, image_keys, deleted_by)
        select 'category', c.id, c.name, jsonb_build_object('categories', jsonb_build_array(to_jsonb(c)),
            'discounts', (select coalesce(jsonb_agg(to_jsonb(d) order by d.id), '[]'::jsonb)
              from discounts d where d.category_id = c.id),
            'links', jsonb_build_object(
              'children', (select coalesce(jsonb_agg(k.id order by k.id), '[]'::jsonb) from categories k where k.parent_id = c.id),
              'products', (select coalesce(jsonb_agg(p.id order by p.id), '[]'::jsonb) from products p where p.category_id = c.id))),
          array_remove(array[${keyOf(sql`c.image_url`)}], null), ${CURRENT_ACTOR_SQL}
        from categories c where c.id = ${id}`);
      await tx.execute(sql`update categories set parent_id = null where parent_id = ${id}`);
      await tx.execute(sql`update products set category_id = null where category_id = ${id}`);
      await logTrash(tx, true);
      await tx.execute(sql`delete from categories where id = ${id}`);
      break;
    }
    case 'brand': {
      await tx.execute(sql`
        insert into trash (entity_type, entity_id, name, data, image_keys, deleted_by)
        select 'brand', b.id, b.name, jsonb_build_object('brands', jsonb_build_array(to_jsonb(b)),
            'discounts', (select coalesce(jsonb_agg(to_jsonb(d) order by d.id), '[]'::jsonb)
              from discounts d where d.brand_id = b.id),
            'links', jsonb_build_object(
              'products', (select coalesce(jsonb_agg(p.id order by p.id), '[]'::jsonb) from products p where p.brand_id = b.id))),
          array_remove(array[${keyOf(sql`b.logo_url`)}], null), ${CURRENT_ACTOR_SQL}
        from brands b where b.id = ${id}`);
      await tx.execute(sql`update products set brand_id = null where brand_id = ${id}`);
      await logTrash(tx, true);
      await tx.execute(sql`delete from brands where id = ${id}`);
      break;
    }
    case 'discount': {
      await tx.execute(sql`
        insert into trash (entity_type, entity_id, name, data, deleted_by)
        select 'discount', d.id, d.name, jsonb_build_object('discounts', jsonb_build_array(to_jsonb(d))), ${CURRENT_ACTOR_SQL}
        from discounts d where d.id = ${id}`);
      await logTrash(tx, true);
      await tx.execute(sql`delete from discounts where id = ${id}`);
      break;
    }
  }
  await logTrash(tx, false);
}
