import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defuseCell, restoreCell } from '#domain/csv-cells';
import { createProduct } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { sentQuote } from '../test/quotes';

/** Every CSV export goes through sendCsv: each is held here to the same cells. */
let ctx: TestContext;
const tag = `csv${Date.now()}`;
/** A value a spreadsheet set to semicolons would split into a formula of its own. */
const risky = (n: number) => `Risky ${tag};=${n}+${n}`;

beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '100', QUOTE_PAGE_RATE_MAX: '100' });
  const product = await createProduct(ctx.admin, {
    sku: undefined,
    name: risky(1),
    mrp: 10,
    description: `Tab\there, "quoted", and a line\nbreak`,
  });
  await createProduct(ctx.admin, { sku: undefined, name: `'=already ${tag}`, mrp: 10 });
  await ctx.admin.ok('POST', '/api/discounts', {
    name: risky(2),
    type: 'percent',
    value: 5,
    applies_to: 'product',
    product_id: product.id,
    active: true,
  });
  const inquiry = await ctx
    .as()
    .post(
      '/api/inquiries',
      { name: 'Cass', email: 'cass@example.com', subject: risky(3), message: `a;-1\tb` },
      { remoteAddress: `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}` },
    );
  expect(inquiry.statusCode, inquiry.body).toBe(201);
});
afterAll(() => ctx.close());

const exported = async (url: string) => {
  const res = await ctx.as(ctx.adminToken).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe('every CSV export', () => {
  it.each([
    ['products', `/api/products/export.csv?q=${tag}`, risky(1)],
    ['discounts', `/api/discounts/export.csv?q=${tag}`, risky(2)],
    ['inquiries', `/api/inquiries/export.csv?q=${tag}`, risky(3)],
    ['activity', '/api/history/export.csv?entity_type=product', risky(1)],
  ])(
    '%s: a cell holding a semicolon is quoted whole, defused after it, and reads back as it was',
    async (_name, url, value) => {
      const body = await exported(url);
      // Quoted whole, the formula after its semicolon defused for a reader split on semicolons.
      expect(body).toContain(`"${value.replace(';=', ";'=")}"`);
      expect(body).not.toMatch(new RegExp(`(^|,)${value.replace(/[+]/g, '\\+')}(,|$)`, 'm'));
      const cells = (parse(body, { relax_column_count: true }) as string[][]).flat().map(restoreCell);
      expect(cells).toContain(value);
    },
  );

  it('quotes tabs and line breaks, doubles quotes, and keeps an apostrophe-led formula unambiguous', async () => {
    const products = await exported(`/api/products/export.csv?q=${tag}`);
    expect(products).toContain(`"Tab\there, ""quoted"", and a line\nbreak"`);
    expect(products).toContain(`''=already ${tag}`);
    const inquiries = await exported(`/api/inquiries/export.csv?q=${tag}`);
    expect(inquiries).toContain(`"a;'-1\tb"`);
  });
});

describe('defuseCell and restoreCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=1", "''=1"],
    ["''+1", "'''+1"],
    ["'plain", "'plain"],
    ['x;=1+1', "x;'=1+1"],
    ['x,+1', "x,'+1"],
    ['a\n-1+1', "a\n'-1+1"],
    ['a\r\n@x', "a\r\n'@x"],
    ["x;'=1", "x;''=1"],
    [';;=1', ";;'=1"],
    ['\t\t=1', "'\t'\t'=1"],
    ["'\t=1", "''\t'=1"],
    ['x; =1', 'x; =1'],
    ['x;a=1', 'x;a=1'],
    ['', ''],
  ])('%j is exported as %j and read back as it was', (value, cell) => {
    expect(defuseCell(value)).toBe(cell);
    expect(restoreCell(cell)).toBe(value);
  });
});

/**
 * A reader that splits each line on `,` or `;` without reading CSV's quotes (a spreadsheet told
 * the wrong separator, a script): every field it sees that starts like a formula is a number.
 */
describe('every CSV export, split naively', () => {
  const evil = `ev${Date.now()}`;
  /** One line each: what a name, a subject or a PO number may hold. */
  const oneLine = [
    `${evil} a;=HYPERLINK("https://evil.example","x")`,
    `${evil} x,=1+1`,
    `${evil} y;+2+2`,
    `${evil} z,-3+3`,
    `${evil} w;@SUM(1)`,
  ];
  /** Line breaks, as an address or a message may hold. */
  const lines = `${evil} Dock Lane\n=1+1\r\n-2+2;@x,+3`;

  beforeAll(async () => {
    const product = await createProduct(ctx.admin, {
      sku: undefined,
      name: oneLine[0],
      mrp: 10,
      description: lines,
    });
    await ctx.admin.ok('POST', '/api/discounts', {
      name: oneLine[1],
      type: 'percent',
      value: 5,
      applies_to: 'product',
      product_id: product.id,
      active: true,
    });
    const sent = await sentQuote(ctx, {
      lines: [{ name: oneLine[2], quantity: 1, unit_price: 5 }],
      inquiry: { name: oneLine[3], company: oneLine[4], subject: oneLine[0], message: lines },
      remoteAddress: `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`,
    });
    const accepted = await ctx
      .as()
      .post(
        `/api/public/quotes/${sent.token}/accept`,
        { name: oneLine[3], po_number: oneLine[1], billing_address: lines, shipping_address: lines },
        { remoteAddress: `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}` },
      );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  const isNumber = (field: string) => /^[-+]?\d+(\.\d+)?$/.test(field);
  const risky = (field: string) => /^[=+\-@]/.test(field) && !isNumber(field);

  it.each([
    ['products', `/api/products/export.csv?q=${evil}`],
    ['discounts', `/api/discounts/export.csv?q=${evil}`],
    ['requests', `/api/inquiries/export.csv?q=${evil}`],
    ['activity', '/api/history/export.csv'],
    ['customers', `/api/customers/export.csv?q=${evil}`],
    ['companies', `/api/companies/export.csv?q=${evil}`],
    ['orders', `/api/orders/export.csv`],
  ])('%s: no field split on , or ; starts like a formula', async (_name, url) => {
    const body = await exported(url);
    expect(body).toContain(evil);
    for (const line of body.split(/\r?\n|\r/)) {
      for (const separator of [',', ';']) {
        for (const field of line.split(separator)) {
          // With a quote CSV put around the cell taken off too, as a lenient reader would.
          for (const seen of [field, field.replace(/^"+/, '')]) {
            expect(risky(seen), `${JSON.stringify(seen)} in ${JSON.stringify(line)}`).toBe(false);
          }
        }
      }
    }
    // A proper CSV reader still reads every cell back as it was.
    const cells = (parse(body, { relax_column_count: true }) as string[][]).flat().map(restoreCell);
    expect(cells.some((c) => oneLine.includes(c) || c === lines || c.includes(oneLine[2]))).toBe(true);
  });
});
