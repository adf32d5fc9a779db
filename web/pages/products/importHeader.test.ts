import { describe, expect, it } from 'vitest';
import { IMPORT_DEFAULT_HEADERS, IMPORT_FIELDS, IMPORT_LIMITS, IMPORT_TEXT } from '#domain/imports';
import { PRODUCT_CSV_COLUMNS } from '#domain/product-list';
import { defaultMapping, fileProblem, mappingJson, parseHeader, readHeader } from './importHeader';

describe('parseHeader', () => {
  it('splits the first line on commas and stops at the line break', () => {
    expect(parseHeader('sku,name,mrp\nA-1,Oak table,10\n')).toEqual(['sku', 'name', 'mrp']);
    expect(parseHeader('sku,name\r\nA-1,Oak')).toEqual(['sku', 'name']);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes', () => {
    expect(parseHeader('"Name, full","Say ""hi""","two\nlines",last\nrow')).toEqual([
      'Name, full',
      'Say "hi"',
      'two\nlines',
      'last',
    ]);
  });

  it('drops a byte-order mark and keeps empty columns in place', () => {
    expect(parseHeader('\uFEFFsku,,mrp')).toEqual(['sku', '', 'mrp']);
  });

  it('finds no header in an empty file', () => {
    expect(parseHeader('')).toEqual([]);
    expect(parseHeader('\n')).toEqual([]);
  });

  it('reads only the start of a file', async () => {
    const file = new Blob([`sku,name\n${'x,y\n'.repeat(50_000)}`]);
    expect(await readHeader(file)).toEqual(['sku', 'name']);
  });
});

describe('defaultMapping', () => {
  it('maps a file the export wrote completely, field by field', () => {
    const mapping = defaultMapping(PRODUCT_CSV_COLUMNS);
    for (const field of IMPORT_FIELDS) expect(mapping[field]).toBe(IMPORT_DEFAULT_HEADERS[field]);
  });

  it('matches a field or its label in any case, with spaces, dashes or underscores', () => {
    expect(defaultMapping(['SKU', 'Product Name', 'Name', 'Price (MRP)', 'Category-Path', 'BRAND'])).toEqual({
      sku: 'SKU',
      name: 'Name',
      mrp: 'Price (MRP)',
      category: 'Category-Path',
      brand: 'BRAND',
    });
  });

  it('prefers the export’s own header over a look-alike', () => {
    expect(defaultMapping(['Category', 'category_path']).category).toBe('category_path');
  });

  it('leaves unknown columns unmapped', () => {
    expect(defaultMapping(['colour', 'weight'])).toEqual({});
  });

  it('sends only the mapped fields', () => {
    expect(JSON.parse(mappingJson({ sku: 'SKU', name: undefined, mrp: '' }))).toEqual({ sku: 'SKU' });
  });
});

describe('fileProblem', () => {
  it('refuses a file over the limit before it is sent, and a file that is not .csv', () => {
    expect(fileProblem({ name: 'big.csv', size: IMPORT_LIMITS.maxBytes + 1 })).toBe(IMPORT_TEXT.tooLarge);
    expect(fileProblem({ name: 'list.xlsx', size: 10 })).toBe(IMPORT_TEXT.notCsv);
    expect(fileProblem({ name: 'LIST.CSV', size: IMPORT_LIMITS.maxBytes })).toBeNull();
  });
});
