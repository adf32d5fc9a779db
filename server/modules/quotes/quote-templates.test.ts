import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_TEMPLATE_TEXT } from '#domain/quote-templates';
import { QUOTE_LIMITS, QUOTE_TEXT } from '#domain/quotes';
import { createDraftQuote, createProduct, createQuoteRequest } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Templates and copies: Save as template keeps a quote's lines, note and terms; Start from
 * template fills a draft with them, each linked line priced again by today's rule; Copy to
 * another request starts a draft from a quote as quoted.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '1000' });
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

const request = (name = 'Rae Repeat') =>
  createQuoteRequest(ctx.as(), {
    name,
    email: 'rae@example.com',
    subject: 'Again',
    message: 'Same as last time.',
  });

let drill: { id: number };
let quoteId: number;
const quoteCount = async (inquiryId: number) =>
  (await q<{ n: number }>('select count(*)::int as n from quotes where inquiry_id = $1', [inquiryId]))[0].n;

beforeAll(async () => {
  drill = await createProduct(ctx.admin, { name: 'Template Drill', mrp: 100, sku: 'TPL-DRILL' });
  const inquiry = await request();
  const draft = await createDraftQuote(ctx.admin, inquiry.id);
  // Staff priced the drill at 90 (the catalogue says 100), with 5 % off, and typed a line.
  await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
    lines: [
      {
        product_id: drill.id,
        name: 'Template Drill',
        sku: 'TPL-DRILL',
        quantity: 2,
        unit_price: 90,
        discount_percent: 5,
      },
      { name: 'Installation', quantity: 1, unit_price: 250 },
    ],
    shipping: 12.5,
    tax_rate: 20,
    note: 'Delivered within a week.',
    terms: 'Net 30.',
  });
  quoteId = draft.id;
});

