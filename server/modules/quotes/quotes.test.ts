import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canStaffMoveInquiry, DESK_TEXT, INQUIRY_STATUSES } from '#domain/inquiries';
import { VALIDATION } from '#domain/messages';
import { PUBLIC_QUOTE_TEXT } from '#domain/quote-texts';
import { COMPANY_LOGO_PATH, QUOTE_TEXT } from '#domain/quotes';
import { createProduct, createQuoteRequest } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';

/** Quotes: drafts from a request, sending and versions, the customer's page and answers. */
let ctx: TestContext;
let owner: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext({
    PUBLIC_URL: 'https://shop.example.com',
    NOTIFY_EMAIL: 'desk@example.com',
    INQUIRY_RATE_MAX: '1000',
    QUOTE_PAGE_RATE_MAX: '5',
  });
  const made = await ctx.makeUser({ name: 'Quote Owner', email: 'quote-owner@example.com' });
  owner = { id: made.user.id, token: made.token };
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const visitor = (method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = address()) =>
  ctx.as().send(method, url, payload, { remoteAddress });

const product = (name: string, mrp: number, sku?: string) => createProduct(ctx.admin, { name, mrp, sku });

/** Quinn's request: the factory's, from Quinn Ltd. */
const request = (extra: object = {}) =>
  createQuoteRequest(ctx.as(), {
    name: 'Quinn Customer',
    email: 'quinn@example.com',
    company: 'Quinn Ltd',
    ...extra,
  });

const line = { name: 'Typed line', quantity: 2, unit_price: 10 };
/** What `request` sends, for a sent quote's inquiry. */
const fromQuinn = () => ({ inquiry: { company: 'Quinn Ltd' }, remoteAddress: address() });
const inquiryStatus = async (id: number) =>
  (await q<{ status: string }>('select status from inquiries where id = $1', [id]))[0].status;

