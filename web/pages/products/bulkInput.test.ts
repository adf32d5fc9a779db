import { describe, expect, it } from 'vitest';
import { productBulkBody } from '#domain/product-list';
import { bulkInput } from './BulkDialog';

const fields = { choice: null, by: 'percent', value: '' } as const;
const ids = { ids: [3, 7] };

describe('bulkInput', () => {
  it('waits for the field an action needs', () => {
    expect(bulkInput('set_category', ids, fields)).toBeNull();
    expect(bulkInput('set_brand', ids, fields)).toBeNull();
    expect(bulkInput('adjust_price', ids, { ...fields, value: '  ' })).toBeNull();
  });

  it('builds bodies the bulk route accepts, "none" clearing the category or brand', () => {
    const bodies = [
      bulkInput('set_category', ids, { ...fields, choice: '12' }),
      bulkInput('set_category', ids, { ...fields, choice: 'none' }),
      bulkInput('set_brand', { filter: { brand_id: '4' } }, { ...fields, choice: 'none' }),
      bulkInput('adjust_price', ids, { ...fields, by: 'amount', value: ' -2.50 ' }),
      bulkInput('publish', { filter: { no_image: '1' } }, fields),
      bulkInput('delete', ids, fields),
    ];
    expect(bodies[0]).toEqual({ ids: [3, 7], action: 'set_category', category_id: 12 });
    expect(bodies[1]).toEqual({ ids: [3, 7], action: 'set_category', category_id: null });
    expect(bodies[2]).toEqual({ filter: { brand_id: '4' }, action: 'set_brand', brand_id: null });
    expect(bodies[3]).toEqual({ ids: [3, 7], action: 'adjust_price', by: 'amount', value: '-2.50' });
    for (const body of bodies)
      expect(productBulkBody.safeParse({ ...body, dry_run: true }).success).toBe(true);
  });
});
