import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  brandKeys,
  categoryKeys,
  discountKeys,
  inquiryKeys,
  jobKeys,
  productKeys,
  quoteKeys,
  userKeys,
} from './keys';

const controls = { q: '', page: 1, limit: 10, sortBy: 'name', order: 'asc' } as const;
const noFilters = { status: null, owner: null, from: null, to: null } as const;

describe('query keys', () => {
  it('start with their resource, so invalidating it reaches every query of that resource', () => {
    const keys = [
      [brandKeys.all, brandKeys.list(controls)],
      [brandKeys.all, brandKeys.options('oak', 50)],
      [categoryKeys.all, categoryKeys.list({ ...controls, sortBy: 'name', parentId: 0 })],
      [categoryKeys.all, categoryKeys.detail(3)],
      [categoryKeys.all, categoryKeys.options('', 50)],
      [productKeys.all, productKeys.list({ ...controls, sortBy: 'created_at' })],
      [productKeys.lists, productKeys.list({ ...controls, q: 'lamp', sortBy: 'price', brand_id: '3' })],
      [productKeys.all, productKeys.bundle('oak-table')],
      [productKeys.all, productKeys.options('', 50)],
      [discountKeys.all, discountKeys.list],
      [inquiryKeys.lists, inquiryKeys.list({ ...controls, ...noFilters, sortBy: 'created_at' })],
      [inquiryKeys.all, inquiryKeys.detail(4)],
      [jobKeys.all, jobKeys.detail('9f1c')],
      [quoteKeys.all, quoteKeys.detail(2)],
      [quoteKeys.all, quoteKeys.public('tok')],
      [userKeys.all, userKeys.list({ ...controls, sortBy: 'email' })],
      [userKeys.all, userKeys.detail(7)],
    ] as const;
    for (const [prefix, key] of keys) expect(key.slice(0, prefix.length)).toEqual(prefix);
  });

  it('keep one resource apart from another', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(productKeys.bundle('oak-table'), 'bundle');
    queryClient.setQueryData(brandKeys.list(controls), 'brands');
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    expect(queryClient.getQueryState(productKeys.bundle('oak-table'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(brandKeys.list(controls))?.isInvalidated).toBe(false);
  });
});