describe('Save as template', () => {
  it("keeps the quote's lines, note and terms under a name (201), listed by name", async () => {
    const res = await ctx.admin.send('POST', '/api/quote-templates', {
      name: 'Drill kit',
      from_quote_id: quoteId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Drill kit',
      note: 'Delivered within a week.',
      terms: 'Net 30.',
      lines: [
        { product_id: drill.id, name: 'Template Drill', quantity: 2, unit_price: 90, discount_percent: 5 },
        { product_id: null, name: 'Installation', quantity: 1, unit_price: 250, discount_percent: 0 },
      ],
      created_by: { name: 'Ada Admin' },
    });
    const rows = await q('select name, shipping::text, tax_rate::text from quote_templates where id = $1', [
      res.json().id,
    ]);
    expect(rows).toEqual([{ name: 'Drill kit', shipping: '12.50', tax_rate: '20.00' }]);
    await ctx.admin.ok('POST', '/api/quote-templates', { name: 'another kit', from_quote_id: quoteId });
    const list = await ctx.admin.ok('GET', '/api/quote-templates');
    expect(list.data.map((t: { name: string }) => t.name)).toEqual(['another kit', 'Drill kit']);
    expect((await ctx.admin.ok('GET', '/api/quote-templates?q=drill')).data).toHaveLength(1);
  });

  it('refuses a taken name (409), an unknown quote (404), bad input and unknown fields (400)', async () => {
    const before = (await q<{ n: number }>('select count(*)::int as n from quote_templates'))[0].n;
    const taken = await ctx.admin.send('POST', '/api/quote-templates', {
      name: 'DRILL KIT',
      from_quote_id: quoteId,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(QUOTE_TEMPLATE_TEXT.nameTaken);
    const unknown = await ctx.admin.send('POST', '/api/quote-templates', {
      name: 'Ghost',
      from_quote_id: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(QUOTE_TEXT.notFound);
    for (const body of [
      { name: '', from_quote_id: quoteId },
      { name: '   ', from_quote_id: quoteId },
      { name: 'x'.repeat(101), from_quote_id: quoteId },
      { name: 'Bad id', from_quote_id: 'one' },
      { name: 'No id' },
      { name: 'Extra', from_quote_id: quoteId, id: 5 },
    ])
      expect(
        (await ctx.admin.send('POST', '/api/quote-templates', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect((await ctx.admin.send('GET', '/api/quote-templates?page=2')).statusCode).toBe(400);
    expect((await q<{ n: number }>('select count(*)::int as n from quote_templates'))[0].n).toBe(before);
  });
});

describe('Start from template', () => {
  it("fills a new draft with the template, each linked unit price taken again from today's pricing rule", async () => {
    const template = (await ctx.admin.ok('GET', '/api/quote-templates?q=Drill kit')).data[0] as {
      id: number;
    };
    // Since the template was saved the drill's price went up and it gained a discount of its own.
    await ctx.admin.ok('PUT', `/api/products/${drill.id}`, {
      name: 'Template Drill',
      pricing: { mrp: 150, discountPercent: 10 },
    });
    const inquiry = await request('Sam Second');
    const res = await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`, {
      template_id: template.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json();
    expect(draft).toMatchObject({
      inquiry_id: inquiry.id,
      status: 'draft',
      note: 'Delivered within a week.',
      terms: 'Net 30.',
      shipping: 12.5,
      tax_rate: 20,
      lines: [
        // 150 less 10 %: today's price, not the 90 of the quote the template came from.
        {
          product_id: drill.id,
          name: 'Template Drill',
          quantity: 2,
          unit_price: 135,
          discount_percent: 5,
          catalogue_price: 135,
        },
        // A typed line keeps its price.
        { product_id: null, name: 'Installation', quantity: 1, unit_price: 250, discount_percent: 0 },
      ],
    });
    const stored = await q(
      'select unit_price::text, catalogue_price::text from quote_lines where quote_id = $1 order by position',
      [draft.id],
    );
    expect(stored).toEqual([
      { unit_price: '135.00', catalogue_price: '135.00' },
      { unit_price: '250.00', catalogue_price: null },
    ]);
  });

  it("keeps the lines the customer asked for, today's prices, and adds the template's after them", async () => {
    const template = (await ctx.admin.ok('GET', '/api/quote-templates?q=Drill kit')).data[0] as {
      id: number;
    };
    const saw = await ctx.admin.ok('POST', '/api/products', { name: 'Basket Saw', mrp: 40, sku: 'BSK-SAW' });
    const res = await ctx.as().post(
      '/api/inquiries',
      {
        name: 'Bea Basket',
        email: 'bea@example.com',
        subject: 'A saw and the usual kit',
        message: 'As in my basket.',
        lines: [{ product_id: saw.id, quantity: 3 }],
      },
      { remoteAddress: address() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const inquiry = res.json() as { id: number };
    const draft = await createDraftQuote(ctx.admin, inquiry.id, { template_id: template.id });
    expect(draft.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Basket Saw', 3],
      ['Template Drill', 2],
      ['Installation', 1],
    ]);
    expect(draft.lines[0]).toMatchObject({
      product_id: saw.id,
      sku: 'BSK-SAW',
      unit_price: 40,
      discount_percent: 0,
    });
    expect(draft).toMatchObject({ note: 'Delivered within a week.', terms: 'Net 30.' });
    const stored = await q('select name, position from quote_lines where quote_id = $1 order by position', [
      draft.id,
    ]);
    expect(stored.map((r) => r.name)).toEqual(['Basket Saw', 'Template Drill', 'Installation']);
  });

  it('refuses, making nothing, when the basket and the template together pass the lines a quote holds', async () => {
    const full = await createDraftQuote(ctx.admin, (await request('Fay Full')).id);
    await ctx.admin.ok('PUT', `/api/quotes/${full.id}`, {
      lines: Array.from({ length: QUOTE_LIMITS.lines }, (_, i) => ({
        name: `Typed ${i}`,
        quantity: 1,
        unit_price: 1,
      })),
    });
    const big = await ctx.admin.ok('POST', '/api/quote-templates', {
      name: `Big ${Date.now()}`,
      from_quote_id: full.id,
    });
    const res = await ctx.as().post(
      '/api/inquiries',
      {
        name: 'Otto Over',
        email: 'otto@example.com',
        subject: 'One more',
        message: 'And the big kit.',
        lines: [{ product_id: drill.id, quantity: 1 }],
      },
      { remoteAddress: address() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const inquiry = res.json() as { id: number };
    const refused = await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`, {
      template_id: big.id,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(QUOTE_TEMPLATE_TEXT.tooManyWithBasket(1, QUOTE_LIMITS.lines));
    expect(await quoteCount(inquiry.id)).toBe(0);
  });

  it('404 for an unknown template, 400 for both sources or junk, 409 with a draft already there: no draft made', async () => {
    const inquiry = await request('Una Unknown');
    const missing = await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`, {
      template_id: 999999,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(QUOTE_TEMPLATE_TEXT.notFound);
    const both = await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`, {
      template_id: 1,
      from_quote_id: quoteId,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe(QUOTE_TEMPLATE_TEXT.oneSource);
    for (const body of [{ template_id: 'x' }, { template_id: -1 }, { from_quote_id: 0 }, { other: 1 }])
      expect((await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`, body)).statusCode).toBe(
        400,
      );
    expect(await quoteCount(inquiry.id)).toBe(0);
    // With no body at all it still starts from the basket, as before templates.
    expect((await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`)).statusCode).toBe(201);
    const again = await ctx.admin.send('POST', `/api/inquiries/${inquiry.id}/quotes`, {
      from_quote_id: quoteId,
    });
    expect(again.statusCode).toBe(409);
    expect(await quoteCount(inquiry.id)).toBe(1);
  });
});

describe('Copy to another request', () => {
  it('starts a draft for another request with the quote as quoted', async () => {
    const other = await request('Cleo Copy');
    const res = await ctx.admin.send('POST', `/api/inquiries/${other.id}/quotes`, { from_quote_id: quoteId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      inquiry_id: other.id,
      status: 'draft',
      version: null,
      note: 'Delivered within a week.',
      terms: 'Net 30.',
      shipping: 12.5,
      lines: [
        { product_id: drill.id, quantity: 2, unit_price: 90, discount_percent: 5 },
        { product_id: null, name: 'Installation', unit_price: 250 },
      ],
    });
    // The source quote is untouched.
    expect(await quoteCount(other.id)).toBe(1);
    const source = await q('select inquiry_id, status from quotes where id = $1', [quoteId]);
    expect(source[0].status).toBe('draft');
    expect(
      (await ctx.admin.send('POST', `/api/inquiries/${other.id}/quotes`, { from_quote_id: 999999 }))
        .statusCode,
    ).toBe(409);
    const fresh = await request('Fay Fresh');
    const unknown = await ctx.admin.send('POST', `/api/inquiries/${fresh.id}/quotes`, {
      from_quote_id: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(QUOTE_TEMPLATE_TEXT.sourceNotFound);
    expect(await quoteCount(fresh.id)).toBe(0);
  });
});

describe('Deleting a template', () => {
  it('removes it and its lines (204), then 404; drafts started from it stay', async () => {
    const made = await ctx.admin.ok('POST', '/api/quote-templates', {
      name: 'Short-lived',
      from_quote_id: quoteId,
    });
    const inquiry = await request('Dee Delete');
    const draft = await createDraftQuote(ctx.admin, inquiry.id, { template_id: made.id });
    const res = await ctx.admin.send('DELETE', `/api/quote-templates/${made.id}`);
    expect(res.statusCode).toBe(204);
    expect(await q('select id from quote_templates where id = $1', [made.id])).toEqual([]);
    expect(await q('select id from quote_template_lines where template_id = $1', [made.id])).toEqual([]);
    expect((await ctx.admin.send('DELETE', `/api/quote-templates/${made.id}`)).statusCode).toBe(404);
    expect((await ctx.admin.send('DELETE', '/api/quote-templates/abc')).statusCode).toBe(400);
    expect((await ctx.admin.ok('GET', `/api/quotes/${draft.id}`)).lines).toHaveLength(2);
    const names = (await ctx.admin.ok('GET', '/api/quote-templates')).data.map(
      (t: { name: string }) => t.name,
    );
    expect(names).not.toContain('Short-lived');
  });

  it('needs a signed-in staff member for every template route', async () => {
    expect((await ctx.as().get('/api/quote-templates')).statusCode).toBe(401);
    expect(
      (await ctx.as().post('/api/quote-templates', { name: 'X', from_quote_id: quoteId })).statusCode,
    ).toBe(401);
    expect((await ctx.as().delete('/api/quote-templates/1')).statusCode).toBe(401);
  });
});
