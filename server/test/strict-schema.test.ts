import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProductBundle } from '#domain/products';
import { strictBundleSchema } from './bundle-schema-check';
import { strictDeep } from './strict-schema';

const bundle: ProductBundle = {
  base: {
    id: 1,
    name: 'Drill',
    slug: 'drill',
    sku: null,
    brand: null,
    category: null,
    description: null,
    brand_id: null,
    category_id: null,
    mrp: 10,
    status: 'published',
  },
  price: { mrp: 10, final: 10 },
  discounts: { best: null, own: null },
  images: [{ id: 1, url: '/uploads/a.webp', alt: null }],
  lists: [{ id: 1, title: 'Box', description: null, items: [{ id: 1, caption: 'Drill' }] }],
  specGroups: [],
  tables: [],
  layout: { blocks: [{ id: 1, block_type: 'basic', ref_id: null, position: 0 }] },
  options: [],
  variants: [],
  price_range: null,
};

describe('strictDeep', () => {
  it('takes a bundle that matches the schema', () => {
    expect(strictBundleSchema.parse(bundle)).toEqual(bundle);
  });

  it('refuses an unknown key at any depth, and a missing one', () => {
    const extraAtTop = { ...bundle, weight: 1 };
    const extraInBase = { ...bundle, base: { ...bundle.base, weight: 1 } };
    const extraInItem = {
      ...bundle,
      lists: [{ ...bundle.lists[0], items: [{ id: 1, caption: 'x', extra: 1 }] }],
    };
    const extraInNullable = {
      ...bundle,
      discounts: { best: null, own: { type: 'percent', value: 5, by: 'x' } },
    };
    const { sku: _, ...missing } = bundle.base;
    for (const wrong of [extraAtTop, extraInBase, extraInItem, extraInNullable, { ...bundle, base: missing }])
      expect(strictBundleSchema.safeParse(wrong).success).toBe(false);
  });

  it('throws on a kind of schema it has no rule for, rather than checking less', () => {
    expect(() => strictDeep(z.object({ a: z.union([z.object({}), z.string()]) }))).toThrow(
      /no rule for a union/,
    );
    expect(() => strictDeep(z.object({ a: z.number() }).refine(() => true))).toThrow(/refinements/);
  });
});
