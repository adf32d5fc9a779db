import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProductBody,
  productBaseSchema,
  productBundleSchema,
  productListItemSchema,
  updateProductBody,
} from '#domain/products';
import { products } from '../../db/schema';
import { createBrand, createCategory } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * A product field lives in several places that nothing else ties together: the table (migrations
 * and server/db/schema.ts), the create and update bodies, the staff list's item, and the public
 * bundle's `base`, whose JSON the bundle's SQL builds by hand. This file holds the one table of
 * where each column must appear. A new column fails until it is entered here; a place that gains
 * or loses a key without the table saying so fails; and a value written through the API must come
 * back at every place the table names for it.
 */

/** What the tests know of a product, to say what each place must show. */
type State = {
  name: string;
  slug: string;
  sku: string;
  description: string;
  mrp: number;
  status: 'draft' | 'published';
  brand: { id: number; name: string };
  category: { id: number; name: string };
};

/** A deliberate absence from one place, with its reason. */
type Absent = { absent: string };
const absent = (why: string): Absent => ({ absent: why });
const isAbsent = (v: unknown): v is Absent => typeof v === 'object' && v !== null && 'absent' in v;

type Column = {
  /** The value the tests write into the column through the API. */
  input?: (s: State) => unknown;
  /** Key path in createProductBody / updateProductBody. */
  create: string | Absent;
  update: string | Absent;
  /** Key paths in a list item / the bundle's base, each with the value it must hold. */
  list: Record<string, (s: State) => unknown> | Absent;
  base: Record<string, (s: State) => unknown> | Absent;
};

const PRODUCT_COLUMNS: Record<string, Column> = {
  id: {
    create: absent('the database assigns it'),
    update: absent('it is the path parameter'),
    list: { id: () => expect.any(Number) },
    base: { id: () => expect.any(Number) },
  },
  name: {
    input: (s) => s.name,
    create: 'name',
    update: 'name',
    list: { name: (s) => s.name },
    base: { name: (s) => s.name },
  },
  slug: {
    create: absent('made from the name'),
    update: absent('kept when the name changes, so links stay'),
    list: { slug: (s) => s.slug },
    base: { slug: (s) => s.slug },
  },
  sku: {
    input: (s) => s.sku,
    create: 'sku',
    update: 'sku',
    list: absent('the product card shows no SKU'),
    base: { sku: (s) => s.sku },
  },
  description: {
    input: (s) => s.description,
    create: 'description',
    update: 'description',
    list: { description: (s) => s.description },
    base: { description: (s) => s.description },
  },
  brand_id: {
    input: (s) => s.brand.id,
    create: 'brand_id',
    update: 'brand_id',
    list: { brand: (s) => s.brand.name },
    base: { brand_id: (s) => s.brand.id, brand: (s) => s.brand.name },
  },
  category_id: {
    input: (s) => s.category.id,
    create: 'category_id',
    update: 'category_id',
    list: { category: (s) => s.category.name },
    base: { category_id: (s) => s.category.id, category: (s) => s.category.name },
  },
  mrp: {
    input: (s) => s.mrp,
    create: 'mrp',
    update: 'pricing.mrp',
    list: { 'price.mrp': (s) => s.mrp },
    base: { mrp: (s) => s.mrp },
  },
  mrp_max: {
    create: absent("kept by triggers from the variants' prices (migration 0056)"),
    update: absent('kept by triggers'),
    // Without options the variants' prices do not differ: the range is the one price.
    list: { 'price_range.max': (s) => s.mrp, 'price_range.min': (s) => s.mrp },
    base: absent('the product page reads its variants'),
  },
  status: {
    input: (s) => s.status,
    create: 'status',
    update: 'status',
    list: { status: (s) => s.status },
    base: { status: (s) => s.status },
  },
  image_count: {
    create: absent('kept by triggers from product_images (migration 0006)'),
    update: absent('kept by triggers'),
    list: absent('the dashboard reads it; the card shows the first image instead'),
    base: absent('the bundle carries the images themselves'),
  },
  price_final: {
    create: absent('priced by triggers from the MRP and the discounts (migration 0022)'),
    update: absent('priced by triggers'),
    list: absent("serves the list's price filter and sort; price.final is priced at the request"),
    base: absent('the bundle prices at the request'),
  },
  price_discounted: {
    create: absent('priced by triggers (migration 0022)'),
    update: absent('priced by triggers'),
    list: absent('serves the discounted filter; best_discount says it'),
    base: absent('the bundle prices at the request'),
  },
  created_at: {
    create: absent('set by the database'),
    update: absent('never changed by the app'),
    list: absent("only the list's order"),
    base: absent('not shown'),
  },
  updated_at: {
    create: absent('set by the database'),
    update: absent('set by the service'),
    list: absent('not shown'),
    base: absent('not shown'),
  },
};

/** Keys of each place that come from no products column. */
const NOT_COLUMNS = {
  create: [],
  // pricing also carries the editor's own discount, a row in discounts.
  update: ['pricing'],
  // image: the first of product_images; price.final and best_discount: discounts.
  list: ['image', 'price', 'best_discount'],
  // The product's rows in product_options and product_variants.
  base: ['options', 'variants', 'price_range'],
} as const;

type Place = keyof typeof NOT_COLUMNS;

/** The top-level keys the table puts in a place. */
function keysIn(place: Place): string[] {
  const keys = new Set<string>(NOT_COLUMNS[place]);
  for (const column of Object.values(PRODUCT_COLUMNS)) {
    const where = column[place];
    if (isAbsent(where)) continue;
    const paths = typeof where === 'string' ? [where] : Object.keys(where);
    for (const p of paths) keys.add(p.split('.')[0]);
  }
  return [...keys].sort();
}

