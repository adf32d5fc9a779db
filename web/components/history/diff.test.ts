import { describe, expect, it } from 'vitest';
import { HIDDEN_VALUE } from '#domain/history';
import { diffLines, fieldLabel, formatValue, sectionLines } from './diff';

describe('formatValue', () => {
  it('shows prices as money, statuses by their labels and empties as a dash', () => {
    expect(formatValue('mrp', 1234.5, 'product')).toEqual({ text: '$1,234.50' });
    expect(formatValue('mrp', '19.90', 'product')).toEqual({ text: '$19.90' });
    expect(formatValue('status', 'draft', 'product')).toEqual({ text: 'Draft' });
    expect(formatValue('sku', null, 'product')).toEqual({ text: '—' });
    expect(formatValue('active', 1, 'discount')).toEqual({ text: 'Yes' });
    expect(formatValue('password', HIDDEN_VALUE, 'user')).toEqual({ text: HIDDEN_VALUE });
  });

  it("reads a quote's lines and an inquiry's notes as people do, not as JSON", () => {
    const lines = [
      { id: 1, name: 'Drill', sku: 'SPA-1', quantity: 2, unit_price: 144.49, discount_percent: 0 },
      { id: 2, name: 'Saw', sku: null, quantity: 1, unit_price: 80, discount_percent: 5 },
    ];
    expect(formatValue('lines', lines, 'quote')).toEqual({
      text: '2 × Drill (SPA-1) at $144.49; 1 × Saw at $80.00, less 5 %',
    });
    expect(formatValue('lines', [], 'quote')).toEqual({ text: '—' });
    expect(formatValue('notes', [{ id: 3, body: 'Called back' }], 'inquiry')).toEqual({
      text: 'Called back',
    });
  });

  it('refers to categories and brands by id, for the screen to name them', () => {
    expect(formatValue('category_id', 7, 'product')).toEqual({ ref: 'category', id: 7 });
    expect(formatValue('brand_id', 3, 'discount')).toEqual({ ref: 'brand', id: 3 });
    expect(formatValue('parent_id', 2, 'category')).toEqual({ ref: 'category', id: 2 });
    expect(formatValue('company_id', 4, 'customer')).toEqual({ ref: 'company', id: 4 });
    expect(formatValue('merged_into_id', 9, 'customer')).toEqual({ ref: 'customer', id: 9 });
    expect(formatValue('brand_id', null, 'product')).toEqual({ text: '—' });
  });
});

describe('fieldLabel', () => {
  it('names known fields and makes unknown ones readable', () => {
    expect(fieldLabel('mrp')).toBe('MRP');
    expect(fieldLabel('category_id')).toBe('Category');
    expect(fieldLabel('valid_until')).toBe('Valid until');
  });
});

describe('sectionLines', () => {
  const list = (id: number, title: string, items: string[] = []) => ({
    id,
    title,
    description: null,
    items: items.map((caption, i) => ({ id: i + 1, caption })),
  });

  it('names lists by title, spec groups by name, tables by heading: added, removed, changed', () => {
    const before = {
      lists: [list(1, 'Features', ['a']), list(2, 'Old')],
      specGroups: [{ id: 5, name: 'Power', intro: null, specs: [] }],
      tables: [],
      layout: { blocks: [] },
    };
    const after = {
      lists: [list(1, 'Features', ['a', 'b'])],
      specGroups: [{ id: 5, name: 'Power', intro: null, specs: [] }],
      tables: [{ id: 9, heading: 'Sizes', intro: null, columns_json: '[]', rows_json: '[]', note: null }],
      layout: { blocks: [] },
    };
    expect(sectionLines(before, after).map((l) => l.kind === 'section' && [l.label, l.change])).toEqual([
      ['List “Features”', 'changed'],
      ['List “Old”', 'removed'],
      ['Table “Sizes”', 'added'],
    ]);
  });

  it('says a rename with both names, and a move alone as reordered', () => {
    const lines = sectionLines({ lists: [list(1, 'A')] }, { lists: [list(1, 'B')] });
    expect(lines).toMatchObject([{ label: 'List “A” → “B”', change: 'changed' }]);
    const block = (id: number) => ({ id, block_type: 'list', ref_id: id });
    const moved = sectionLines(
      { lists: [], layout: { blocks: [block(1), block(2)] } },
      { lists: [], layout: { blocks: [block(2), block(1)] } },
    );
    expect(moved).toMatchObject([{ kind: 'note', label: 'Sections', text: 'reordered' }]);
    // A new product's first blocks are not a reordering.
    expect(sectionLines({ layout: { blocks: [] } }, { layout: { blocks: [block(1)] } })).toEqual([]);
  });
});

describe('diffLines', () => {
  it('lists the fields first, then sections and images as a count', () => {
    const lines = diffLines({
      entity_type: 'product',
      changes: {
        images: { before: [{ id: 1 }], after: [{ id: 1 }, { id: 2 }] },
        mrp: { before: 10, after: 12.5 },
      },
    });
    expect(lines).toEqual([
      { kind: 'field', key: 'mrp', label: 'MRP', before: { text: '$10.00' }, after: { text: '$12.50' } },
      {
        kind: 'field',
        key: 'images',
        label: 'Images',
        before: { text: '1 image' },
        after: { text: '2 images' },
      },
    ]);
  });
});

describe('price lists and quantity breaks', () => {
  it("reads a list's companies by name, its prices as counts and what a write set as a note", () => {
    const lines = diffLines({
      entity_type: 'price_list',
      changes: {
        prices_set: { before: null, after: 1000 },
        prices: { before: 120, after: 1100 },
        companies: {
          before: [{ id: 4, name: 'Acme' }],
          after: [
            { id: 4, name: 'Acme' },
            { id: 9, name: null },
          ],
        },
      },
    });
    expect(lines).toEqual([
      {
        kind: 'field',
        key: 'prices',
        label: 'Prices held',
        before: { text: '120' },
        after: { text: '1100' },
      },
      {
        kind: 'field',
        key: 'companies',
        label: 'Companies',
        before: { text: 'Acme' },
        after: { text: 'Acme; #9' },
      },
      { kind: 'note', key: 'prices_set', label: 'Prices set', text: '1000' },
    ]);
  });

  it("reads a product's breaks by variant, quantity and price", () => {
    const tiers = [
      { variant_id: 1, variant: null, sku: 'B-1', min_quantity: 10, mrp: 9 },
      { variant_id: 2, variant: 'Large / Red', sku: 'B-2', min_quantity: 50, mrp: 8.5 },
    ];
    expect(formatValue('tiers', tiers, 'product')).toEqual({
      text: '10+ at $9.00; Large / Red: 50+ at $8.50',
    });
    expect(fieldLabel('tiers')).toBe('Quantity breaks');
  });
});
