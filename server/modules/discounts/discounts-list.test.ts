import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_CSV_COLUMNS, DISCOUNTS_PAGE_MAX } from '#domain/discounts';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The discounts list paged and filtered on the server, and its CSV export, on rows seeded in
 * one statement: 40 discounts, newest first by their ids, each state and aim in a known share.
 */
let ctx: TestContext;
let ids: number[];
type Seeded = { id: number; name: string; applies_to: string; state: string };
let seeded: Seeded[];

const get = (url: string) => ctx.as(ctx.adminToken).get(url);
const list = async (query: string) => {
  const res = await get(`/api/discounts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; title: string; applies_to: string; target_name: string | null }[];
    meta: { total: number; total_exact: boolean; page: number; limit: number };
  };
};
const csv = async (query: string) => {
  const res = await get(`/api/discounts/export.csv?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parse(res.body) as string[][] };
};
/** What the seed says should match, newest first. */
const expected = (keep: (d: Seeded) => boolean) => seeded.filter(keep).map((d) => d.id);

beforeAll(async () => {
  ctx = await createTestContext();
  const one = async (sql: string) => (await ctx.database.pool.query(sql)).rows[0].id as number;
  const product = await one(
    `insert into products (name, slug, mrp) values ('Zürich Kettle', 'zk', 10) returning id`,
  );
  const category = await one(
    `insert into categories (name, slug, path) values ('Küche', 'kuche', 'kuche') returning id`,
  );
  const brand = await one(`insert into brands (name, slug) values ('=Brand', 'brand') returning id`);
  // i = 1..40; i % 4 picks the state, i % 3 the aim; newer rows have higher ids.
  const { rows } = await ctx.database.pool.query(
    `insert into discounts (name, type, value, applies_to, product_id, category_id, brand_id, starts_at, ends_at, active, created_at)
     select case when i = 7 then '=SUM(A1)' when i = 8 then 'Été 50% off — 日本' when i % 2 = 0 then 'Summer Sale ' || i else 'Clearance ' || i end,
       case when i % 2 = 0 then 'percent' else 'amount' end, 5 + i,
       (array['product','category','brand'])[1 + i % 3],
       case when i % 3 = 0 then $1::int end, case when i % 3 = 1 then $2::int end, case when i % 3 = 2 then $3::int end,
       case i % 4 when 1 then now() + interval '1 day' when 2 then now() - interval '2 days' when 3 then now() - interval '1 day' end,
       case i % 4 when 2 then now() - interval '1 day' when 3 then now() + interval '1 day' end,
       i % 4 <> 0,
       '2025-01-01'::timestamptz + i * interval '1 minute'
     from generate_series(1, 40) i order by i returning id, name, applies_to,
       case when not active then 'off' when starts_at > now() then 'scheduled' when ends_at < now() then 'ended' else 'live' end as state`,
    [product, category, brand],
  );
  seeded = (rows as Seeded[]).reverse();
  ids = seeded.map((d) => d.id);
  await ctx.database.pool.query('analyze discounts');
});
afterAll(() => ctx.close());

