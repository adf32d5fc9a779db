import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '#domain/messages';
import type { InjectResponse } from '../test/client';
import { createCustomer, createDraftQuote, createProduct } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { sentQuote } from '../test/quotes';

/**
 * Names, PO numbers and addresses refuse the characters that reorder how text reads (bidirectional
 * embeddings, overrides and isolates) and control characters: a one-line field any of them, a
 * multi-line field (an address) all but its line breaks. Each is a 400 naming the field, and
 * nothing is written.
 */
let ctx: TestContext;
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '100000', QUOTE_PAGE_RATE_MAX: '100000' });
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];

/** Every character the rule names: the bidi controls U+202A–U+202E and U+2066–U+2069. */
const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) =>
  String.fromCodePoint(c),
);
/** Control characters other than a line break. */
const CONTROLS = ['\u0000', '\u0007', '\t', '\u001b', '\u007f', '\u0085'];

/** "Invoice‮fdp.exe" reads as "Invoiceexe.pdf": the classic override. */
const hostile = (c: string) => `Invoice${c}fdp.exe`;

function expectRefused(res: InjectResponse, field: string, c: string) {
  expect(res.statusCode, `${field} with U+${c.codePointAt(0)?.toString(16)}: ${res.body}`).toBe(400);
  const messages = JSON.stringify(res.json());
  const bidi = BIDI.includes(c);
  expect(messages, field).toContain(bidi ? VALIDATION.bidiControl(field) : VALIDATION.oneLine(field));
}

type Case = {
  field: string;
  send: (value: string) => Promise<InjectResponse>;
  /** What must not have changed: a count or a value read from the rows. */
  probe: () => Promise<unknown>;
};

let productId: number;
let customerId: number;
let companyId: number;
let quoteId: number;
let userId: number;
let acceptToken: string;

beforeAll(async () => {
  productId = (await createProduct(ctx.admin, { name: 'Plain lamp', mrp: 5 })).id;
  const user = await ctx.makeUser({ name: 'Plain Person', email: 'plain@example.com' });
  userId = user.user.id;
  const customer = await createCustomer(ctx, {
    name: 'Cara Plain',
    email: 'cara@example.com',
    subject: 'Lamps',
    message: 'Two',
    company: 'Plain Co',
  });
  customerId = customer.id;
  companyId = customer.company.id;
  quoteId = (await createDraftQuote(ctx.admin, customer.request.id)).id;
  acceptToken = (await sentQuote(ctx, { remoteAddress: address() })).token;
});

const count = (table: string) => async () => (await q(`select count(*)::int as n from ${table}`))[0].n;

