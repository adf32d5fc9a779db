import { randomBytes } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMoveOrder, ORDER_STATUSES, ORDER_TEXT, type OrderStatus } from '#domain/orders';
import { createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';

/** Orders: made by an acceptance, moved by staff, listed, exported, e-mailed. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    PUBLIC_URL: 'https://shop.example.com',
    INQUIRY_RATE_MAX: '100000',
    QUOTE_PAGE_RATE_MAX: '100000',
    COMPANY_NAME: 'Acme Supplies',
    COMPANY_ADDRESS: '1 Dock Road\\nPortsmouth',
    COMPANY_EMAIL: 'sales@acme.example',
  });
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

const LINES = [
  { name: 'Oak chair', sku: 'OC-1', quantity: 4, unit_price: 120, discount_percent: 10 },
  { name: 'Pine table', sku: 'PT-2', quantity: 1, unit_price: '349.99' },
];

/** A sent quote accepted with a PO number and addresses; its order's id and number. */
async function acceptedOrder(extra: object = {}) {
  const sent = await sentQuote(ctx, {
    lines: LINES,
    inquiry: { company: 'Northwind Ltd', email: 'nina@northwind.example', name: 'Nina North' },
    remoteAddress: address(),
  });
  const res = await ctx.as().post(
    `/api/public/quotes/${sent.token}/accept`,
    {
      name: 'Nina North',
      po_number: 'PO-7781',
      billing_address: 'Northwind Ltd\n2 Harbour St\nLeeds',
      shipping_address: 'Warehouse 4\nDock Lane\nHull',
      ...extra,
    },
    { remoteAddress: address() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await q<{ id: number; number: number }>(
    'select id, number from orders where quote_id = $1',
    [sent.id],
  );
  return { ...sent, orderId: order.id, page: res.json() };
}

async function move(id: number, status: string, cancel_reason?: string) {
  return ctx.admin.patch(`/api/orders/${id}`, { status, ...(cancel_reason ? { cancel_reason } : {}) });
}

describe('accepting a quote', () => {
  it('creates one order with the version’s lines and totals, the customer and what they entered', async () => {
    const { orderId, page, inquiry, token } = await acceptedOrder();
    expect(page.order).toEqual({ number: expect.stringMatching(/^SO-\d{6}$/), status: 'confirmed' });
    const order = (await ctx.admin.get(`/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({
      number: page.order.number,
      status: 'confirmed',
      reference: inquiry.reference,
      quote_version: 1,
      customer_name: 'Nina North',
      customer_email: 'nina@northwind.example',
      customer_company: 'Northwind Ltd',
      signed_by: 'Nina North',
      po_number: 'PO-7781',
      billing_address: 'Northwind Ltd\n2 Harbour St\nLeeds',
      shipping_address: 'Warehouse 4\nDock Lane\nHull',
      // 4 × 120 − 10 % = 432; + 349.99 = 781.99
      subtotal: 781.99,
      shipping: 0,
      tax: 0,
      total: 781.99,
    });
    expect(order.lines).toEqual([
      {
        product_id: null,
        sku: 'OC-1',
        variant_id: null,
        options: {},
        name: 'Oak chair',
        quantity: 4,
        unit_price: 120,
        discount_percent: 10,
        line_total: 432,
      },
      {
        product_id: null,
        sku: 'PT-2',
        variant_id: null,
        options: {},
        name: 'Pine table',
        quantity: 1,
        unit_price: 349.99,
        discount_percent: 0,
        line_total: 349.99,
      },
    ]);
    expect(order.history).toEqual([expect.objectContaining({ from: null, to: 'confirmed', actor: null })]);
    // The request and the customer's page both name it.
    const detail = (await ctx.admin.get(`/api/inquiries/${inquiry.id}`)).json();
    expect(detail.order).toEqual({ number: order.number, status: 'confirmed' });
    const publicPage = (
      await ctx.as().get(`/api/public/quotes/${token}`, { remoteAddress: address() })
    ).json();
    expect(publicPage.order).toEqual({ number: order.number, status: 'confirmed' });
  });

  it('still takes an old client’s { name } alone', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const res = await ctx
      .as()
      .post(`/api/public/quotes/${sent.token}/accept`, { name: 'Old Client' }, { remoteAddress: address() });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await q(
      'select po_number, billing_address, shipping_address, signed_by from orders where quote_id = $1',
      [sent.id],
    );
    expect(order).toEqual({
      po_number: null,
      billing_address: null,
      shipping_address: null,
      signed_by: 'Old Client',
    });
  });

  it('refuses an address past 500 characters with a 400, changing nothing', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const res = await ctx
      .as()
      .post(
        `/api/public/quotes/${sent.token}/accept`,
        { name: 'Long', billing_address: 'x'.repeat(501) },
        { remoteAddress: address() },
      );
    expect(res.statusCode, res.body).toBe(400);
    expect(await q('select 1 from orders where quote_id = $1', [sent.id])).toEqual([]);
    expect(
      (await q<{ status: string }>('select status from quotes where id = $1', [sent.id]))[0].status,
    ).toBe('sent');
  });

  it('a double click gives one order; the second is a 409', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const accept = () =>
      ctx
        .as()
        .post(`/api/public/quotes/${sent.token}/accept`, { name: 'Twice' }, { remoteAddress: address() });
    const codes = (await Promise.all([accept(), accept()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(await q('select id from orders where quote_id = $1', [sent.id])).toHaveLength(1);
  });

  it('20 parallel accepts give one order', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx
          .as()
          .post(
            `/api/public/quotes/${sent.token}/accept`,
            { name: `Signer ${i}`, po_number: `PO-${i}` },
            { remoteAddress: address() },
          ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await q('select id from orders where quote_id = $1', [sent.id])).toHaveLength(1);
    expect(
      await q(
        `select id from outbox where kind = 'order_confirmed' and to_address = 'quinn@example.com'
        and inquiry_id = $1`,
        [sent.inquiry.id],
      ),
    ).toHaveLength(1);
  });

  it('numbers orders from a sequence, SO- and six digits', async () => {
    const a = await acceptedOrder();
    const b = await acceptedOrder();
    const [na, nb] = [a.page.order.number, b.page.order.number].map((n: string) => Number(n.slice(3)));
    expect(nb).toBeGreaterThan(na);
  });
});

describe('the confirmation and the shipping e-mail', () => {
  it('queues the confirmation with the order as a PDF: seller, lines, totals, PO number and addresses', async () => {
    const { orderId, page } = await acceptedOrder();
    const [mail] = await q<{ id: number; subject: string; text_body: string; to_address: string }>(
      `select o.id, o.subject, o.text_body, o.to_address from outbox o
        where o.kind = 'order_confirmed' and o.subject like $1`,
      [`%${page.order.number}%`],
    );
    expect(mail.to_address).toBe('nina@northwind.example');
    expect(mail.subject).toBe(`Order ${page.order.number} confirmed by Acme Supplies`);
    expect(mail.text_body).toContain('PO-7781');
    const [file] = await q<{ filename: string; content: Buffer; content_type: string }>(
      'select filename, content, content_type from outbox_attachments where outbox_id = $1',
      [mail.id],
    );
    expect(file.filename).toBe(`order-${page.order.number}.pdf`);
    expect(file.content_type).toBe('application/pdf');
    const doc = await getDocumentProxy(new Uint8Array(file.content));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const expected of [
      'Acme Supplies',
      '1 Dock Road',
      'sales@acme.example',
      `Order confirmation ${page.order.number}`,
      'PO number: PO-7781',
      'Billing address',
      '2 Harbour St',
      'Delivery address',
      'Warehouse 4',
      'Oak chair',
      'OC-1',
      '$120.00',
      '10%',
      '$432.00',
      'Pine table',
      '$349.99',
      'Subtotal',
      'Total',
      '$781.99',
      'Nina North',
      'Northwind Ltd',
    ])
      expect(text).toContain(expected);
    // No shipping e-mail before it ships; one when it does.
    const shippedMails = () =>
      q(`select subject from outbox where kind = 'order_shipped' and subject like $1`, [
        `%${page.order.number}%`,
      ]);
    expect(await shippedMails()).toHaveLength(0);
    expect((await move(orderId, 'shipped')).statusCode).toBe(200);
    expect(await shippedMails()).toEqual([{ subject: `Order ${page.order.number} has shipped` }]);
  });
});

describe('order moves', () => {
  /** An order brought to `status` by allowed moves. */
  async function orderAt(status: OrderStatus) {
    const { orderId } = await acceptedOrder();
    if (status !== 'confirmed') {
      const res = await move(orderId, status, status === 'cancelled' ? 'Changed their mind' : undefined);
      expect(res.statusCode, res.body).toBe(200);
    }
    return orderId;
  }

  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s answers as ORDER_MOVES says, and records who and when', async (from, to) => {
    const id = await orderAt(from);
    const before = await q('select count(*)::int as n from order_events where order_id = $1', [id]);
    const res = await move(id, to, to === 'cancelled' ? 'Out of stock' : undefined);
    const [row] = await q<{ status: string; cancel_reason: string | null }>(
      'select status, cancel_reason from orders where id = $1',
      [id],
    );
    const after = await q('select count(*)::int as n from order_events where order_id = $1', [id]);
    if (canMoveOrder(from, to)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(row.status).toBe(to);
      expect(row.cancel_reason).toBe(to === 'cancelled' ? 'Out of stock' : null);
      const last = res.json().history.at(-1);
      expect(last).toMatchObject({ from, to, actor: { id: expect.any(Number), name: expect.any(String) } });
      expect(Date.now() - Date.parse(last.at)).toBeLessThan(60_000);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(ORDER_TEXT.moveForbidden(ORDER_TEXT.status[from], ORDER_TEXT.status[to]));
      expect(row.status).toBe(from);
      expect(after).toEqual(before);
    }
  });

  it('an unknown status is 400; cancelling without a reason is 400; an unknown order 404', async () => {
    const id = await orderAt('confirmed');
    expect((await move(id, 'lost')).statusCode).toBe(400);
    const noReason = await move(id, 'cancelled');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(ORDER_TEXT.cancelReasonRequired);
    expect((await move(999_999, 'shipped')).statusCode).toBe(404);
    expect((await q<{ status: string }>('select status from orders where id = $1', [id]))[0].status).toBe(
      'confirmed',
    );
  });
});

describe('stepping back', () => {
  const stepBack = (id: number, body: object, token = ctx.adminToken) =>
    ctx.as(token).post(`/api/orders/${id}/step-back`, body);
  const mails = async (id: number) =>
    (
      await q<{ n: number }>(
        'select count(*)::int as n from outbox where inquiry_id = (select inquiry_id from orders where id = $1)',
        [id],
      )
    )[0].n;

  it('takes an order one step back with a reason: recorded with who, no e-mail, order.updated', async () => {
    const { orderId } = await acceptedOrder();
    expect((await move(orderId, 'shipped')).statusCode).toBe(200);
    const mailed = await mails(orderId);
    const events = await q<{ n: number }>('select count(*)::int as n from webhook_events where entity = $1', [
      `order:${orderId}`,
    ]);
    await q(
      "insert into webhook_endpoints (url, events, secret) values ('https://hooks.example/orders', ARRAY['order.updated'], 'whsec_test')",
    );
    try {
      const res = await stepBack(orderId, { reason: '  Marked shipped by mistake ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'in_progress', cancel_reason: null });
      expect(res.json().history.at(-1)).toMatchObject({
        from: 'shipped',
        to: 'in_progress',
        step_back_reason: 'Marked shipped by mistake',
        cancel_reason: null,
        actor: { id: expect.any(Number) },
      });
      const [row] = await q<{ step_back_reason: string; actor_id: number }>(
        'select step_back_reason, actor_id from order_events where order_id = $1 order by id desc limit 1',
        [orderId],
      );
      expect(row).toMatchObject({
        step_back_reason: 'Marked shipped by mistake',
        actor_id: expect.any(Number),
      });
      // No message to the customer for a step back.
      expect(await mails(orderId)).toBe(mailed);
      const [{ n }] = await q<{ n: number }>(
        "select count(*)::int as n from webhook_events where entity = $1 and type = 'order.updated'",
        [`order:${orderId}`],
      );
      expect(n).toBe(events[0].n + 1);
      // Down the flow one status at a time, then nowhere further than confirmed.
      expect((await stepBack(orderId, { reason: 'Not started' })).json().status).toBe('confirmed');
      const none = await stepBack(orderId, { reason: 'Again' });
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(ORDER_TEXT.stepBackNone(ORDER_TEXT.status.confirmed));
    } finally {
      await q("delete from webhook_endpoints where url = 'https://hooks.example/orders'");
    }
  });

  it('brings a cancelled order back to the status it was cancelled from', async () => {
    const { orderId } = await acceptedOrder();
    expect((await move(orderId, 'in_progress')).statusCode).toBe(200);
    expect((await move(orderId, 'cancelled', 'Wrong order')).statusCode).toBe(200);
    const res = await stepBack(orderId, { reason: 'Cancelled the wrong one' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', cancel_reason: null });
  });

  it('needs a reason (400) and order.manage (403); an unknown order is 404; each changes nothing', async () => {
    const { orderId } = await acceptedOrder();
    expect((await move(orderId, 'completed')).statusCode).toBe(200);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(2001) }, { reason: 'ok', extra: 1 }]) {
      const res = await stepBack(orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await stepBack(orderId, {})).json().error).toBe(ORDER_TEXT.stepBackReasonRequired);
    expect((await stepBack(999_999, { reason: 'Gone' })).statusCode).toBe(404);
    // Editors and sales work orders, but taking one back is the admin's.
    for (const role of ['editor', 'sales']) {
      const { token } = await ctx.makeUser({
        name: role,
        email: `${role}.${randomBytes(3).toString('hex')}@example.com`,
        role,
      });
      const refused = await stepBack(orderId, { reason: 'Mine' }, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().permission).toBe('order.manage');
    }
    const [row] = await q<{ status: string }>('select status from orders where id = $1', [orderId]);
    expect(row.status).toBe('completed');
    const [{ n }] = await q<{ n: number }>(
      'select count(*)::int as n from order_events where order_id = $1 and step_back_reason is not null',
      [orderId],
    );
    expect(n).toBe(0);
  });
});

describe('notes, list and export', () => {
  it('adds a note for staff, shown newest first', async () => {
    const { orderId } = await acceptedOrder();
    const res = await ctx.admin.post(`/api/orders/${orderId}/notes`, { body: 'Call before delivery' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await ctx.admin.post(`/api/orders/${orderId}/notes`, { body: '  ' })).statusCode).toBe(400);
    const order = (await ctx.admin.get(`/api/orders/${orderId}`)).json();
    expect(order.notes).toEqual([expect.objectContaining({ body: 'Call before delivery' })]);
    expect(order.notes[0]).toEqual(res.json());
    const missing = await ctx.admin.post('/api/orders/999999/notes', { body: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ORDER_TEXT.notFound);
  });

  it('finds orders by number, reference, company, e-mail and PO number; filters by status', async () => {
    const { orderId, page, inquiry } = await acceptedOrder({ po_number: 'PO-FIND-42' });
    const ids = async (query: string) =>
      (await ctx.admin.get(`/api/orders?${query}`)).json().data.map((o: { id: number }) => o.id) as number[];
    expect(await ids(`q=${encodeURIComponent(page.order.number)}`)).toEqual([orderId]);
    expect(await ids(`q=${encodeURIComponent(page.order.number.toLowerCase().replace('-', ' '))}`)).toEqual([
      orderId,
    ]);
    expect(await ids(`q=${inquiry.reference}`)).toEqual([orderId]);
    expect(await ids('q=PO-FIND-42')).toEqual([orderId]);
    expect(await ids('q=northwind')).toContain(orderId);
    expect(await ids('q=nina%40northwind')).toContain(orderId);
    await move(orderId, 'in_progress');
    expect(await ids('status=in_progress&q=PO-FIND-42')).toEqual([orderId]);
    expect(await ids('status=confirmed&q=PO-FIND-42')).toEqual([]);
    const list = (await ctx.admin.get('/api/orders?limit=2&sortBy=total&sortOrder=desc')).json();
    expect(list.data).toHaveLength(2);
    expect(list.meta.total).toBeGreaterThan(2);
    expect((await ctx.admin.get('/api/orders?colour=red')).statusCode).toBe(400);
    expect((await ctx.admin.get('/api/orders?status=lost')).statusCode).toBe(400);
  });

  it('filters by owner (me, nobody, a user id) and by the days ordered, both ends included (TIMEZONE, UTC here)', async () => {
    const mine = await acceptedOrder({ po_number: 'PO-FILTER-1' });
    const theirs = await acceptedOrder({ po_number: 'PO-FILTER-2' });
    const nobody = await acceptedOrder({ po_number: 'PO-FILTER-3' });
    const other = await ctx.makeUser({ name: 'Olive Owner', email: 'olive-owner@example.com' });
    const [{ id: adminId }] = await q<{ id: number }>(
      `select id from users where role = 'admin' order by id`,
    );
    await q('update orders set owner_id = $2, created_at = $3 where id = $1', [
      mine.orderId,
      adminId,
      '2026-04-01T00:00:00Z',
    ]);
    await q('update orders set owner_id = $2, created_at = $3 where id = $1', [
      theirs.orderId,
      other.user.id,
      '2026-04-30T23:59:59Z',
    ]);
    await q('update orders set owner_id = null, created_at = $2 where id = $1', [
      nobody.orderId,
      '2026-05-01T00:00:00Z',
    ]);
    const ids = async (query: string) =>
      ((await ctx.admin.get(`/api/orders?q=PO-FILTER&limit=50&${query}`)).json().data as { id: number }[])
        .map((o) => o.id)
        .sort((a, b) => a - b);
    const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);
    expect(await ids('owner=me')).toEqual([mine.orderId]);
    expect(await ids(`owner=${other.user.id}`)).toEqual([theirs.orderId]);
    expect(await ids('owner=nobody')).toEqual([nobody.orderId]);
    // April, its first and last instants included; May's first is not.
    expect(await ids('from=2026-04-01&to=2026-04-30')).toEqual(sorted(mine.orderId, theirs.orderId));
    expect(await ids('from=2026-04-02')).toEqual(sorted(theirs.orderId, nobody.orderId));
    expect(await ids('to=2026-03-31')).toEqual([]);
    expect((await ctx.admin.get('/api/orders?owner=someone')).statusCode).toBe(400);
    expect((await ctx.admin.get('/api/orders?from=2026-13-01')).statusCode).toBe(400);
  });

  it('sorts by total both ways (sortOrder), and by number', async () => {
    await acceptedOrder();
    const totals = async (query: string) =>
      (await ctx.admin.get(`/api/orders?${query}`))
        .json()
        .data.map((o: { total: number }) => o.total) as number[];
    const up = await totals('sortBy=total&sortOrder=asc&limit=50');
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(await totals('sortBy=total&sortOrder=desc&limit=50')).toEqual([...up].reverse());
    const numbers = (await ctx.admin.get('/api/orders?sortBy=number&sortOrder=asc&limit=50'))
      .json()
      .data.map((o: { number: string }) => o.number) as string[];
    expect(numbers).toEqual([...numbers].sort());
    expect((await ctx.admin.get('/api/orders?sortOrder=sideways')).statusCode).toBe(400);
  });

  it('outlives its request: deleting the request leaves the order as it was', async () => {
    const { orderId, inquiry } = await acceptedOrder();
    const before = (await ctx.admin.get(`/api/orders/${orderId}`)).json();
    expect((await ctx.admin.delete(`/api/inquiries/${inquiry.id}`)).statusCode).toBe(204);
    const after = (await ctx.admin.get(`/api/orders/${orderId}`)).json();
    expect(after).toEqual({ ...before, inquiry_id: null, quote_id: null });
  });

  it('exports the list as CSV', async () => {
    const { page } = await acceptedOrder({ po_number: 'PO-CSV-1' });
    const res = await ctx.admin.get('/api/orders/export.csv?q=PO-CSV-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row] = res.body.trim().split(/\r?\n/);
    expect(header.split(',')[0]).toBe('number');
    expect(row).toContain(page.order.number);
    expect(row).toContain('781.99');
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.as().get('/api/orders')).statusCode).toBe(401);
  });
});

describe('required acceptance fields', () => {
  it('staff choose them; an acceptance missing one is refused, changing nothing, and taken when given', async () => {
    expect((await ctx.admin.get('/api/orders/settings')).json()).toEqual({ required_fields: [] });
    const set = await ctx.admin.put('/api/orders/settings', {
      required_fields: ['billing_address', 'po_number', 'po_number'],
    });
    expect(set.statusCode, set.body).toBe(200);
    // Each once, in the form's order.
    expect(set.json()).toEqual({ required_fields: ['po_number', 'billing_address'] });
    expect((await ctx.admin.put('/api/orders/settings', { required_fields: ['phone'] })).statusCode).toBe(
      400,
    );
    expect((await ctx.as().put('/api/orders/settings', { required_fields: [] })).statusCode).toBe(401);
    try {
      const sent = await sentQuote(ctx, { remoteAddress: address() });
      const page = (
        await ctx.as().get(`/api/public/quotes/${sent.token}`, { remoteAddress: address() })
      ).json();
      expect(page.accept_requires).toEqual(['po_number', 'billing_address']);
      const missing = await ctx
        .as()
        .post(
          `/api/public/quotes/${sent.token}/accept`,
          { name: 'Nina', billing_address: 'Somewhere 1' },
          { remoteAddress: address() },
        );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe(ORDER_TEXT.fieldRequired.po_number);
      expect(await q('select 1 from orders where quote_id = $1', [sent.id])).toEqual([]);
      expect(
        (await q<{ status: string }>('select status from quotes where id = $1', [sent.id]))[0].status,
      ).toBe('sent');
      const ok = await ctx
        .as()
        .post(
          `/api/public/quotes/${sent.token}/accept`,
          { name: 'Nina', po_number: 'PO-1', billing_address: 'Somewhere 1' },
          { remoteAddress: address() },
        );
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await ctx.admin.put('/api/orders/settings', { required_fields: [] });
    }
  });
});