describe('a draft', () => {
  it('starts from the basket priced today; a deleted product keeps its stored line', async () => {
    const drill = await product('Quote Drill', 19.99, 'QD-1');
    const saw = await product('Quote Saw', 50);
    const inquiry = await request({
      lines: [
        { product_id: drill.id, quantity: 3 },
        { product_id: saw.id, quantity: 1 },
      ],
    });
    // Today the drill is 15 % off (19.99 → 16.99); the saw is then deleted.
    await ctx.admin.ok('POST', '/api/discounts', {
      name: 'Drill day',
      type: 'percent',
      value: 15,
      applies_to: 'product',
      product_id: drill.id,
      active: true,
    });
    await ctx.admin.ok('DELETE', `/api/products/${saw.id}`);
    const res = await ctx.as(ctx.adminToken).post(`/api/inquiries/${inquiry.id}/quotes`);
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json();
    expect(draft).toMatchObject({
      status: 'draft',
      version: null,
      token: null,
      delivery: null,
      delivery_detail: null,
      currency: 'USD',
    });
    expect(draft.lines).toEqual([
      {
        product_id: drill.id,
        name: 'Quote Drill',
        sku: 'QD-1',
        // The drill's only variant, its default, which has no options.
        variant_id: expect.any(Number),
        options: {},
        quantity: 3,
        unit_price: 16.99,
        discount_percent: 0,
        catalogue_price: 16.99,
        // The customer has no agreement: their price is the catalogue's, less the discount.
        price_source: { type: 'discount', id: expect.any(Number) },
        line_total: 50.97,
      },
      {
        product_id: null,
        name: 'Quote Saw',
        sku: null,
        variant_id: null,
        options: {},
        quantity: 1,
        unit_price: 50,
        discount_percent: 0,
        catalogue_price: null,
        price_source: null,
        line_total: 50,
      },
    ]);
    expect(draft.total).toBe(100.97);
    expect(draft.valid_until).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    const again = await ctx.as(ctx.adminToken).post(`/api/inquiries/${inquiry.id}/quotes`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(QUOTE_TEXT.draftExists);
  });

  it('starts from the product a request was sent from, or empty', async () => {
    const lamp = await product('Quote Lamp', 12.5);
    const from = await request({ product_id: lamp.id });
    expect((await ctx.admin.ok('POST', `/api/inquiries/${from.id}/quotes`)).lines).toMatchObject([
      { product_id: lamp.id, name: 'Quote Lamp', quantity: 1, unit_price: 12.5 },
    ]);
    const bare = await request();
    expect((await ctx.admin.ok('POST', `/api/inquiries/${bare.id}/quotes`)).lines).toEqual([]);
    expect((await ctx.as(ctx.adminToken).post('/api/inquiries/999999/quotes')).statusCode).toBe(404);
  });

  it('is replaced by PUT, totals computed on read, and deleted while a draft', async () => {
    const inquiry = await request();
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiry.id}/quotes`);
    const put = await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [
        { name: 'Chair', sku: 'CH', quantity: 3, unit_price: '19.99', discount_percent: 15 },
        { name: 'Free', quantity: 1, unit_price: 5, discount_percent: 100 },
      ],
      shipping: 4.99,
      shipping_label: 'Courier',
      tax_rate: 20,
      valid_until: '2099-12-31',
      note: 'Thanks',
    });
    // 3 × 19.99 × 85 % = 50.9745 → 50.97; (50.97 + 4.99) × 20 % = 11.192 → 11.19.
    expect(put).toMatchObject({ subtotal: 50.97, shipping: 4.99, tax: 11.19, total: 67.15, tax_rate: 20 });
    expect(put.lines.map((l: { line_total: number }) => l.line_total)).toEqual([50.97, 0]);
    expect(
      await q('select shipping::text, tax_rate::text, valid_until::text from quotes where id = $1', [
        draft.id,
      ]),
    ).toEqual([{ shipping: '4.99', tax_rate: '20.00', valid_until: '2099-12-31' }]);
    expect(
      (await ctx.as(ctx.adminToken).put(`/api/quotes/${draft.id}`, { lines: [{ ...line, quantity: 0 }] }))
        .statusCode,
    ).toBe(400);
    // A product that is not there (deleted while the builder was open) leaves the line unlinked.
    const unlinked = await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [{ ...line, product_id: 999_999 }],
    });
    expect(unlinked.lines[0]).toMatchObject({ product_id: null, name: 'Typed line', unit_price: 10 });
    expect((await ctx.as(ctx.adminToken).delete(`/api/quotes/${draft.id}`)).statusCode).toBe(204);
    expect(await q('select 1 from quotes where id = $1', [draft.id])).toEqual([]);
  });
});

describe('sending and versions', () => {
  it('refuses to send without lines', async () => {
    const inquiry = await request();
    const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiry.id}/quotes`);
    const res = await ctx.as(ctx.adminToken).post(`/api/quotes/${draft.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_TEXT.noLines);
  });

  it('send → v1 with a token and the e-mail; revise + send → v2, v1 superseded but readable; a sent quote is frozen', async () => {
    const { inquiry, id, token } = await sentQuote(ctx, fromQuinn());
    const v1 = await ctx.admin.ok('GET', `/api/quotes/${id}`);
    // No mail server here: the e-mail is kept in the outbox, and the quote says so, not "sent".
    expect(v1).toMatchObject({
      version: 1,
      status: 'sent',
      delivery: 'stored',
      delivery_detail: {
        status: 'stored',
        attempts: 0,
        last_error: null,
        next_attempt_at: null,
        sent_at: null,
      },
    });
    const [kept] = await q('select id, status from outbox where quote_id = $1', [id]);
    expect(v1.delivery_detail.outbox_id).toBe(kept.id);
    expect(kept.status).toBe('stored');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await inquiryStatus(inquiry.id)).toBe('quoted');
    const [event] = await q('select "from", "to", actor_id from inquiry_events where inquiry_id = $1', [
      inquiry.id,
    ]);
    expect(event).toEqual({ from: 'new', to: 'quoted', actor_id: 1 });
    const [mail] = await q<{
      to_address: string;
      text_body: string;
      subject: string;
      quote_id: number;
      files: number;
    }>(
      `select to_address, subject, text_body, quote_id,
        (select count(*)::int from outbox_attachments a where a.outbox_id = o.id and a.content_type = 'application/pdf') as files
       from outbox o where quote_id = $1`,
      [id],
    );
    expect(mail).toMatchObject({ to_address: 'quinn@example.com', quote_id: id, files: 1 });
    expect(mail.text_body).toContain(`https://shop.example.com/quote/${token}`);
    expect(mail.text_body).toContain(inquiry.reference);
    expect(mail.text_body).toContain('version 1');
    expect(mail.text_body).toContain('$20.00');

    for (const [method, url] of [
      ['PUT', `/api/quotes/${id}`],
      ['DELETE', `/api/quotes/${id}`],
      ['POST', `/api/quotes/${id}/send`],
    ] as const) {
      const res = await ctx
        .as(ctx.adminToken)
        .send(method, url, method === 'PUT' ? { lines: [line] } : undefined);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error).toBe(QUOTE_TEXT.notDraft);
    }

    const draft = await ctx.admin.ok('POST', `/api/quotes/${id}/revise`);
    expect(draft).toMatchObject({ status: 'draft', version: null, total: 20 });
    expect((await q('select revised_from from quotes where id = $1', [draft.id]))[0].revised_from).toBe(id);
    expect((await ctx.as(ctx.adminToken).post(`/api/quotes/${id}/revise`)).statusCode).toBe(409);
    await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, { lines: [{ ...line, quantity: 3 }] });
    const v2 = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
    expect(v2).toMatchObject({ version: 2, status: 'sent', total: 30 });
    expect(v2.token).not.toBe(token);

    const old = await visitor('GET', `/api/public/quotes/${token}`);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ version: 1, status: 'superseded', can_answer: false, total: 20 });
    const accept = await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Quinn' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error).toBe(QUOTE_TEXT.superseded);

    const detail = await ctx.admin.ok('GET', `/api/inquiries/${inquiry.id}`);
    expect(detail.quotes.map((x: { version: number; status: string }) => [x.version, x.status])).toEqual([
      [2, 'sent'],
      [1, 'superseded'],
    ]);
  });
});

