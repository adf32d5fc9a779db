import { describe, expect, it } from 'vitest';
import type { Inquiry } from '#domain/inquiries';
import { readInquiryUrl } from '../../components/inquiry/urlState';
import { NAV_ITEMS } from '../navItems';
import {
  actionItems,
  categoryItem,
  inquiryItem,
  matchesQuery,
  productItem,
  screenItems,
} from './paletteItems';

describe('the palette’s lines', () => {
  it('matches when every typed word is somewhere in the texts, in any case', () => {
    expect(matchesQuery('add PROD', 'New product', 'add create')).toBe(true);
    expect(matchesQuery('prod brand', 'New product')).toBe(false);
    expect(matchesQuery('  ', 'anything')).toBe(true);
  });

  it('lists every screen for an empty query, and filters them by name', () => {
    expect(screenItems('', true).map((i) => i.to)).toEqual(NAV_ITEMS.map((n) => n.path));
    expect(screenItems('categ', true).map((i) => i.label)).toEqual(['Product Categories']);
  });

  it('offers Activity to admins only, and Trash to everyone', () => {
    expect(screenItems('activ', true).map((i) => i.to)).toEqual(['/activity']);
    expect(screenItems('activ', false)).toEqual([]);
    expect(screenItems('trash', false).map((i) => i.to)).toEqual(['/trash']);
  });

  it('offers New user to admins only', () => {
    const labels = (admin: boolean) => actionItems('', admin).map((i) => i.label);
    expect(labels(true)).toEqual(['New category', 'New brand', 'New product', 'New discount', 'New user']);
    expect(labels(false)).not.toContain('New user');
    expect(actionItems('new disc', true)).toEqual([
      expect.objectContaining({ label: 'New discount', to: '/discounts', create: true }),
    ]);
  });

  it('sends a product to its editor and a category to its list, searched for it', () => {
    const product = productItem({
      id: 1,
      slug: 'drill & bits',
      name: 'Drill',
      description: null,
      image: null,
      brand: null,
      category: 'Tools',
      price: { mrp: 1, final: 1 },
      best_discount: null,
      status: 'draft',
    });
    expect(product.to).toBe('/product/drill%20%26%20bits');
    expect(product.description).toBe('Tools · draft');
    const category = categoryItem({ id: 2, name: 'Power & Hand', slug: 'power-hand' } as never);
    expect(new URL(category.to, 'http://x').searchParams.get('q')).toBe('Power & Hand');
  });

  it('opens the inbox searched for the query with the request selected', () => {
    const item = inquiryItem({ id: 7, reference: 'Q-7', name: 'Ann', subject: 'Lamps' } as Inquiry, 'ann');
    const url = new URL(item.to, 'http://x');
    expect(url.pathname).toBe('/inquiries');
    expect(readInquiryUrl(url.searchParams)).toMatchObject({ q: 'ann', selected: 7 });
  });
});
