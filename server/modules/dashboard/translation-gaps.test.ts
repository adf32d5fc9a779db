import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOCALES: 'en,de,fr' });
});
afterAll(() => ctx.close());

type Gaps = { locale: string; count: number }[];
const gaps = async () =>
  ((await ctx.admin.ok('GET', '/api/dashboard')) as { health: { missing_translations: Gaps } }).health
    .missing_translations;
const listed = async (locale: string) =>
  (
    (await ctx.admin.ok('GET', `/api/products?missing_translation=${locale}&limit=100`)) as {
      data: unknown[];
    }
  ).data.length;

describe("the dashboard's translation gaps", () => {
  it('counts per translated locale the products lacking a name or description there, as the list filters them', async () => {
    const before = await gaps();
    expect(before.map((g) => g.locale)).toEqual(['de', 'fr']);
    const [done, nameOnly, noDescription] = await Promise.all([
      createProduct(ctx.admin, { description: 'Drills holes' }),
      createProduct(ctx.admin, { description: 'Cuts wood' }),
      createProduct(ctx.admin, { description: null }),
    ]);
    await ctx.admin.ok('PUT', `/api/products/${done.id}/translations/de`, {
      name: 'Bohrer',
      description: 'Bohrt Löcher',
    });
    // A name without the description the product has is still a gap.
    await ctx.admin.ok('PUT', `/api/products/${nameOnly.id}/translations/de`, { name: 'Säge' });
    // A product without a description needs a name alone.
    await ctx.admin.ok('PUT', `/api/products/${noDescription.id}/translations/de`, { name: 'Zange' });
    const after = await gaps();
    const de = after.find((g) => g.locale === 'de')?.count;
    const fr = after.find((g) => g.locale === 'fr')?.count;
    expect(de).toBe((before[0].count as number) + 1);
    expect(fr).toBe((before[1].count as number) + 3);
    expect(de).toBe(await listed('de'));
    expect(fr).toBe(await listed('fr'));
  });
});

describe('with one language', () => {
  it('answers no locales', async () => {
    const one = await createTestContext();
    try {
      const dashboard = (await one.admin.ok('GET', '/api/dashboard')) as {
        health: { missing_translations: Gaps };
      };
      expect(dashboard.health.missing_translations).toEqual([]);
    } finally {
      await one.close();
    }
  });
});
