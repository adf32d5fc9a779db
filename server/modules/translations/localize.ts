import type pg from 'pg';
import type { CategoryNode } from '#domain/categories';
import type { ProductBundle } from '#domain/products';
import type { SectionsTranslation } from '#domain/translations';

type Queryable = Pick<pg.Pool, 'query'>;
type Texts = Record<string, string | undefined> | undefined;

/** A translated text where there is one, else the default language's: the fallback, per field. */
const or = <T extends string | null>(translated: unknown, fallback: T): T | string =>
  typeof translated === 'string' && translated !== '' ? translated : fallback;

/** What a product's bundle reads in a locale: its row, its category's and its options'. */
type BundleTranslations = {
  product: {
    name: string | null;
    description: string | null;
    sections: SectionsTranslation | null;
  } | null;
  category: { name: string | null } | null;
  options: Record<string, { name: string | null; values: Record<string, string> }> | null;
};

const BUNDLE_TRANSLATIONS_SQL = `select
  (select to_jsonb(t) from product_translations t where t.product_id = $1 and t.locale = $2) as product,
  (select to_jsonb(t) from category_translations t where t.category_id = $3 and t.locale = $2) as category,
  (select jsonb_object_agg(t.option_id::text, jsonb_build_object('name', t.name, 'values', t.values))
    from product_option_translations t join product_options o on o.id = t.option_id
    where o.product_id = $1 and t.locale = $2) as options`;

function localizeSections(bundle: ProductBundle, doc: SectionsTranslation | null | undefined) {
  if (!doc) return;
  for (const list of bundle.lists) {
    const t = doc.lists?.[list.id];
    if (!t) continue;
    list.title = or(t.title, list.title);
    list.description = or(t.description, list.description);
    for (const item of list.items) item.caption = or((t.items as Texts)?.[item.id], item.caption);
  }
  for (const group of bundle.specGroups) {
    const t = doc.spec_groups?.[group.id];
    if (!t) continue;
    group.name = or(t.name, group.name);
    group.intro = or(t.intro, group.intro);
    for (const spec of group.specs) {
      const s = t.specs?.[spec.id];
      spec.label = or(s?.label, spec.label);
      spec.value = or(s?.value, spec.value);
    }
  }
  for (const table of bundle.tables) {
    const t = doc.tables?.[table.id];
    if (!t) continue;
    table.heading = or(t.heading, table.heading);
    table.intro = or(t.intro, table.intro);
    table.note = or(t.note, table.note);
    // Cells by position: a cell the translation leaves out keeps the default language's.
    if (t.columns) {
      const columns = JSON.parse(table.columns_json) as string[];
      table.columns_json = JSON.stringify(columns.map((c, i) => or(t.columns?.[i], c)));
    }
    if (t.rows) {
      const rows = JSON.parse(table.rows_json) as string[][];
      table.rows_json = JSON.stringify(rows.map((row, r) => row.map((c, i) => or(t.rows?.[r]?.[i], c))));
    }
  }
}

/** The options' names and values, and each variant's options and title, which repeat them. */
function localizeOptions(bundle: ProductBundle, options: BundleTranslations['options']) {
  if (!options) return;
  const names = new Map<string, string>();
  const values = new Map<string, string>();
  for (const option of bundle.options) {
    const t = options[option.id];
    const name = or(t?.name, option.name);
    names.set(option.name, name);
    for (const v of option.values) {
      const text = or(t?.values[v.id], v.value);
      values.set(`${option.name}\u0000${v.value}`, text);
      v.value = text;
    }
    option.name = name;
  }
  for (const variant of bundle.variants) {
    const pairs = Object.entries(variant.options).map(
      ([name, value]) => [names.get(name) ?? name, values.get(`${name}\u0000${value}`) ?? value] as const,
    );
    variant.options = Object.fromEntries(pairs);
    if (pairs.length > 0) variant.title = pairs.map(([, value]) => value).join(' / ');
  }
}

/**
 * A bundle's JSON text in a locale: the product's name, description and sections, its category's
 * name and its options' names and values, each where translated (else as it is). One statement.
 */
export async function localizeBundle(db: Queryable, body: string, locale: string): Promise<string> {
  const bundle = JSON.parse(body) as ProductBundle;
  const { rows } = await db.query<BundleTranslations>(BUNDLE_TRANSLATIONS_SQL, [
    bundle.base.id,
    locale,
    bundle.base.category_id,
  ]);
  const t = rows[0];
  if (t.product) {
    bundle.base.name = or(t.product.name, bundle.base.name);
    bundle.base.description = or(t.product.description, bundle.base.description);
    localizeSections(bundle, t.product.sections);
  }
  if (t.category) bundle.base.category = or(t.category.name, bundle.base.category);
  localizeOptions(bundle, t.options);
  return JSON.stringify(bundle);
}

/** Items with a name, each renamed where its locale's row has one; one statement for all. */
async function renamed<T extends { id: number; name: string }>(
  db: Queryable,
  table: 'product_translations' | 'category_translations',
  key: 'product_id' | 'category_id',
  items: T[],
  locale: string,
): Promise<Map<number, string>> {
  if (items.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; name: string }>(
    `select ${key} as id, name from ${table} where ${key} = any($1::int[]) and locale = $2 and name is not null`,
    [items.map((i) => i.id), locale],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The public product list's rows with their names in the locale. */
export async function localizeProductNames<T extends { id: number; name: string }>(
  db: Queryable,
  items: T[],
  locale: string,
): Promise<T[]> {
  const names = await renamed(db, 'product_translations', 'product_id', items, locale);
  return items.map((i) => ({ ...i, name: names.get(i.id) ?? i.name }));
}

/** Categories (flat, or a tree with children) with their names in the locale. */
export async function localizeCategoryNames(
  db: Queryable,
  nodes: CategoryNode[],
  locale: string,
): Promise<CategoryNode[]> {
  const all: CategoryNode[] = [];
  const walk = (list: CategoryNode[]) => {
    for (const n of list) {
      all.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  const names = await renamed(db, 'category_translations', 'category_id', all, locale);
  const rename = (list: CategoryNode[]): CategoryNode[] =>
    list.map((n) => ({
      ...n,
      name: names.get(n.id) ?? n.name,
      ...(n.children ? { children: rename(n.children) } : {}),
    }));
  return rename(nodes);
}

/** A brand's description in the locale, falling back to its own. */
export async function localizeBrandDescription<T extends { id: number; description: string | null }>(
  db: Queryable,
  brand: T,
  locale: string,
): Promise<T> {
  const { rows } = await db.query<{ description: string }>(
    'select description from brand_translations where brand_id = $1 and locale = $2 and description is not null',
    [brand.id, locale],
  );
  return rows[0] ? { ...brand, description: rows[0].description } : brand;
}
