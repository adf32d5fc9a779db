import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_LIMITS, INQUIRY_TEXT, inquiryReference } from '#domain/inquiries';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '3', INQUIRY_RATE_WINDOW_MINUTES: '10' });
});
afterAll(() => ctx.close());

const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const send = (payload: object, remoteAddress = address()) =>
  ctx.as().post('/api/inquiries', payload, { remoteAddress });
const visitor = {
  name: 'Basil Buyer',
  email: 'basil@example.com',
  phone: null,
  subject: 'Quote request: 2 products',
  message: 'For our new office.',
  company: 'Basil & Co',
  elapsed_ms: 45_000,
};
const counts = async () => {
  const { rows } = await ctx.database.pool.query(
    'select (select count(*) from inquiries)::int as inquiries, (select count(*) from inquiry_lines)::int as lines',
  );
  return rows[0] as { inquiries: number; lines: number };
};

const product = (name: string, extra: object = {}) =>
  createProduct(ctx.admin, { name, sku: null, mrp: 19.99, ...extra });

describe('a quote request with a basket', () => {
  it('stores every line with the name, SKU and final price shown, and answers its reference', async () => {
    const drill = await product('Basket Drill', { sku: 'BD-1' });
    const saw = await product('Basket Saw');
    // 15 % off the drill: 19.99 saves exactly 3.00, so the line is priced at 16.99.
    const discount = await ctx.as(ctx.adminToken).post('/api/discounts', {
      name: 'Drill week',
      type: 'percent',
      value: 15,
      applies_to: 'product',
      product_id: drill.id,
      active: true,
    });
    expect(discount.statusCode, discount.body).toBe(201);

    const res = await send({
      ...visitor,
      lines: [
        { product_id: drill.id, quantity: 3 },
        { product_id: saw.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.reference).toBe(inquiryReference(body.id));
    expect(body.reference).toMatch(/^Q-\d{6,}$/);
    expect(body.company).toBe('Basil & Co');
    expect(body.lines).toEqual([
      {
        product_id: drill.id,
        product_slug: drill.slug,
        name: 'Basket Drill',
        sku: 'BD-1',
        // Each product's only variant, its default, which has no options.
        variant_id: expect.any(Number),
        options: {},
        quantity: 3,
        unit_price: 16.99,
      },
      {
        product_id: saw.id,
        product_slug: saw.slug,
        name: 'Basket Saw',
        sku: null,
        variant_id: expect.any(Number),
        options: {},
        quantity: 1,
        unit_price: 19.99,
      },
    ]);
    const { rows } = await ctx.database.pool.query(
      'select position, product_id, name, sku, quantity, unit_price::text from inquiry_lines where inquiry_id = $1 order by position',
      [body.id],
    );
    expect(rows).toEqual([
      {
        position: 0,
        product_id: drill.id,
        name: 'Basket Drill',
        sku: 'BD-1',
        quantity: 3,
        unit_price: '16.99',
      },
      { position: 1, product_id: saw.id, name: 'Basket Saw', sku: null, quantity: 1, unit_price: '19.99' },
    ]);

    // Staff see the reference, the company and the lines on each list item, as they were sent,
    // even after the product is renamed.
    await ctx
      .as(ctx.adminToken)
      .put(`/api/products/${saw.id}`, { name: 'Renamed Saw', pricing: { mrp: 50 } });
    const listed = (await ctx.as(ctx.adminToken).get('/api/inquiries?q=Basil')).json().data[0];
    expect(listed).toMatchObject({ id: body.id, reference: body.reference, company: 'Basil & Co' });
    expect(listed.lines).toEqual(body.lines);
  });

  it('refuses a line naming a draft, deleted or unknown product with one and the same 409, naming no product', async () => {
    const fine = await product('Fine Product');
    const draft = await product('Secret Draft Product', { status: 'draft', sku: 'SECRET-SKU' });
    const gone = await product('Gone Product');
    expect((await ctx.as(ctx.adminToken).delete(`/api/products/${gone.id}`)).statusCode).toBe(204);
    const before = await counts();

    const res = await send({
      ...visitor,
      lines: [
        { product_id: fine.id, quantity: 1 },
        { product_id: draft.id, quantity: 2 },
        { product_id: gone.id, quantity: 1 },
        { product_id: 2_000_000, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: INQUIRY_TEXT.linesUnavailable,
      details: {
        'lines.1.product_id': INQUIRY_TEXT.lineUnavailable,
        'lines.2.product_id': INQUIRY_TEXT.lineUnavailable,
        'lines.3.product_id': INQUIRY_TEXT.lineUnavailable,
      },
    });
    for (const secret of ['Secret Draft', 'SECRET-SKU', draft.slug, 'Gone Product'])
      expect(res.body).not.toContain(secret);
    expect(await counts()).toEqual(before);

    // Asked one at a time, a draft, a product in the trash and an id never used answer alike.
    const alone = async (id: number) => {
      const one = await send({ ...visitor, lines: [{ product_id: id, quantity: 1 }] });
      return { status: one.statusCode, body: one.body };
    };
    const unknown = await alone(2_000_001);
    expect(await alone(draft.id)).toEqual(unknown);
    expect(await alone(gone.id)).toEqual(unknown);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a quantity of 0', [{ product_id: 1, quantity: 0 }], 'lines.0.quantity', INQUIRY_TEXT.quantityInvalid],
    [
      'a quantity of 10000',
      [{ product_id: 1, quantity: 10_000 }],
      'lines.0.quantity',
      INQUIRY_TEXT.quantityInvalid,
    ],
    [
      'a fractional quantity',
      [{ product_id: 1, quantity: 1.5 }],
      'lines.0.quantity',
      INQUIRY_TEXT.quantityInvalid,
    ],
    [
      'the same product twice',
      [
        { product_id: 1, quantity: 1 },
        { product_id: 1, quantity: 2 },
      ],
      'lines.1.product_id',
      INQUIRY_TEXT.lineRepeated,
    ],
    [
      'more than the most lines',
      Array.from({ length: INQUIRY_LIMITS.lines + 1 }, (_, i) => ({ product_id: i + 1, quantity: 1 })),
      'lines',
      INQUIRY_TEXT.tooManyLines,
    ],
  ])('answers 400 for %s and stores nothing', async (_name, lines, field, message) => {
    const before = await counts();
    const res = await send({ ...visitor, lines });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("keeps a deleted product's line as it was sent, with nothing left to open", async () => {
    const made = await product('Short-lived Item', { sku: 'SL-1' });
    const res = await send({ ...visitor, lines: [{ product_id: made.id, quantity: 2 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0]).toMatchObject({ product_id: made.id, product_slug: made.slug });
    expect((await ctx.as(ctx.adminToken).delete(`/api/products/${made.id}`)).statusCode).toBe(204);
    const listed = (await ctx.as(ctx.adminToken).get('/api/inquiries?perPage=50')).json().data;
    expect(listed.find((i: { id: number }) => i.id === res.json().id).lines).toEqual([
      {
        product_id: null,
        product_slug: null,
        name: 'Short-lived Item',
        sku: 'SL-1',
        // The variant went with its product.
        variant_id: null,
        options: {},
        quantity: 2,
        unit_price: 19.99,
      },
    ]);
  });

  it('takes a full basket of the most lines and quantities', async () => {
    const made = await product('Bulk Item');
    const res = await send({
      ...visitor,
      lines: [{ product_id: made.id, quantity: INQUIRY_LIMITS.quantity }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0].quantity).toBe(9999);
  });
});

describe('spam', () => {
  it('answers a filled honeypot quietly with 202, storing nothing', async () => {
    const before = await counts();
    const res = await send({ ...visitor, website: 'http://spam.example' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    expect(await counts()).toEqual(before);
  });

  it('answers a form sent faster than a person can fill it quietly, storing nothing', async () => {
    const before = await counts();
    const res = await send({ ...visitor, elapsed_ms: INQUIRY_LIMITS.minFillMs - 1 });
    expect(res.statusCode).toBe(202);
    expect(await counts()).toEqual(before);
    // At the minimum it is a person.
    const ok = await send({ ...visitor, elapsed_ms: INQUIRY_LIMITS.minFillMs });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("keeps a basket-less request's payload working as before: no company, no lines, a reference", async () => {
    const res = await send({
      name: 'Spec Client',
      email: 'spec@example.com',
      phone: '+1 555 0199',
      subject: 'Quote please',
      message: 'Ten units.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Spec Client', company: null, lines: [], product: null });
  });

  it('takes a basket without a message, and still needs one without a basket', async () => {
    const clip = await product('Basket Clip');
    const { message: _message, ...noMessage } = visitor;
    for (const message of [undefined, '', '   ']) {
      const res = await send({
        ...noMessage,
        ...(message === undefined ? {} : { message }),
        lines: [{ product_id: clip.id, quantity: 2 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const { rows } = await ctx.database.pool.query('select message from inquiries where id = $1', [
        res.json().id,
      ]);
      expect(rows).toEqual([{ message: '' }]);
      expect(res.json()).toMatchObject({ message: '', lines: [{ product_id: clip.id, quantity: 2 }] });
    }
    const before = await counts();
    for (const payload of [noMessage, { ...noMessage, message: ' ' }, { ...noMessage, lines: [] }]) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: INQUIRY_TEXT.required,
        details: { message: INQUIRY_TEXT.required },
      });
    }
    expect(await counts()).toEqual(before);
  });
});
