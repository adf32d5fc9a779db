import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: ctx.auth(ctx.adminToken) });

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
