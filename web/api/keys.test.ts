import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  brandKeys,
  categoryKeys,
  discountKeys,
  historyKeys,
  inquiryKeys,
  jobKeys,
  outboxKeys,
  productKeys,
  queryKeysFactory,
  quoteKeys,
  trashKeys,
  userKeys,
} from './keys';

const controls = { q: '', page: 1, limit: 10, sortBy: 'name', order: 'asc' } as const;
const noFilters = { status: null, owner: null, from: null, to: null, approval: null } as const;

describe('queryKeysFactory', () => {
  it('nests a list under lists() and a detail under details(), both under all', () => {
    const keys = queryKeysFactory<{ page: number }>('things');
    expect(keys.all).toEqual(['things']);
    expect(keys.lists()).toEqual(['things', 'list']);
    expect(keys.list({ page: 2 })).toEqual(['things', 'list', { page: 2 }]);
    expect(keys.details()).toEqual(['things', 'detail']);
    expect(keys.detail(7)).toEqual(['things', 'detail', 7]);
  });
});

describe('query keys', () => {
  it('start with their resource, so invalidating it reaches every query of that resource', () => {
    const keys: [readonly unknown[], readonly unknown[]][] = [
      [brandKeys.lists(), brandKeys.list(controls)],
      [brandKeys.all, brandKeys.options('oak', 50)],
      [brandKeys.details(), brandKeys.detail(3)],
      [categoryKeys.lists(), categoryKeys.list({ ...controls, sortBy: 'name', parentId: 0 })],
      [categoryKeys.details(), categoryKeys.detail(3)],
      [categoryKeys.allOptions(), categoryKeys.options('', 50)],
      [categoryKeys.options('', 50), categoryKeys.optionTree('', 50)],
      [productKeys.lists(), productKeys.list({ ...controls, q: 'lamp', sortBy: 'price', brand_id: '3' })],
      [productKeys.details(), productKeys.detail('oak-table')],
      [productKeys.allOptions(), productKeys.options('', 50)],
      [productKeys.all, productKeys.bulkPreview({ ids: [1] })],
      [discountKeys.lists(), discountKeys.list({ q: '', page: 1, limit: 20 })],
      [inquiryKeys.lists(), inquiryKeys.list({ ...controls, ...noFilters, sortBy: 'created_at' })],
      [inquiryKeys.details(), inquiryKeys.detail(4)],
      [jobKeys.details(), jobKeys.detail('9f1c')],
      [quoteKeys.details(), quoteKeys.detail(2)],
      [quoteKeys.all, quoteKeys.public('tok')],
      [userKeys.lists(), userKeys.list({ ...controls, sortBy: 'email' })],
      [userKeys.details(), userKeys.detail(7)],
      [historyKeys.lists(), historyKeys.list({ entity_type: 'product', page: 1, limit: 20 })],
      [historyKeys.all, historyKeys.entity('product', 3)],
      [historyKeys.all, historyKeys.latest()],
      [historyKeys.all, historyKeys.restorePreview(9)],
      [trashKeys.lists(), trashKeys.list({ q: '', page: 1, limit: 20 })],
      [outboxKeys.details(), outboxKeys.detail(5)],
    ];
    for (const [prefix, key] of keys) expect(key.slice(0, prefix.length)).toEqual(prefix);
  });

  it('invalidating all reaches the lists and the details', async () => {
    const queryClient = new QueryClient();
    const list = inquiryKeys.list({ ...controls, ...noFilters, sortBy: 'created_at' });
    queryClient.setQueryData(list, 'page');
    queryClient.setQueryData(inquiryKeys.detail(4), 'one');
    await queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(inquiryKeys.detail(4))?.isInvalidated).toBe(true);
  });

  it('lists() reaches every cached page and no single row', () => {
    const queryClient = new QueryClient();
    const first = discountKeys.list({ q: '', page: 1, limit: 20 });
    const second = discountKeys.list({ q: 'oak', page: 2, limit: 20 });
    queryClient.setQueryData(first, 1);
    queryClient.setQueryData(second, 2);
    queryClient.setQueryData(discountKeys.detail(3), 3);
    queryClient.setQueriesData<number>({ queryKey: discountKeys.lists() }, (n) => (n ?? 0) * 10);
    expect(queryClient.getQueryData(first)).toBe(10);
    expect(queryClient.getQueryData(second)).toBe(20);
    expect(queryClient.getQueryData(discountKeys.detail(3))).toBe(3);
  });

  it('keep one resource apart from another', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(productKeys.detail('oak-table'), 'bundle');
    queryClient.setQueryData(brandKeys.list(controls), 'brands');
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    expect(queryClient.getQueryState(productKeys.detail('oak-table'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(brandKeys.list(controls))?.isInvalidated).toBe(false);
  });
});
