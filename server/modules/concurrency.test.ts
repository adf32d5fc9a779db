import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) => ctx.as(ctx.adminToken).post(url, payload);

describe('parallel creates', () => {
  it('20 creates with the same explicit slug: one 201, the rest 409, never a 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/brands', { name: 'Racy', slug: 'racy-brand' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('20 creates with the same email: one 201, the rest 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/users', { name: 'Twin', email: 'twin@example.com', password: 'secret1' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('20 creates of the same name without a slug all succeed, with distinct generated slugs', async () => {
    for (const [url, body] of [
      ['/api/categories', { name: 'Same Category' }],
      ['/api/brands', { name: 'Same Brand' }],
      ['/api/products', { name: 'Same Product', mrp: 1 }],
    ] as const) {
      const results = await Promise.all(Array.from({ length: 20 }, () => post(url, body)));
      expect(
        results.map((r) => r.statusCode),
        url,
      ).toEqual(Array(20).fill(201));
      expect(new Set(results.map((r) => r.json().slug)).size, url).toBe(20);
    }
  });
});

describe('parallel category moves', () => {
  /** Deterministic choices, so a failure can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };

  it('40 re-parentings, renames and deletes of overlapping subtrees at once: no 500, no cycle, every depth and path right', async () => {
    // Three roots, each with two children, each with two grandchildren: 21 categories.
    const ids: number[] = [];
    const make = async (name: string, parent_id?: number) => {
      const { id } = await createCategory(ctx.admin, { name, parent_id });
      ids.push(id);
      return id;
    };
    for (const r of [1, 2, 3]) {
      const root = await make(`Move Root ${r}`);
      for (const c of [1, 2]) {
        const child = await make(`Move ${r}.${c}`, root);
        for (const g of [1, 2]) await make(`Move ${r}.${c}.${g}`, child);
      }
    }
    const pick = random(9);
    const any = () => ids[Math.floor(pick() * ids.length)];
    const put = (id: number, payload: object) => ctx.as(ctx.adminToken).put(`/api/categories/${id}`, payload);
    const requests = Array.from({ length: 40 }, (_, i) => {
      const id = any();
      if (i % 13 === 12) return ctx.as(ctx.adminToken).delete(`/api/categories/${id}`);
      // Every seventh a rename (a new slug rewrites the subtree's paths), a few to the top level.
      if (i % 7 === 6) return put(id, { name: `Renamed ${i}`, slug: `renamed-${i}` });
      return put(id, { name: `Moved ${i}`, slug: `moved-${i}`, parent_id: i % 5 === 4 ? null : any() });
    });
    const results = await Promise.all(requests);
    const codes = results.map((r) => r.statusCode);
    // 400: the move would make a cycle; 404: the category or new parent was deleted meanwhile.
    for (const r of results) expect([200, 204, 400, 404], r.body).toContain(r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(10);

    const { rows } = await ctx.database.pool.query<{
      id: number;
      parent_id: number | null;
      slug: string;
      depth: number;
      path: string;
    }>('select id, parent_id, slug, depth, path from categories');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows) {
      // Walk up to the root: it must end (no cycle) and agree with the stored depth and path.
      const chain: string[] = [];
      let at: typeof row | undefined = row;
      while (at) {
        chain.unshift(at.slug);
        expect(chain.length, `cycle through ${row.id}`).toBeLessThanOrEqual(rows.length);
        at = at.parent_id === null ? undefined : byId.get(at.parent_id);
      }
      expect({ id: row.id, depth: row.depth, path: row.path }).toEqual({
        id: row.id,
        depth: chain.length - 1,
        path: chain.join('/'),
      });
    }
    // Every parent_id names an existing row (the foreign key, checked anyway).
    for (const row of rows) if (row.parent_id !== null) expect(byId.has(row.parent_id)).toBe(true);
  });
});