describe("the customer's page", () => {
  it('shows a sent quote by its token, never staff notes; a wrong, malformed or draft token is 404', async () => {
    const { inquiry, token } = await sentQuote(ctx, fromQuinn());
    await ctx.admin.ok('POST', `/api/inquiries/${inquiry.id}/notes`, { body: 'Secret margin' });
    const res = await visitor('GET', `/api/public/quotes/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reference: inquiry.reference,
      customer: 'Quinn Customer',
      version: 1,
      status: 'sent',
      can_answer: true,
      expired: false,
      answer: null,
      total: 20,
    });
    expect(res.body).not.toContain('Secret margin');
    // No client address anywhere: the one "address" is the seller's postal one.
    expect(JSON.stringify({ ...res.json(), seller: undefined })).not.toContain('address');
    // Without the COMPANY_* settings, the seller is the company's name alone, and there is no logo.
    expect(res.json().seller).toEqual({
      name: 'Stockroom',
      address: null,
      email: null,
      phone: null,
      logo_url: null,
    });
    expect((await visitor('GET', COMPANY_LOGO_PATH)).statusCode).toBe(404);
    // One character changed (never to itself: a token may end in A already).
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'short', 'a'.repeat(65), '%3Cscript%3E'])
      expect((await visitor('GET', `/api/public/quotes/${bad}`)).statusCode, bad).toBe(404);
  });

  it('takes an acceptance once, signed, moving the request and telling the owner', async () => {
    const { inquiry, id, token } = await sentQuote(ctx, fromQuinn());
    await ctx.admin.ok('PATCH', `/api/inquiries/${inquiry.id}`, { owner_id: owner.id });
    const res = await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Quinn Q.' }, '10.9.9.9');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'accepted',
      can_answer: false,
      answer: { kind: 'accepted', name: 'Quinn Q.' },
    });
    expect(
      await q(
        'select status, answer_kind, answer_name, answer_address, answered_at is not null as at from quotes where id = $1',
        [id],
      ),
    ).toEqual([
      {
        status: 'accepted',
        answer_kind: 'accepted',
        answer_name: 'Quinn Q.',
        answer_address: '10.9.9.9',
        at: true,
      },
    ]);
    expect(await inquiryStatus(inquiry.id)).toBe('accepted');
    const [event] = await q(
      `select "from", "to", actor_id from inquiry_events where inquiry_id = $1 and kind = 'status' order by id desc limit 1`,
      [inquiry.id],
    );
    expect(event).toEqual({ from: 'quoted', to: 'accepted', actor_id: null });
    const [mail] = await q<{ to_address: string; text_body: string }>(
      `select to_address, text_body from outbox where inquiry_id = $1 and kind = 'quote_answered'`,
      [inquiry.id],
    );
    expect(mail.to_address).toBe('quote-owner@example.com');
    expect(mail.text_body).toContain('Quinn Q.');
    for (const [path, body] of [
      ['accept', { name: 'Again' }],
      ['decline', {}],
      ['changes', { message: 'More' }],
    ] as const) {
      const again = await visitor('POST', `/api/public/quotes/${token}/${path}`, body);
      expect(again.statusCode, path).toBe(409);
      expect(again.json().error).toBe(QUOTE_TEXT.alreadyAnswered);
    }
    const staffView = await ctx.admin.ok('GET', `/api/quotes/${id}`);
    expect(staffView.answer).toMatchObject({ kind: 'accepted', name: 'Quinn Q.', address: '10.9.9.9' });
    // Its delivery is still the customer e-mail's.
    expect(staffView.delivery).toBe('stored');
  });

  it('takes a signature of one line only: a line break is a 400 and nothing moves', async () => {
    const { inquiry, id, token } = await sentQuote(ctx, fromQuinn());
    const res = await visitor('POST', `/api/public/quotes/${token}/accept`, {
      name: 'Quinn\n\nOpen it: https://evil.example',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ name: VALIDATION.oneLine('Name') });
    expect((await ctx.admin.ok('GET', `/api/quotes/${id}`)).status).toBe('sent');
    expect(await inquiryStatus(inquiry.id)).toBe('quoted');
  });

  it('of two acceptances at once, exactly one wins', async () => {
    const { token } = await sentQuote(ctx, fromQuinn());
    const answers = await Promise.all(
      [1, 2, 3].map((n) => visitor('POST', `/api/public/quotes/${token}/accept`, { name: `Signer ${n}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('a declined quote cannot be accepted; the request is declined', async () => {
    const { inquiry, token } = await sentQuote(ctx, fromQuinn());
    const declined = await visitor('POST', `/api/public/quotes/${token}/decline`, { reason: 'Too dear' });
    expect(declined.json()).toMatchObject({
      status: 'declined',
      answer: { kind: 'declined', message: 'Too dear' },
    });
    expect(await inquiryStatus(inquiry.id)).toBe('declined');
    expect((await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Q' })).statusCode).toBe(409);
  });

  it('changes requested reopen the request and can be revised', async () => {
    const { inquiry, id, token } = await sentQuote(ctx, fromQuinn());
    const res = await visitor('POST', `/api/public/quotes/${token}/changes`, { message: 'Blue ones' });
    expect(res.json()).toMatchObject({ status: 'changes_requested', answer: { message: 'Blue ones' } });
    expect(await inquiryStatus(inquiry.id)).toBe('open');
    expect((await ctx.as(ctx.adminToken).post(`/api/quotes/${id}/revise`)).statusCode).toBe(201);
    expect((await visitor('POST', `/api/public/quotes/${token}/changes`, { message: '' })).statusCode).toBe(
      400,
    );
  });

  it('is rate-limited per client address, apart from quote requests', async () => {
    const { token } = await sentQuote(ctx, fromQuinn());
    const ip = address();
    for (let i = 0; i < 5; i++)
      expect((await visitor('GET', `/api/public/quotes/${token}`, undefined, ip)).statusCode).toBe(200);
    const limited = await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Q' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: QUOTE_TEXT.tooMany });
    expect((await visitor('GET', `/api/public/quotes/${token}`)).statusCode).toBe(200);
  });

  it('an expired quote cannot be accepted', async () => {
    const { token, id } = await sentQuote(ctx, fromQuinn());
    await q(`update quotes set valid_until = current_date - 1 where id = $1`, [id]);
    expect((await visitor('GET', `/api/public/quotes/${token}`)).json()).toMatchObject({
      expired: true,
      can_answer: false,
    });
    const res = await visitor('POST', `/api/public/quotes/${token}/accept`, { name: 'Late' });
    expect(res.statusCode).toBe(409);
    const [{ day }] = await q<{ day: string }>(`select valid_until::text as day from quotes where id = $1`, [
      id,
    ]);
    expect(res.json().error).toBe(`This quote expired on ${day}`);
  });
});

describe('the desk and quotes together', () => {
  it('refuses every move outside INQUIRY_MOVES with 409, and staff marking quoted by hand, changing nothing', async () => {
    const { inquiry } = await sentQuote(ctx, fromQuinn());
    const events = async () =>
      (await q('select count(*)::int as n from inquiry_events where inquiry_id = $1', [inquiry.id]))[0].n;
    const before = await events();
    let refused = 0;
    for (const from of INQUIRY_STATUSES)
      for (const to of INQUIRY_STATUSES.filter((t) => !canStaffMoveInquiry(from, t))) {
        await q(`update inquiries set status = $1, close_reason = $2 where id = $3`, [
          from,
          from === 'closed' ? 'other' : null,
          inquiry.id,
        ]);
        const res = await ctx.as(ctx.adminToken).patch(`/api/inquiries/${inquiry.id}`, {
          status: to,
          ...(to === 'closed' ? { close_reason: 'lost' } : {}),
        });
        expect(res.statusCode, `${from} → ${to}`).toBe(409);
        expect(res.json().error).toBe(DESK_TEXT.moveForbidden(DESK_TEXT.status[from], DESK_TEXT.status[to]));
        expect(await inquiryStatus(inquiry.id)).toBe(from);
        refused++;
      }
    expect(refused).toBeGreaterThan(15);
    // Only sending a quote makes a request quoted, even once a quote was sent.
    for (const from of ['new', 'open'] as const) {
      await q(`update inquiries set status = $1, close_reason = null where id = $2`, [from, inquiry.id]);
      const res = await ctx.as(ctx.adminToken).patch(`/api/inquiries/${inquiry.id}`, { status: 'quoted' });
      expect(res.statusCode, `${from} → quoted`).toBe(409);
      expect(await inquiryStatus(inquiry.id)).toBe(from);
    }
    expect(await events()).toBe(before);
  });

  /** What a refused write must leave as it was: the request, its quotes, its history, the outbox. */
  const stateOf = async (inquiryId: number) => ({
    status: await inquiryStatus(inquiryId),
    quotes: await q('select id, version, status, token from quotes where inquiry_id = $1 order by id', [
      inquiryId,
    ]),
    events: await q('select id from inquiry_events where inquiry_id = $1 order by id', [inquiryId]),
    mail: await q('select id from outbox where inquiry_id = $1 order by id', [inquiryId]),
  });

  it.each([
    ['accept', { name: 'Quinn Q.' }, 'accepted', 'Accepted'],
    ['decline', { reason: 'Too dear' }, 'declined', 'Declined'],
  ] as const)(
    'once the customer answers (%s), no version can be sent: 409, nothing moves',
    async (path, body, status, label) => {
      const { inquiry, id, token } = await sentQuote(ctx, fromQuinn());
      // A revision already started before the answer came in.
      const draft = await ctx.admin.ok('POST', `/api/quotes/${id}/revise`);
      await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, { lines: [{ ...line, quantity: 5 }] });
      const answered = await visitor('POST', `/api/public/quotes/${token}/${path}`, body);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(await inquiryStatus(inquiry.id)).toBe(status);
      const before = await stateOf(inquiry.id);

      const send = await ctx.as(ctx.adminToken).post(`/api/quotes/${draft.id}/send`);
      expect(send.statusCode, send.body).toBe(409);
      expect(send.json().error).toBe(DESK_TEXT.moveForbidden(label, 'Quoted'));
      expect(await stateOf(inquiry.id)).toEqual(before);
      // Nor a fresh draft's.
      await ctx.admin.ok('DELETE', `/api/quotes/${draft.id}`);
      const fresh = await ctx.admin.ok('POST', `/api/inquiries/${inquiry.id}/quotes`);
      await ctx.admin.ok('PUT', `/api/quotes/${fresh.id}`, { lines: [line] });
      const mid = await stateOf(inquiry.id);
      expect((await ctx.as(ctx.adminToken).post(`/api/quotes/${fresh.id}/send`)).statusCode).toBe(409);
      expect(await stateOf(inquiry.id)).toEqual(mid);
    },
  );

  it('a closed request takes a new version only once reopened', async () => {
    const { inquiry, id } = await sentQuote(ctx, fromQuinn());
    const draft = await ctx.admin.ok('POST', `/api/quotes/${id}/revise`);
    await ctx.admin.ok('PATCH', `/api/inquiries/${inquiry.id}`, { status: 'closed', close_reason: 'lost' });
    const before = await stateOf(inquiry.id);
    const refused = await ctx.as(ctx.adminToken).post(`/api/quotes/${draft.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(DESK_TEXT.moveForbidden('Closed', 'Quoted'));
    expect(await stateOf(inquiry.id)).toEqual(before);
    await ctx.admin.ok('PATCH', `/api/inquiries/${inquiry.id}`, { status: 'open' });
    expect(await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`)).toMatchObject({
      version: 2,
      status: 'sent',
    });
    expect(await inquiryStatus(inquiry.id)).toBe('quoted');
  });

  it.each([
    ['closed', { status: 'closed', close_reason: 'lost' }],
    ['open', { status: 'open' }],
  ] as const)(
    'a quote whose request the desk moved to %s takes no answer the moves forbid',
    async (status, patch) => {
      const { inquiry, id, token } = await sentQuote(ctx, fromQuinn());
      await ctx.admin.ok('PATCH', `/api/inquiries/${inquiry.id}`, patch);
      const page = await visitor('GET', `/api/public/quotes/${token}`);
      expect(page.json()).toMatchObject({ status: 'sent', can_answer: false });
      const before = await stateOf(inquiry.id);
      for (const [path, body] of [
        ['accept', { name: 'Late Signer' }],
        ['decline', {}],
      ] as const) {
        const res = await visitor('POST', `/api/public/quotes/${token}/${path}`, body);
        expect(res.statusCode, path).toBe(409);
        expect(res.json().error).toBe(PUBLIC_QUOTE_TEXT.notAnswerable);
      }
      expect(await stateOf(inquiry.id)).toEqual(before);
      expect((await ctx.admin.ok('GET', `/api/quotes/${id}`)).status).toBe('sent');
      expect(await inquiryStatus(inquiry.id)).toBe(status);
    },
  );

  it('marks accepted or declined by hand only once a quote was sent', async () => {
    const bare = await request();
    await ctx.admin.ok('PATCH', `/api/inquiries/${bare.id}`, { status: 'open' });
    const early = await ctx.as(ctx.adminToken).patch(`/api/inquiries/${bare.id}`, { status: 'accepted' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(DESK_TEXT.quoteNeeded);
    const { inquiry } = await sentQuote(ctx, fromQuinn());
    const marked = await ctx.as(ctx.adminToken).patch(`/api/inquiries/${inquiry.id}`, { status: 'declined' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().history.at(-1)).toMatchObject({ from: 'quoted', to: 'declined', actor: { id: 1 } });
  });
});