const ONE_LINE: Case[] = [
  {
    field: 'Name',
    send: (v) => ctx.admin.post('/api/products', { name: v, mrp: 1 }),
    probe: count('products'),
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.put(`/api/products/${productId}`, { name: v }),
    probe: async () => (await q('select name from products where id = $1', [productId]))[0].name,
  },
  { field: 'Name', send: (v) => ctx.admin.post('/api/brands', { name: v }), probe: count('brands') },
  { field: 'Name', send: (v) => ctx.admin.post('/api/categories', { name: v }), probe: count('categories') },
  {
    field: 'Name',
    send: (v) =>
      ctx.admin.post('/api/discounts', {
        name: v,
        type: 'percent',
        value: 5,
        applies_to: 'product',
        product_id: productId,
      }),
    probe: count('discounts'),
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.post('/api/roles', { name: v, permissions: ['catalog.read'] }),
    probe: count('roles'),
  },
  {
    field: 'Name',
    send: (v) =>
      ctx.admin.post('/api/users', {
        name: v,
        email: 'new@example.com',
        password: 'secret-pass',
        role: 'viewer',
      }),
    probe: count('users'),
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.patch(`/api/users/${userId}`, { name: v }),
    probe: async () => (await q('select name from users where id = $1', [userId]))[0].name,
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.put('/api/me', { name: v, email: 'ada@example.com' }),
    probe: async () => (await q("select name from users where email = 'ada@example.com'"))[0].name,
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.patch(`/api/customers/${customerId}`, { name: v }),
    probe: async () => (await q('select name from customers where id = $1', [customerId]))[0].name,
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.patch(`/api/companies/${companyId}`, { name: v }),
    probe: async () => (await q('select name from companies where id = $1', [companyId]))[0].name,
  },
  {
    field: 'Name',
    send: (v) =>
      ctx.admin.put(`/api/quotes/${quoteId}`, { lines: [{ name: v, quantity: 1, unit_price: 1 }] }),
    probe: async () => q('select name from quote_lines where quote_id = $1', [quoteId]),
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.post('/api/api-tokens', { name: v, role: 'viewer' }),
    probe: count('api_tokens'),
  },
  {
    field: 'Name',
    send: (v) => ctx.admin.post('/api/quote-templates', { name: v, from_quote_id: quoteId }),
    probe: count('quote_templates'),
  },
  // The public forms: a quote request, and the acceptance's signature and PO number.
  ...(['Name', 'Subject', 'Company'] as const).map(
    (field): Case => ({
      field,
      send: (v) =>
        ctx.as().post(
          '/api/inquiries',
          {
            name: 'Vera Visitor',
            email: 'vera@example.com',
            subject: 'Hello',
            message: 'Hi',
            [field.toLowerCase()]: v,
          },
          { remoteAddress: address() },
        ),
      probe: count('inquiries'),
    }),
  ),
  {
    field: 'Name',
    send: (v) =>
      ctx.as().post(`/api/public/quotes/${acceptToken}/accept`, { name: v }, { remoteAddress: address() }),
    probe: count('orders'),
  },
  {
    field: 'PO number',
    send: (v) =>
      ctx
        .as()
        .post(
          `/api/public/quotes/${acceptToken}/accept`,
          { name: 'Ok', po_number: v },
          { remoteAddress: address() },
        ),
    probe: count('orders'),
  },
];

const MULTI_LINE: Case[] = [
  ...(['billing_address', 'shipping_address'] as const).map(
    (key): Case => ({
      field: key === 'billing_address' ? 'Billing address' : 'Delivery address',
      send: (v) =>
        ctx
          .as()
          .post(
            `/api/public/quotes/${acceptToken}/accept`,
            { name: 'Ok', [key]: v },
            { remoteAddress: address() },
          ),
      probe: count('orders'),
    }),
  ),
  {
    field: 'Address',
    send: (v) => ctx.admin.patch(`/api/companies/${companyId}`, { address: v }),
    probe: async () => (await q('select address from companies where id = $1', [companyId]))[0].address,
  },
];

describe('names, PO numbers and addresses', () => {
  it('a one-line field refuses every bidi control and control character, changing nothing', async () => {
    for (const c of ONE_LINE) {
      const before = await c.probe();
      for (const bad of [...BIDI, ...CONTROLS, '\n']) {
        const res = await c.send(hostile(bad));
        if (bad === '\n') {
          expect(res.statusCode, `${c.field}: ${res.body}`).toBe(400);
          expect(JSON.stringify(res.json())).toContain(VALIDATION.oneLine(c.field));
        } else expectRefused(res, c.field, bad);
      }
      expect(await c.probe(), c.field).toEqual(before);
    }
  });

  it('an address keeps its line breaks and refuses the rest, changing nothing', async () => {
    for (const c of MULTI_LINE) {
      const before = await c.probe();
      for (const bad of [...BIDI, ...CONTROLS]) {
        const res = await c.send(`2 Dock Lane\n${hostile(bad)}`);
        if (BIDI.includes(bad)) expectRefused(res, c.field, bad);
        else {
          expect(res.statusCode, `${c.field}: ${res.body}`).toBe(400);
          expect(JSON.stringify(res.json())).toContain(VALIDATION.textBlock(c.field));
        }
      }
      expect(await c.probe(), c.field).toEqual(before);
    }
    // Line breaks as a textarea sends them, either kind, are an address's own.
    const ok = await ctx.admin.patch(`/api/companies/${companyId}`, {
      address: '2 Dock Lane\r\nHull\nHU1 1AA',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const accepted = await ctx
      .as()
      .post(
        `/api/public/quotes/${acceptToken}/accept`,
        { name: 'Ok', billing_address: 'Unit 4\nHull', shipping_address: 'Unit 5\r\nHull' },
        { remoteAddress: address() },
      );
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
