import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defuseCell, restoreCell } from '#domain/csv-cells';
import { createTestContext, type TestContext } from '../test/harness';

/** Every CSV export goes through sendCsv: each is held here to the same cells. */
let ctx: TestContext;
const tag = `csv${Date.now()}`;
/** A value a spreadsheet set to semicolons would split into a formula of its own. */
const risky = (n: number) => `Risky ${tag};=${n}+${n}`;

beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '100' });
  const staff = async (url: string, payload: object) => {
    const res = await ctx.as(ctx.adminToken).post(url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const product = await staff('/api/products', {
    name: risky(1),
    mrp: 10,
    description: `Tab\there, "quoted", and a line\nbreak`,
  });
  await staff('/api/products', { name: `'=already ${tag}`, mrp: 10 });
  await staff('/api/discounts', {
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
    '%s: a cell holding a semicolon is quoted whole, and reads back as it was',
    async (_name, url, value) => {
      const body = await exported(url);
      expect(body).toContain(`"${value}"`);
      expect(body).not.toMatch(new RegExp(`(^|,)${value.replace(/[+]/g, '\\+')}(,|$)`, 'm'));
      const cells = (parse(body, { relax_column_count: true }) as string[][]).flat();
      expect(cells).toContain(value);
    },
  );

  it('quotes tabs and line breaks, doubles quotes, and keeps an apostrophe-led formula unambiguous', async () => {
    const products = await exported(`/api/products/export.csv?q=${tag}`);
    expect(products).toContain(`"Tab\there, ""quoted"", and a line\nbreak"`);
    expect(products).toContain(`''=already ${tag}`);
    const inquiries = await exported(`/api/inquiries/export.csv?q=${tag}`);
    expect(inquiries).toContain(`"a;-1\tb"`);
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
    ['x;=1+1', 'x;=1+1'],
    ['', ''],
  ])('%j is exported as %j and read back as it was', (value, cell) => {
    expect(defuseCell(value)).toBe(cell);
    expect(restoreCell(cell)).toBe(value);
  });
});
