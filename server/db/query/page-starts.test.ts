import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { forgetPageStarts, PAGE_STARTS } from './page-starts';

/**
 * Deep pages of the products list seek to a remembered start (page-starts.ts). A start
 * read before a product was added, removed or moved would show the wrong products with no sign
 * of it, so every page here is compared with the list's order read straight from the table,
 * after each kind of write, through the API and in plain SQL (as another process would write).
 */
let ctx: TestContext;
const statements: string[] = [];
const LIMIT = 20;
/** The first page deep enough to seek. */
const DEEP = Math.ceil(PAGE_STARTS.fromOffset / LIMIT) + 2;

beforeAll(async () => {
  ctx = await createTestContext();
  const pool = ctx.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    statements.push(typeof first === 'string' ? first : first.text);
    return query(...args);
  };
  // Ties in created_at (three products a timestamp) and microseconds the JS Date cannot hold.
  await q(
    `insert into products (name, slug, mrp, created_at)
     select 'Paged ' || g, 'paged-' || g, 10, timestamptz '2026-01-01 00:00:00.123456+00' + (g / 3) * interval '1.000001 second'
     from generate_series(1, $1::int) g`,
    [PAGE_STARTS.fromOffset + 300],
  );
});
afterAll(() => ctx.close());
beforeEach(() => {
  statements.length = 0;
});

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query<T>(text, values)).rows;

/** The page's ids as the table orders them, by offset. */
async function truth(page: number) {
  const rows = await q<{ id: number }>(
    'select id from products order by created_at desc, id desc limit $1 offset $2',
    [LIMIT, (page - 1) * LIMIT],
  );
  return rows.map((r) => r.id);
}

async function listPage(page: number) {
  statements.length = 0;
  const res = await ctx.as(ctx.adminToken).get(`/api/products?limit=${LIMIT}&page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { id: number }[]; meta: { total: number; total_exact: boolean } };
  const pages = statements.filter((s) => s.includes('"products"."created_at" desc'));
  return {
    ids: body.data.map((p) => p.id),
    meta: body.meta,
    /** How the page statements found the page: 'seek' from a start, 'walk' by the offset alone. */
    reads: pages.map((s) => (/\("products"\."created_at", "products"\."id"\) <=/.test(s) ? 'seek' : 'walk')),
  };
}

describe('deep pages of the products list', () => {
  it('walk the first time, then seek from the start they remembered, with the same rows', async () => {
    forgetPageStarts(ctx.database.db);
    const first = await listPage(DEEP);
    expect(first.reads).toEqual(['walk']);
    expect(first.ids).toHaveLength(LIMIT);
    expect(first.ids).toEqual(await truth(DEEP));

    const again = await listPage(DEEP);
    expect(again.reads).toEqual(['seek']);
    expect(again.ids).toEqual(first.ids);

    // The next pages seek from the nearest start before them.
    for (const page of [DEEP + 1, DEEP + 2, DEEP + 7]) {
      const next = await listPage(page);
      expect(next.reads, `page ${page}`).toEqual(['seek']);
      expect(next.ids, `page ${page}`).toEqual(await truth(page));
    }
    // A page before every start walks.
    const before = await listPage(DEEP - 1);
    expect(before.reads).toEqual(['walk']);
    expect(before.ids).toEqual(await truth(DEEP - 1));
  });

  it('shallow pages never seek', async () => {
    forgetPageStarts(ctx.database.db);
    for (let round = 0; round < 2; round++) {
      const page = await listPage(3);
      expect(page.reads).toEqual(['walk']);
      expect(page.ids).toEqual(await truth(3));
    }
  });

  it('after a product is added through the API, the stale start is noticed and the page read again', async () => {
    await listPage(DEEP);
    expect((await listPage(DEEP)).reads).toEqual(['seek']);
    const created = await ctx.as(ctx.adminToken).post('/api/products', { name: 'Newest paged', mrp: 5 });
    expect(created.statusCode, created.body).toBe(201);
    const after = await listPage(DEEP);
    expect(after.reads).toEqual(['seek', 'walk']);
    expect(after.ids).toEqual(await truth(DEEP));
    // Remembered again at the new version.
    expect((await listPage(DEEP)).reads).toEqual(['seek']);
  });

  it('rows removed or moved in plain SQL, as another process would, give the right page', async () => {
    const writes = [
      // Removes products before the page: every later position moves up.
      `delete from products where id in (select id from products order by created_at desc, id desc limit 7)`,
      // Moves one product from after the page to the front: the count stays, the positions move.
      `update products set created_at = now() where id = (
         select id from products order by created_at desc, id desc offset ${(DEEP + 3) * LIMIT} limit 1)`,
      // Moves one product from the front to the end.
      `update products set created_at = timestamptz '2000-01-01' where id = (
         select id from products order by created_at desc, id desc limit 1)`,
    ];
    for (const write of writes) {
      await listPage(DEEP);
      expect((await listPage(DEEP)).reads, write).toEqual(['seek']);
      await q(write);
      const after = await listPage(DEEP);
      expect(after.ids, write).toEqual(await truth(DEEP));
      expect(after.reads, write).toEqual(['seek', 'walk']);
    }
    // An edit that leaves created_at alone moves nothing, so the start stays good.
    await listPage(DEEP);
    await q(`update products set name = name || ' edited' where id in (select id from products limit 50)`);
    const edited = await listPage(DEEP);
    expect(edited.reads).toEqual(['seek']);
    expect(edited.ids).toEqual(await truth(DEEP));
  });

  it('a page that no longer exists is empty, with the true total', async () => {
    await listPage(DEEP);
    expect((await listPage(DEEP)).reads).toEqual(['seek']);
    await q(
      `delete from products where id in (select id from products order by created_at desc, id desc offset $1)`,
      [(DEEP - 2) * LIMIT],
    );
    const gone = await listPage(DEEP);
    expect(gone.ids).toEqual([]);
    expect(gone.meta.total).toBe((DEEP - 2) * LIMIT);
    expect(gone.meta.total_exact).toBe(true);
  });
});