const sorted = (keys: Iterable<string>) => [...keys].sort();

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], source);
}

/** The body the table says a place takes, every column it names filled from the state. */
function bodyFor(place: 'create' | 'update', s: State): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(PRODUCT_COLUMNS)) {
    const where = column[place];
    if (isAbsent(where)) continue;
    if (!column.input) throw new Error(`PRODUCT_COLUMNS.${name} names a ${place} key but has no input`);
    setPath(body, where, column.input(s));
  }
  return body;
}

/** Checks every value the table says a read place shows. */
function expectShown(place: 'list' | 'base', shown: unknown, s: State) {
  for (const [name, column] of Object.entries(PRODUCT_COLUMNS)) {
    const where = column[place];
    if (isAbsent(where)) continue;
    for (const [path, value] of Object.entries(where))
      expect(getPath(shown, path), `${place}.${path} (column ${name})`).toEqual(value(s));
  }
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function readBundle(slug: string) {
  const before = ctx.bundleCheck.checked;
  const res = await ctx.as().get(`/api/public/products/slug/${slug}/bundle`);
  expect(res.statusCode, res.body).toBe(200);
  // The harness held it to productBundleSchema on its way out.
  expect(ctx.bundleCheck.checked).toBe(before + 1);
  return res.json() as Record<string, unknown> & { base: Record<string, unknown> };
}

async function readListItem(id: number, name: string) {
  const res = await ctx.as(ctx.adminToken).get(`/api/products?q=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const item = res.json().data.find((row: { id: number }) => row.id === id);
  expect(item, `product ${id} in the list`).toBeDefined();
  return item;
}

describe('where a product field lives', () => {
  it('names every column of products, and the migrated table has exactly those', async () => {
    const columns = getTableColumns(products);
    expect(sorted(Object.keys(PRODUCT_COLUMNS)), 'server/db/schema.ts against this table').toEqual(
      sorted(Object.values(columns).map((c) => c.name)),
    );
    const { rows } = await ctx.database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'products'`,
    );
    expect(sorted(rows.map((r) => r.column_name)), 'the migrations against server/db/schema.ts').toEqual(
      sorted(Object.values(columns).map((c) => c.name)),
    );
  });

  it.each([
    ['create', createProductBody.shape],
    ['update', updateProductBody.shape],
    ['list', productListItemSchema.shape],
    ['base', productBaseSchema.shape],
  ] as const)('the %s schema has the keys the table puts there, no more', (place, shape) => {
    expect(sorted(Object.keys(shape))).toEqual(keysIn(place));
  });

  it("a served bundle has the schema's keys, base and sections as the SQL builds them", async () => {
    const s: State = {
      name: 'Key Probe',
      slug: 'key-probe',
      sku: 'KEY-1',
      description: 'Keys',
      mrp: 10,
      status: 'published',
      brand: await createBrand(ctx.admin, { name: 'Key Brand' }),
      category: await createCategory(ctx.admin, { name: 'Key Category' }),
    };
    const made = await ctx.as(ctx.adminToken).post('/api/products', bodyFor('create', s));
    expect(made.statusCode, made.body).toBe(201);
    const bundle = await readBundle(made.json().slug);
    expect(sorted(Object.keys(bundle))).toEqual(sorted(Object.keys(productBundleSchema.shape)));
    // The bundle carries options, variants and price_range beside its base, not in it.
    const besideBase = NOT_COLUMNS.base as readonly string[];
    expect(sorted(Object.keys(bundle.base)), "the bundle statement's base").toEqual(
      keysIn('base').filter((k) => !besideBase.includes(k)),
    );

    // The sections' document comes whole from stockroom_product_content (migration 0012): its
    // keys are the bundle's apart from the head the statement builds live.
    const head = ['base', 'price', 'discounts', 'options', 'variants', 'price_range'];
    const { rows } = await ctx.database.pool.query<{ body: Record<string, unknown> }>(
      'select stockroom_product_content($1) as body',
      [made.json().id],
    );
    expect(sorted(Object.keys(rows[0].body))).toEqual(
      sorted(Object.keys(productBundleSchema.shape).filter((k) => !head.includes(k))),
    );
  });

  it('every field written on create and on update comes back at each place the table names', async () => {
    const first: State = {
      name: 'Field Probe',
      slug: 'field-probe',
      sku: 'FIELD-1',
      description: 'First words',
      mrp: 1234.5,
      status: 'published',
      brand: await createBrand(ctx.admin, { name: 'Field Brand' }),
      category: await createCategory(ctx.admin, { name: 'Field Category' }),
    };
    const made = await ctx.as(ctx.adminToken).post('/api/products', bodyFor('create', first));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expectShown('base', made.json(), first);
    expectShown('base', (await readBundle(first.slug)).base, first);
    expectShown('list', await readListItem(id, first.name), first);

    const second: State = {
      ...first,
      name: 'Field Probe Renamed',
      sku: 'FIELD-2',
      description: 'Other words',
      mrp: 99.99,
      brand: await createBrand(ctx.admin, { name: 'Other Field Brand' }),
      category: await createCategory(ctx.admin, { name: 'Other Field Category' }),
    };
    const saved = await ctx.as(ctx.adminToken).put(`/api/products/${id}`, bodyFor('update', second));
    expect(saved.statusCode, saved.body).toBe(200);
    expectShown('base', saved.json(), second);
    expectShown('base', (await readBundle(second.slug)).base, second);
    expectShown('list', await readListItem(id, second.name), second);
  });
});
