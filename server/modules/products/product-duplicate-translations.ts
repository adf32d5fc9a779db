import { sql } from 'drizzle-orm';
import type { SectionsTranslation } from '#domain/translations';
import type { Tx } from '../../db/client';

type Ids = Map<number, number>;
type NewRef = (type: 'list' | 'spec_group' | 'table', refId: number | null) => number | null;

/** Old row id → new by their order: the copy's items and specs were inserted in the original's. */
async function zipIds(
  tx: Tx,
  table: 'product_list_items' | 'product_specs',
  parent: string,
  from: number,
  to: number,
) {
  const read = async (id: number) =>
    (
      await tx.execute<{ id: number }>(
        sql`select id from ${sql.identifier(table)} where ${sql.identifier(parent)} = ${id} order by position, id`,
      )
    ).rows.map((r) => r.id);
  const [old, copied] = [await read(from), await read(to)];
  return new Map(old.map((id, i) => [String(id), String(copied[i])]));
}

/** Each key of a by-id record renamed through `ids` (a key with no new id is dropped). */
const rekey = <T>(record: Record<string, T> | undefined, ids: Map<string, string>) =>
  record &&
  Object.fromEntries(
    Object.entries(record).flatMap(([k, v]) => (ids.has(k) ? [[ids.get(k) as string, v]] : [])),
  );

/** A sections document with the copy's section, item and spec ids. */
async function remapSections(tx: Tx, doc: SectionsTranslation, newRef: NewRef): Promise<SectionsTranslation> {
  const out: SectionsTranslation = {};
  if (doc.lists) {
    out.lists = {};
    for (const [id, list] of Object.entries(doc.lists)) {
      const to = newRef('list', Number(id));
      if (to === null) continue;
      const items = await zipIds(tx, 'product_list_items', 'list_id', Number(id), to);
      out.lists[to] = { ...list, items: rekey(list.items, items) };
    }
  }
  if (doc.spec_groups) {
    out.spec_groups = {};
    for (const [id, group] of Object.entries(doc.spec_groups)) {
      const to = newRef('spec_group', Number(id));
      if (to === null) continue;
      const specs = await zipIds(tx, 'product_specs', 'group_id', Number(id), to);
      out.spec_groups[to] = { ...group, specs: rekey(group.specs, specs) };
    }
  }
  if (doc.tables) {
    out.tables = {};
    for (const [id, table] of Object.entries(doc.tables)) {
      const to = newRef('table', Number(id));
      if (to !== null) out.tables[to] = table;
    }
  }
  return out;
}

/**
 * A duplicate's translations: the original's in every locale, its sections' and options' texts
 * moved to the copy's ids (the copy of a section or value is the same text, so its translation is).
 */
export async function copyTranslations(
  tx: Tx,
  from: number,
  to: number,
  newRef: NewRef,
  optionIds: Ids,
  valueIds: Ids,
) {
  const { rows } = await tx.execute<{
    locale: string;
    name: string | null;
    description: string | null;
    seo_title: string | null;
    seo_description: string | null;
    sections: SectionsTranslation | null;
  }>(sql`select locale, name, description, seo_title, seo_description, sections
    from product_translations where product_id = ${from}`);
  for (const r of rows) {
    const sections = r.sections ? await remapSections(tx, r.sections, newRef) : null;
    await tx.execute(sql`insert into product_translations
        (product_id, locale, name, description, seo_title, seo_description, sections)
      values (${to}, ${r.locale}, ${r.name}, ${r.description}, ${r.seo_title}, ${r.seo_description},
        ${sections === null ? null : JSON.stringify(sections)}::jsonb)`);
  }
  const options = await tx.execute<{
    option_id: number;
    locale: string;
    name: string | null;
    values: Record<string, string>;
  }>(
    sql`select t.option_id, t.locale, t.name, t.values from product_option_translations t
      join product_options o on o.id = t.option_id where o.product_id = ${from}`,
  );
  const values = new Map([...valueIds].map(([a, b]) => [String(a), String(b)]));
  for (const t of options.rows) {
    const option = optionIds.get(t.option_id);
    if (option === undefined) continue;
    await tx.execute(sql`insert into product_option_translations (option_id, locale, name, values)
      values (${option}, ${t.locale}, ${t.name}, ${JSON.stringify(rekey(t.values, values) ?? {})}::jsonb)`);
  }
}
