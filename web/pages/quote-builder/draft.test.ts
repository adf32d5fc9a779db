import { describe, expect, it } from 'vitest';
import type { Quote } from '#domain/quotes';
import { formatCents } from '../../api/currency';
import {
  acceptTyped,
  bodyFromDraft,
  changedFromCatalogue,
  type Draft,
  draftFromQuote,
  draftTotals,
  moveLine,
} from './draft';

const line = (over: Partial<Draft['lines'][number]> = {}): Draft['lines'][number] => ({
  key: 'k',
  product_id: null,
  variant_id: null,
  options: {},
  name: 'Lamp',
  sku: '',
  quantity: '1',
  unit_price: '0',
  discount_percent: '',
  catalogue_price: null,
  price_source: null,
  ...over,
});
const draft = (over: Partial<Draft> = {}): Draft => ({
  lines: [],
  shipping: '',
  shipping_label: '',
  tax_rate: '',
  valid_until: '2026-12-25',
  note: '',
  terms: '',
  ...over,
});

describe('the builder totals', () => {
  it('are exact cents where floats drift, with the discount and tax rounded half-up', () => {
    const t = draftTotals(
      draft({
        lines: [
          line({ quantity: '3', unit_price: '0.1' }),
          line({ quantity: '7', unit_price: '16.99', discount_percent: '12.5' }),
        ],
        shipping: '4.95',
        tax_rate: '8.25',
      }),
    );
    // 16.99 × 7 = 118.93; less 12.5 % = 104.06375 → 104.06
    expect(t.lines).toEqual([30n, 10406n]);
    expect(t.totals?.subtotal).toBe(10436n);
    // (104.36 + 4.95) × 8.25 % = 9.018075 → 9.02
    expect(t.totals?.tax).toBe(902n);
    expect(formatCents(t.totals?.total ?? 0n)).toBe('$118.33');
  });

  it('leave a line that is not a number yet without a total, and the quote without totals', () => {
    const t = draftTotals(
      draft({ lines: [line({ quantity: '', unit_price: '5' }), line({ unit_price: '2.' })] }),
    );
    expect(t.lines).toEqual([null, 200n]);
    expect(t.totals).toBeNull();
    expect(draftTotals(draft({ lines: [line({ unit_price: '1' })], tax_rate: '120' })).totals).toBeNull();
  });
});

describe('typed input', () => {
  it('refuses a minus sign, letters and decimals where they do not belong', () => {
    expect(acceptTyped('quantity', '12')).toBe('12');
    expect(acceptTyped('quantity', '-1')).toBeNull();
    expect(acceptTyped('quantity', '1.5')).toBeNull();
    expect(acceptTyped('quantity', '12345')).toBeNull();
    expect(acceptTyped('amount', '12.')).toBe('12.');
    expect(acceptTyped('amount', '12.34')).toBe('12.34');
    expect(acceptTyped('amount', '12.345')).toBeNull();
    expect(acceptTyped('amount', '-3')).toBeNull();
    expect(acceptTyped('percent', '1e2')).toBeNull();
  });
});

describe('the draft and the server', () => {
  it('reads a quote into the form and writes the form back as the PUT body', () => {
    const quote = {
      lines: [
        {
          product_id: 4,
          variant_id: 40,
          options: { Finish: 'Oiled' },
          name: 'Oak table',
          sku: 'OAK-1',
          quantity: 2,
          unit_price: 120.5,
          discount_percent: 0,
          line_total: 241,
        },
      ],
      shipping: 0,
      shipping_label: null,
      tax_rate: 20,
      valid_until: '2026-12-25',
      note: null,
      terms: 'Net 30',
    } as unknown as Quote;
    const form = draftFromQuote(quote);
    expect(form.lines[0]).toMatchObject({ quantity: '2', unit_price: '120.50', discount_percent: '' });
    expect(form.tax_rate).toBe('20');
    expect(bodyFromDraft(form)).toEqual({
      lines: [
        {
          product_id: 4,
          // The variant goes back; its options are the server's to copy.
          variant_id: 40,
          name: 'Oak table',
          sku: 'OAK-1',
          quantity: 2,
          unit_price: 120.5,
          discount_percent: 0,
        },
      ],
      shipping: 0,
      shipping_label: null,
      tax_rate: 20,
      valid_until: '2026-12-25',
      note: null,
      terms: 'Net 30',
    });
  });

  it('moves lines up and down, the ends staying put', () => {
    expect(moveLine(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveLine(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveLine(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});

describe('changedFromCatalogue', () => {
  it('gives the catalogue price only while the typed unit price is a different amount', () => {
    expect(changedFromCatalogue(line({ unit_price: '120', catalogue_price: 144.49 }))).toBe(144.49);
    expect(changedFromCatalogue(line({ unit_price: '144.49', catalogue_price: 144.49 }))).toBeNull();
    expect(changedFromCatalogue(line({ unit_price: '144.5', catalogue_price: 144.5 }))).toBeNull();
    expect(changedFromCatalogue(line({ unit_price: '144.50', catalogue_price: 144.5 }))).toBeNull();
    // A typed line has none; a half-typed price says nothing yet.
    expect(changedFromCatalogue(line({ unit_price: '120', catalogue_price: null }))).toBeNull();
    expect(changedFromCatalogue(line({ unit_price: '', catalogue_price: 10 }))).toBeNull();
  });
});
