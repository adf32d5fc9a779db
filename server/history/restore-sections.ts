import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

type Row = Record<string, unknown>;

/** A product's sections (lists, spec groups, tables, layout) rebuilt from a contents document. */
export async function rebuildSections(tx: Tx, productId: number, doc: Row) {
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
