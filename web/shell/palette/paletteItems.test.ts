import { describe, expect, it } from 'vitest';
import type { Company, Customer } from '#domain/customers';
import type { Inquiry } from '#domain/inquiries';
import { readInquiryUrl } from '../../components/inquiry/urlState';
import { rightsOf } from '../../test/signedIn';
import { NAV_ITEMS } from '../navItems';
import {
  actionItems,
  categoryItem,
  companyItem,
  customerItem,
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
    expect(screenItems('', rightsOf('admin')).map((i) => i.to)).toEqual(NAV_ITEMS.map((n) => n.path));
    expect(screenItems('categ', rightsOf('admin')).map((i) => i.label)).toEqual(['Product Categories']);
  });

  it('offers a screen only to a role holding its right', () => {
    expect(screenItems('activ', rightsOf('viewer')).map((i) => i.to)).toEqual(['/activity']);
    expect(screenItems('activ', rightsOf('sales'))).toEqual([]);
    expect(screenItems('users', rightsOf('editor'))).toEqual([]);
    expect(screenItems('outbox', rightsOf('editor'))).toEqual([]);
    expect(screenItems('trash', rightsOf('editor')).map((i) => i.to)).toEqual(['/trash']);
    expect(screenItems('inquir', rightsOf('sales')).map((i) => i.to)).toEqual(['/inquiries']);
  });

  it('offers each create action only with its right', () => {
    const labels = (role: 'admin' | 'editor' | 'sales') =>
      actionItems('', rightsOf(role)).map((i) => i.label);
    expect(labels('admin')).toEqual([
      'New category',
      'New brand',
      'New product',
      'New discount',
      'New price list',
      'New user',
    ]);
    expect(labels('editor')).not.toContain('New user');
    expect(labels('sales')).toEqual([]);
    expect(actionItems('new disc', rightsOf('admin'))).toEqual([
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
      price_range: { min: 1, max: 1 },
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

  it('opens a customer or a company in its pane, its list searched for the query', () => {
    const customer = customerItem(
      {
        id: 4,
        name: 'Cora',
        email: 'cora@example.com',
        phone: null,
        company: { id: 9, name: 'Castle' },
      } as Customer,
      'cor',
    );
    const url = new URL(customer.to, 'http://x');
    expect(url.pathname).toBe('/customers');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'cor', selected: '4' });
    expect(customer.description).toBe('Castle · cora@example.com');
    const company = companyItem({ id: 9, name: 'Castle', website: null, phone: '+44 1' } as Company, 'cas');
    expect(company.to).toBe('/companies?q=cas&selected=9');
    expect(company.description).toBe('+44 1');
  });

  it('offers the Customers screen only with the right to read customers', () => {
    expect(screenItems('custom', rightsOf('viewer')).map((i) => i.to)).toEqual(['/customers']);
    expect(screenItems('custom', () => false)).toEqual([]);
  });
});
