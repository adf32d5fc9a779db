import { randomBytes } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_TEXT } from '#domain/inquiries';
import { VARIANT_MESSAGES } from '#domain/variants';
import { createTestContext, type TestContext } from '../../test/harness';
import { giveVariants } from '../../test/variants';

/**
 * Lines that name a product's variant: the request's basket, the quote drafted from it and edited
 * in the builder, the order its acceptance makes, and what prints them (e-mails, PDFs).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '1000', COMPANY_NAME: 'Acme Supplies' });
});
afterAll(() => ctx.close());

const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const ask = (lines: object[]) =>
  ctx.as().post(
    '/api/inquiries',
    {
      name: 'Vera Variant',
      email: 'vera@example.com',
      subject: 'Gloves',
      company: 'Vera Works',
      elapsed_ms: 30_000,
      lines,
    },
    { remoteAddress: address() },
  );
const counts = async () =>
  (
    await q<{ inquiries: number; lines: number }>(
      'select (select count(*) from inquiries)::int as inquiries, (select count(*) from inquiry_lines)::int as lines',
    )
  )[0];
const pdfText = async (bytes: Buffer | Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(
    /\s+/g,
    ' ',
  );

let gloves: { id: number };
let bolt: { id: number; sku: string };
let nuts: { id: number };
let ids: Map<string, number>;
let nutA: number;

beforeAll(async () => {
  gloves = await ctx.admin.ok('POST', '/api/products', { name: 'Work Gloves', sku: 'GL', mrp: 10 });
  bolt = await ctx.admin.ok('POST', '/api/products', { name: 'Hex Bolt', sku: 'HB-1', mrp: 2 });
  nuts = await ctx.admin.ok('POST', '/api/products', { name: 'Hex Nut', sku: 'HN', mrp: 1 });
  ({ variantIds: ids } = await giveVariants(ctx.database.db, gloves.id, {
    options: { Size: ['S', 'M', 'L', 'XL'] },
    variants: [
      { sku: 'GL-S', options: { Size: 'S' }, mrp: 10 },
      { sku: 'GL-M', options: { Size: 'M' }, mrp: 12 },
      { sku: 'GL-L', options: { Size: 'L' }, mrp: 14 },
      { sku: 'GL-XL', options: { Size: 'XL' }, mrp: 16, status: 'discontinued' },
    ],
  }));
  const nutVariants = await giveVariants(ctx.database.db, nuts.id, {
    options: { Thread: ['A', 'B'] },
    variants: [
      { sku: 'HN-A', options: { Thread: 'A' }, mrp: 1 },
      { sku: 'HN-B', options: { Thread: 'B' }, mrp: 1.5 },
    ],
  });
  nutA = nutVariants.variantIds.get('HN-A')!;
  // 10 % off the gloves: every size is priced from its own price, with the product's discount.
  await ctx.admin.ok('POST', '/api/discounts', {
    name: 'Glove week',
    type: 'percent',
    value: 10,
    applies_to: 'product',
    product_id: gloves.id,
    active: true,
  });
});

describe("a request's basket line names a variant", () => {
  it('refuses a line of a product with several variants and none named, or one of another product, with 400 and writes nothing', async () => {
    const before = await counts();
    const none = await ask([
      { product_id: bolt.id, quantity: 1 },
      { product_id: gloves.id, quantity: 2 },
    ]);
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().details).toEqual({ 'lines.1.variant_id': VARIANT_MESSAGES.variantRequired });

    const foreign = await ask([{ product_id: gloves.id, variant_id: nutA, quantity: 2 }]);
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().details).toEqual({
      'lines.0.variant_id': VARIANT_MESSAGES.variantOfAnotherProduct,
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a discontinued variant as it refuses a draft product: 409 naming the line, nothing written', async () => {
    const before = await counts();
    const res = await ask([
      { product_id: gloves.id, variant_id: ids.get('GL-M'), quantity: 1 },
      { product_id: gloves.id, variant_id: ids.get('GL-XL'), quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      error: INQUIRY_TEXT.linesUnavailable,
      details: { 'lines.1.variant_id': VARIANT_MESSAGES.variantDiscontinued },
    });
    expect(await counts()).toEqual(before);
  });

  it('takes two sizes of one product as two lines but the same variant twice as a repeat', async () => {
    const before = await counts();
    const res = await ask([
      { product_id: bolt.id, quantity: 1 },
      { product_id: bolt.id, variant_id: (await defaultVariant(bolt.id)).id, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ 'lines.1.product_id': INQUIRY_TEXT.lineRepeated });
    expect(await counts()).toEqual(before);
  });
});

async function defaultVariant(productId: number) {
  const [v] = await q<{ id: number }>('select id from product_variants where product_id = $1', [productId]);
  return v;
}

describe('a variant from the request to the order', () => {
  let inquiryId: number;
  let quoteId: number;

  it("stores each line's variant, its SKU, its options and its own price, and the e-mail names the options", async () => {
    const res = await ask([
      { product_id: gloves.id, variant_id: ids.get('GL-M'), quantity: 2 },
      { product_id: gloves.id, variant_id: ids.get('GL-L'), quantity: 1 },
      { product_id: bolt.id, quantity: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    inquiryId = body.id;
    const rows = await q(
      `select product_id, variant_id, name, sku, options, quantity, unit_price::text as unit_price
       from inquiry_lines where inquiry_id = $1 order by position`,
      [inquiryId],
    );
    const boltVariant = await defaultVariant(bolt.id);
    expect(rows).toEqual([
      {
        product_id: gloves.id,
        variant_id: ids.get('GL-M'),
        name: 'Work Gloves',
        sku: 'GL-M',
        options: [{ name: 'Size', value: 'M' }],
        quantity: 2,
        // 12.00 less 10 %.
        unit_price: '10.80',
      },
      {
        product_id: gloves.id,
        variant_id: ids.get('GL-L'),
        name: 'Work Gloves',
        sku: 'GL-L',
        options: [{ name: 'Size', value: 'L' }],
        quantity: 1,
        unit_price: '12.60',
      },
      {
        product_id: bolt.id,
        variant_id: boltVariant.id,
        name: 'Hex Bolt',
        sku: 'HB-1',
        options: null,
        quantity: 3,
        unit_price: '2.00',
      },
    ]);
    expect(
      body.lines.map((l: { variant_id: number; options: object; sku: string }) => [
        l.variant_id,
        l.options,
        l.sku,
      ]),
    ).toEqual([
      [ids.get('GL-M'), { Size: 'M' }, 'GL-M'],
      [ids.get('GL-L'), { Size: 'L' }, 'GL-L'],
      [boltVariant.id, {}, 'HB-1'],
    ]);
    const detail = await ctx.admin.ok('GET', `/api/inquiries/${inquiryId}`);
    expect(detail.lines).toEqual(body.lines);

    const [mail] = await q<{ text_body: string }>(
      `select text_body from outbox where inquiry_id = $1 and kind = 'request_received'`,
      [inquiryId],
    );
    expect(mail.text_body).toContain('2 × Work Gloves, Size: M (GL-M)');
    expect(mail.text_body).toContain('3 × Hex Bolt (HB-1)');
  });

  it('drafts a quote whose lines keep the variants and options, priced by variant', async () => {
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiryId}/quotes`);
    quoteId = draft.id;
    expect(
      draft.lines.map((l: Record<string, unknown>) => [
        l.variant_id,
        l.options,
        l.sku,
        l.unit_price,
        l.catalogue_price,
      ]),
    ).toEqual([
      [ids.get('GL-M'), { Size: 'M' }, 'GL-M', 10.8, 10.8],
      [ids.get('GL-L'), { Size: 'L' }, 'GL-L', 12.6, 12.6],
      [(await defaultVariant(bolt.id)).id, {}, 'HB-1', 2, 2],
    ]);
  });

  it("changes a line's variant in the builder: SKU, options and catalogue price follow; a wrong one is a 400 that changes nothing", async () => {
    const draft = await ctx.admin.ok('GET', `/api/quotes/${quoteId}`);
    // As the builder sends lines back: what it read, without the computed total.
    const lines = draft.lines.map(({ line_total: _, ...l }: Record<string, unknown>) => l);
    const put = (changed: object[]) => ctx.admin.put(`/api/quotes/${quoteId}`, { lines: changed });
    const stored = () =>
      q(
        'select variant_id, sku, options, catalogue_price::text as catalogue_price from quote_lines where quote_id = $1 order by position',
        [quoteId],
      );
    const before = await stored();

    for (const [variant, message] of [
      [ids.get('GL-XL'), VARIANT_MESSAGES.variantDiscontinued],
      [nutA, VARIANT_MESSAGES.variantOfAnotherProduct],
      [null, VARIANT_MESSAGES.variantRequired],
    ] as const) {
      const res = await put([lines[0], { ...lines[1], variant_id: variant }, lines[2]]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual({ 'lines.1.variant_id': message });
    }
    // A typed line names no variant.
    const typed = await put([{ name: 'Delivery', quantity: 1, unit_price: 5, variant_id: ids.get('GL-S') }]);
    expect(typed.statusCode, typed.body).toBe(400);
    expect(typed.json().details).toEqual({ 'lines.0.variant_id': VARIANT_MESSAGES.variantOfAnotherProduct });
    expect(await stored()).toEqual(before);

    // The M line becomes an S: its SKU, options and catalogue price are the S's, the unit price staff's.
    const changed = await put([
      { ...lines[0], variant_id: ids.get('GL-S'), sku: 'GL-M', options: { Size: 'M' } },
      lines[1],
      lines[2],
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().lines[0]).toMatchObject({
      variant_id: ids.get('GL-S'),
      sku: 'GL-S',
      options: { Size: 'S' },
      unit_price: 10.8,
      catalogue_price: 9,
    });
    // Back to M, then M is discontinued: the draft keeps the M it has, but cannot take it anew.
    await put(lines);
    await q(`update product_variants set status = 'discontinued' where id = $1`, [ids.get('GL-M')]);
    try {
      const kept = await put(lines);
      expect(kept.statusCode, kept.body).toBe(200);
      const onL = await put([{ ...lines[0], variant_id: ids.get('GL-L') }, lines[1], lines[2]]);
      expect(onL.statusCode).toBe(200);
      const again = await put([{ ...lines[0], variant_id: ids.get('GL-M') }, lines[1], lines[2]]);
      expect(again.statusCode).toBe(400);
      expect(again.json().details).toEqual({ 'lines.0.variant_id': VARIANT_MESSAGES.variantDiscontinued });
    } finally {
      await q(`update product_variants set status = 'active' where id = $1`, [ids.get('GL-M')]);
    }
    const restored = await put(lines);
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('sends it (PDF and customer page with the options), and the accepted order copies variant and options', async () => {
    const sent = await ctx.admin.ok('POST', `/api/quotes/${quoteId}/send`);
    const page = await ctx.as().get(`/api/public/quotes/${sent.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().lines[0]).toMatchObject({
      variant_id: ids.get('GL-M'),
      options: { Size: 'M' },
      sku: 'GL-M',
    });
    const pdf = await ctx.as().get(`/api/public/quotes/${sent.token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const quoteText = await pdfText(pdf.rawPayload);
    expect(quoteText).toContain('Work Gloves Size: M');
    expect(quoteText).toContain('Work Gloves Size: L');

    const accepted = await ctx
      .as()
      .post(
        `/api/public/quotes/${sent.token}/accept`,
        { name: 'Vera Variant' },
        { remoteAddress: address() },
      );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [order] = await q<{ id: number }>('select id from orders where quote_id = $1', [quoteId]);
    const rows = await q(
      'select variant_id, sku, options from order_lines where order_id = $1 order by position',
      [order.id],
    );
    expect(rows).toEqual([
      { variant_id: ids.get('GL-M'), sku: 'GL-M', options: [{ name: 'Size', value: 'M' }] },
      { variant_id: ids.get('GL-L'), sku: 'GL-L', options: [{ name: 'Size', value: 'L' }] },
      { variant_id: (await defaultVariant(bolt.id)).id, sku: 'HB-1', options: null },
    ]);
    const detail = await ctx.admin.ok('GET', `/api/orders/${order.id}`);
    expect(detail.lines.map((l: { options: object }) => l.options)).toEqual([
      { Size: 'M' },
      { Size: 'L' },
      {},
    ]);

    const [mail] = await q<{ id: number }>(
      `select id from outbox where kind = 'order_confirmed' and to_address = 'vera@example.com' order by id desc limit 1`,
    );
    const [file] = await q<{ content: Buffer }>(
      'select content from outbox_attachments where outbox_id = $1',
      [mail.id],
    );
    const orderText = await pdfText(file.content);
    expect(orderText).toContain('Work Gloves Size: M');
  });

  it('keeps a template line on its variant and a draft from it prices that variant today', async () => {
    const template = await ctx.admin.ok('POST', '/api/quote-templates', {
      name: 'Glove kit',
      from_quote_id: quoteId,
    });
    expect(template.lines[1]).toMatchObject({ variant_id: ids.get('GL-L'), options: { Size: 'L' } });
    const other = await ask([{ product_id: bolt.id, quantity: 1 }]);
    expect(other.statusCode, other.body).toBe(201);
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${other.json().id}/quotes`, {
      template_id: template.id,
    });
    expect(draft.lines.map((l: Record<string, unknown>) => [l.variant_id, l.options, l.unit_price])).toEqual([
      [(await defaultVariant(bolt.id)).id, {}, 2],
      [ids.get('GL-M'), { Size: 'M' }, 10.8],
      [ids.get('GL-L'), { Size: 'L' }, 12.6],
      [(await defaultVariant(bolt.id)).id, {}, 2],
    ]);
  });
});

describe('a request from before variants', () => {
  it('reads as it did, with no variant and no options, and drafts a quote', async () => {
    const res = await ask([{ product_id: bolt.id, quantity: 4 }]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    // As the lines were written before variants: no variant, no options.
    await q('update inquiry_lines set variant_id = null, options = null where inquiry_id = $1', [id]);
    const [row] = await q('select sku from inquiry_lines where inquiry_id = $1', [id]);
    expect(row.sku).toBe('HB-1');
    const detail = await ctx.admin.ok('GET', `/api/inquiries/${id}`);
    expect(detail.lines).toEqual([
      {
        product_id: bolt.id,
        product_slug: expect.any(String),
        name: 'Hex Bolt',
        sku: 'HB-1',
        variant_id: null,
        options: {},
        quantity: 4,
        unit_price: 2,
      },
    ]);
    // Its product has one variant, which the draft takes.
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${id}/quotes`);
    expect(draft.lines[0]).toMatchObject({
      variant_id: (await defaultVariant(bolt.id)).id,
      options: {},
      sku: 'HB-1',
    });
  });

  it('drafts a quote from an old line whose product has since gained variants, leaving the variant to pick', async () => {
    const res = await ask([{ product_id: gloves.id, variant_id: ids.get('GL-S'), quantity: 1 }]);
    const id = res.json().id;
    await q('update inquiry_lines set variant_id = null, options = null, sku = $2 where inquiry_id = $1', [
      id,
      'GL',
    ]);
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${id}/quotes`);
    expect(draft.lines[0]).toMatchObject({ product_id: gloves.id, variant_id: null, options: {}, sku: 'GL' });
  });
});
