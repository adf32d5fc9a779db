import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const visitor = (url: string, etag?: string) =>
  ctx.as().get(url, { headers: etag ? { 'if-none-match': etag } : {} });

describe.each([
  ['categories', '/api/public/categories?flat=1'],
  ['brands', '/api/public/brands?limit=1000'],
] as const)('the public %s list', (kind, url) => {
  it('answers with an ETag, a 304 for a client that holds it, and a new tag after a write', async () => {
    expect((await ctx.as(ctx.adminToken).post(`/api/${kind}`, { name: `First ${kind}` })).statusCode).toBe(
      201,
    );
    const first = await visitor(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.json().data.map((r: { name: string }) => r.name)).toContain(`First ${kind}`);

    const again = await visitor(url, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A weak form and a list of tags match as well.
    expect((await visitor(url, `"other", W/${etag}`)).statusCode).toBe(304);

    // A write through the API is seen by the next read: the cached list is gone.
    const made = await ctx.as(ctx.adminToken).post(`/api/${kind}`, { name: `Second ${kind}` });
    expect(made.statusCode).toBe(201);
    const after = await visitor(url, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.map((r: { name: string }) => r.name)).toContain(`Second ${kind}`);
  });

  it('is cleared by a write another process makes (the database NOTIFY), not only by its own routes', async () => {
    const before = await visitor(url);
    // Straight into the table, as another process or a script would: no route of this app runs.
    await ctx.database.pool.query(`update ${kind} set name = $1 where id = (select min(id) from ${kind})`, [
      `Elsewhere ${kind}`,
    ]);
    await expect
      .poll(async () => (await visitor(url)).json().data.map((r: { name: string }) => r.name), {
        timeout: 3000,
      })
      .toContain(`Elsewhere ${kind}`);
    expect((await visitor(url)).headers.etag).not.toBe(before.headers.etag);
  });
});