describe('GET /api/discounts', () => {
  it('with no parameters answers every discount newest first, as old clients expect', async () => {
    const all = await list('');
    expect(all.meta).toEqual({ total: 40, total_exact: true, page: 1, limit: DISCOUNTS_PAGE_MAX });
    expect(all.data.map((d) => d.id)).toEqual(ids);
    expect(all.data.find((d) => d.applies_to === 'category')?.target_name).toBe('Küche');
  });

  it('pages with the total of all pages', async () => {
    const second = await list('limit=15&page=2');
    expect(second.meta).toEqual({ total: 40, total_exact: true, page: 2, limit: 15 });
    expect(second.data.map((d) => d.id)).toEqual(ids.slice(15, 30));
    const past = await list('limit=15&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(40);
  });

  it('finds titles containing q, any case, wildcards taken literally', async () => {
    const sale = await list('q=SUMMER%20sale&limit=5');
    const want = expected((d) => d.name.startsWith('Summer Sale'));
    expect(sale.meta.total).toBe(want.length);
    expect(sale.data.map((d) => d.id)).toEqual(want.slice(0, 5));
    expect((await list(`q=${encodeURIComponent('日本')}`)).data.map((d) => d.title)).toEqual([
      'Été 50% off — 日本',
    ]);
    expect((await list('q=50%25')).data.map((d) => d.title)).toEqual(['Été 50% off — 日本']);
    expect((await list('q=5_%25')).data).toEqual([]);
    expect((await list('q=nothing%20like%20it')).meta.total).toBe(0);
  });

  it.each(['product', 'category', 'brand'])('keeps the discounts aimed at each %s', async (scope) => {
    const got = await list(`applies_to=${scope}&limit=5&page=2`);
    const want = expected((d) => d.applies_to === scope);
    expect(got.meta.total).toBe(want.length);
    expect(got.data.map((d) => d.id)).toEqual(want.slice(5, 10));
  });

  it.each(['live', 'scheduled', 'ended', 'off'])('keeps the %s discounts', async (state) => {
    const got = await list(`state=${state}`);
    const want = expected((d) => d.state === state);
    expect(want.length).toBe(10);
    expect(got.data.map((d) => d.id)).toEqual(want);
    expect(got.meta.total).toBe(10);
  });

  it('combines the search, the aim and the state', async () => {
    const got = await list('q=clearance&applies_to=brand&state=scheduled');
    const want = expected(
      (d) => d.name.startsWith('Clearance') && d.applies_to === 'brand' && d.state === 'scheduled',
    );
    expect(want.length).toBeGreaterThan(0);
    expect(got.data.map((d) => d.id)).toEqual(want);
    expect(got.meta.total).toBe(want.length);
  });

  it('refuses unknown parameters and values with a 400', async () => {
    for (const query of [
      'state=expired',
      'applies_to=shop',
      'limit=1001',
      'limit=0',
      'page=0',
      'sortBy=name',
      'title=x',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await get(`/api/discounts?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBeTruthy();
      expect((await get(`/api/discounts/export.csv?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('needs a token', async () => {
    expect((await ctx.as().get('/api/discounts/export.csv')).statusCode).toBe(401);
  });
});

describe('GET /api/discounts/export.csv', () => {
  it('exports every match with its target and state, formulas defused, text as UTF-8', async () => {
    const { res, rows } = await csv('');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="discounts-\d{8}\.csv"$/);
    expect(rows[0]).toEqual([...DISCOUNT_CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    const { rows: stored } = await ctx.database.pool.query(
      `select id, type, value::text, applies_to, starts_at, ends_at, active from discounts order by id`,
    );
    for (const d of stored) {
      const row = byId.get(d.id)!;
      expect(row.slice(2, 5)).toEqual([d.type, d.value, d.applies_to]);
      expect(row[6]).toBe(d.starts_at ? d.starts_at.toISOString() : '');
      expect(row[7]).toBe(d.ends_at ? d.ends_at.toISOString() : '');
      expect(row[8]).toBe(d.active ? '1' : '0');
      expect(row[9]).toBe(seeded.find((s) => s.id === d.id)!.state);
    }
    const formula = rows.find((r) => r[1].includes('SUM'))!;
    expect(formula[1]).toBe("'=SUM(A1)");
    expect(rows.find((r) => r[1].startsWith('Été'))![1]).toBe('Été 50% off — 日本');
    expect(rows.find((r) => r[4] === 'category')![5]).toBe('Küche');
    expect(rows.find((r) => r[4] === 'product')![5]).toBe('Zürich Kettle');
    // A target's name is defused too.
    expect(rows.find((r) => r[4] === 'brand')![5]).toBe("'=Brand");
  });

  it('takes the list filters', async () => {
    const { rows } = await csv('q=sale&applies_to=product&state=live');
    const want = expected(
      (d) => d.name.startsWith('Summer Sale') && d.applies_to === 'product' && d.state === 'live',
    );
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(want);
    expect(rows.slice(1).every((r) => r[9] === 'live')).toBe(true);
    const none = await csv('q=nothing%20like%20it');
    expect(none.rows).toEqual([[...DISCOUNT_CSV_COLUMNS]]);
  });
});
