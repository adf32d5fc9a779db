import { describe, expect, it } from 'vitest';
import { PRODUCT_FILTER_KEYS, productFilterBody, productFilterShape } from '#domain/product-list';
import { activeFilterKeys, bulkFilter, chipText, filterChange, selectionScope } from './productFilters';

describe('product filters', () => {
  it('name every filter the API takes beside the search', () => {
    expect([...PRODUCT_FILTER_KEYS, 'q'].sort()).toEqual(Object.keys(productFilterShape).sort());
  });

  it('send only the set filters, as text the bulk route accepts', () => {
    const values = { category_id: '5', discounted: '1', price_max: '19.99', brand_id: undefined, status: '' };
    const filter = bulkFilter('  lamp ', values);
    expect(filter).toEqual({ q: 'lamp', category_id: '5', discounted: '1', price_max: '19.99' });
    expect(productFilterBody.parse(filter)).toMatchObject({
      q: 'lamp',
      category_id: 5,
      discounted: true,
      price_max: 1999,
      no_image: false,
    });
    expect(activeFilterKeys(values)).toEqual(['category_id', 'price_max', 'discounted']);
  });

  it('scope a selection by the search and the filters, not the page or sort', () => {
    expect(selectionScope('oak', { brand_id: '2' })).toBe(selectionScope('oak ', { brand_id: '2' }));
    expect(selectionScope('oak', { brand_id: '2' })).not.toBe(selectionScope('oak', { brand_id: '3' }));
    expect(selectionScope('', {})).not.toBe(selectionScope('', { no_image: '1' }));
  });

  it('clear the other of a pair that cannot both hold', () => {
    expect(filterChange('category_id', '4')).toEqual({ category_id: '4', no_category: undefined });
    expect(filterChange('no_category', '1')).toEqual({ no_category: '1', category_id: undefined });
    expect(filterChange('brand_id', '2')).toEqual({ brand_id: '2', no_brand: undefined });
    expect(filterChange('no_brand', '1')).toEqual({ no_brand: '1', brand_id: undefined });
    expect(filterChange('category_id', undefined)).toEqual({ category_id: undefined });
    expect(filterChange('status', '')).toEqual({ status: undefined });
  });

  it('say on a chip what a filter holds', () => {
    expect(chipText('category_id', '4', { category: 'Chairs' })).toBe('Category: Chairs and below');
    expect(chipText('brand_id', '9')).toBe('Brand: #9');
    expect(chipText('status', 'draft')).toBe('Status: Draft');
    expect(chipText('price_min', '10')).toBe('Final price ≥ 10');
    expect(chipText('no_image', '1')).toBe('No image');
  });
});
