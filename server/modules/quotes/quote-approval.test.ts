import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_APPROVAL_TEXT } from '#domain/quote-approval';
import { createDraftQuote, createProduct, createQuoteRequest, userWithRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Quote approvals through the API: the thresholds, the send refused with its reasons, asking,
 * approving and rejecting, a change that voids a decision, and who may do what.
 */
let ctx: TestContext;
let sales: { user: { id: number }; token: string };
let otherSales: { user: { id: number }; token: string };
let approver: { user: { id: number }; token: string };
let viewer: { user: { id: number }; token: string };
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '1000', WEBHOOK_ALLOW_PRIVATE: '1' });
  sales = await userWithRole(ctx, 'sales');
  otherSales = await userWithRole(ctx, 'sales');
  viewer = await userWithRole(ctx, 'viewer');
  // An approver besides the admin: a custom role with quote.approve.
  await ctx.admin.ok('POST', '/api/roles', {
    name: 'Sales lead',
    permissions: ['inquiry.read', 'quote.edit', 'quote.send', 'quote.approve'],
  });
  approver = await userWithRole(ctx, 'sales-lead');
  await q(`insert into webhook_endpoints (url, events, enabled, secret)
    values ('http://127.0.0.1:9/hook', '{quote.approval_requested,quote.approved,quote.rejected}', true, 'whsec_test')`);
});
afterAll(() => ctx.close());
beforeEach(() => setRules({ max_discount_percent: null, max_total: null }));

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];

async function setRules(rules: object) {
  const res = await ctx.admin.put('/api/settings/quote-approval', rules);
  expect(res).toSucceed();
  return res.json();
}

let n = 0;
/** A draft for a request of one product at 100.00, its line at `percent` off, quantity 1. */
async function draftAt(percent: number, staff = ctx.as(sales.token), extra: object = {}) {
  n += 1;
  const product = await createProduct(ctx.admin, { name: `Approval lamp ${n}`, sku: `AL-${n}`, mrp: 100 });
  const inquiry = await createQuoteRequest(ctx.as(), { lines: [{ product_id: product.id, quantity: 1 }] });
  const draft = await createDraftQuote(staff, inquiry.id);
  const { product_id, variant_id, name, sku, quantity, unit_price } = draft.lines[0];
  const lines = [
    { name: 'Typed line', quantity: 1, unit_price: 5 },
    { product_id, variant_id, name, sku, quantity, unit_price, discount_percent: percent },
  ];
  const saved = await staff.ok('PUT', `/api/quotes/${draft.id}`, { lines, ...extra });
  return { id: saved.id as number, inquiryId: inquiry.id, lines, saved };
}

const eventsOf = (id: number) =>
  q<{ type: string; payload: string }>(
    `select type, payload from webhook_events where entity = $1 order by id`,
    [`quote:${id}`],
  );

describe('the thresholds', () => {
  it('start off, are set by settings.manage and refuse a bad value naming its field, writing nothing', async () => {
    expect(await ctx.admin.ok('GET', '/api/settings/quote-approval')).toEqual({
      max_discount_percent: null,
      max_total: null,
    });
    expect(await setRules({ max_discount_percent: 15, max_total: '10000.50' })).toEqual({
      max_discount_percent: 15,
      max_total: 10000.5,
    });
    for (const [body, field] of [
      [{ max_discount_percent: 101, max_total: null }, 'max_discount_percent'],
      [{ max_discount_percent: 1.234, max_total: null }, 'max_discount_percent'],
      [{ max_discount_percent: null, max_total: -1 }, 'max_total'],
      [{ max_discount_percent: null, max_total: 'lots' }, 'max_total'],
      [{ max_discount_percent: null }, 'max_total'],
    ] as const) {
      const res = await ctx.admin.put('/api/settings/quote-approval', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().details ?? {})).toContain(field);
    }
    expect(await ctx.admin.ok('GET', '/api/settings/quote-approval')).toEqual({
      max_discount_percent: 15,
      max_total: 10000.5,
    });
    const unknown = await ctx.admin.put('/api/settings/quote-approval', {
      max_discount_percent: 1,
      max_total: 1,
      extra: 1,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('are for settings.manage only', async () => {
    for (const token of [sales.token, approver.token]) {
      expect((await ctx.as(token).get('/api/settings/quote-approval')).statusCode).toBe(403);
      const put = await ctx
        .as(token)
        .put('/api/settings/quote-approval', { max_discount_percent: 1, max_total: null });
      expect(put.statusCode).toBe(403);
    }
    expect(await ctx.admin.ok('GET', '/api/settings/quote-approval')).toEqual({
      max_discount_percent: null,
      max_total: null,
    });
  });

  it("judge a line's discount below the customer's price exactly, and the total above its limit", async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    // 15 % is the limit, not past it; 15.01 % is.
    expect((await draftAt(15)).saved.approval).toMatchObject({
      status: 'not_required',
      required: false,
      reasons: [],
    });
    expect((await draftAt(15.01)).saved.approval).toMatchObject({
      status: 'required',
      required: true,
      reasons: [{ rule: 'max_discount_percent', line: 2, value: 15.01 }],
    });
    // A lower unit price counts like a percent: 100.00 → 80.00 is 20 % below, with 5 % on top 24 %.
    const lowered = await draftAt(5);
    const saved = await ctx.as(sales.token).ok('PUT', `/api/quotes/${lowered.id}`, {
      lines: [lowered.lines[0], { ...lowered.lines[1], unit_price: 80 }],
    });
    expect(saved.lines[1].catalogue_price).toBe(100);
    expect(saved.approval.reasons).toEqual([{ rule: 'max_discount_percent', line: 2, value: 24 }]);
    // The total: 5.00 + 100.00 × 0.9 = 95.00 passes 90, not 95.
    await setRules({ max_discount_percent: null, max_total: null });
    const big = await draftAt(10);
    expect(big.saved.approval.reasons).toEqual([]);
    await setRules({ max_discount_percent: null, max_total: 90 });
    const read = await ctx.as(sales.token).ok('GET', `/api/quotes/${big.id}`);
    expect(read.approval.reasons).toEqual([{ rule: 'max_total', line: null, value: 95 }]);
    await setRules({ max_discount_percent: null, max_total: 95 });
    expect((await ctx.as(sales.token).ok('GET', `/api/quotes/${big.id}`)).approval.required).toBe(false);
  });
});

describe('sending', () => {
  it('is as before with no rule set', async () => {
    const draft = await draftAt(100);
    const sent = await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/send`);
    expect(sent).toMatchObject({ status: 'sent', version: 1, total: 5 });
  });

  it('answers 409 with the reasons for a sender without quote.approve, and sends nothing', async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    const draft = await draftAt(35);
    const res = await ctx.as(sales.token).post(`/api/quotes/${draft.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: QUOTE_APPROVAL_TEXT.sendNeedsApproval,
      approval: { required: true, reasons: [{ rule: 'max_discount_percent', line: 2, value: 35 }] },
    });
    expect(await q('select status, version from quotes where id = $1', [draft.id])).toEqual([
      { status: 'draft', version: null },
    ]);
    expect(await q(`select 1 from outbox where quote_id = $1`, [draft.id])).toEqual([]);
  });

  it('goes through for someone with quote.approve, without asking', async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    const mine = await draftAt(50, ctx.as(approver.token));
    expect(await ctx.as(approver.token).ok('POST', `/api/quotes/${mine.id}/send`)).toMatchObject({
      status: 'sent',
    });
    const theirs = await draftAt(50);
    expect(await ctx.admin.ok('POST', `/api/quotes/${theirs.id}/send`)).toMatchObject({ status: 'sent' });
  });
});

describe('the approval flow', () => {
  it('asks, e-mails the approvers, lists it, is approved by another, then the requester sends', async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    const draft = await draftAt(30);
    const asked = await ctx
      .as(sales.token)
      .ok('POST', `/api/quotes/${draft.id}/approval`, { note: 'Loyal customer, big order next month' });
    expect(asked.approval).toMatchObject({
      status: 'pending',
      required: true,
      requested_by: { id: sales.user.id },
      note: 'Loyal customer, big order next month',
      decided_by: null,
    });
    // Every user with quote.approve but the requester is e-mailed, through the outbox.
    const approvers = await q<{ email: string }>(
      `select u.email from users u join roles r on r.key = u.role where 'quote.approve' = any(r.permissions) order by u.email`,
    );
    const mails = await q<{ to_address: string; subject: string; text_body: string }>(
      `select to_address, subject, text_body from outbox where kind = 'quote_approval' and inquiry_id = $1 order by to_address`,
      [draft.inquiryId],
    );
    expect(mails.map((m) => m.to_address)).toEqual(approvers.map((a) => a.email));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails[0].text_body).toContain('Line 2: 30%');
    expect(mails[0].text_body).toContain(`/inquiries/${draft.inquiryId}/quotes/${draft.id}`);
    // Asking twice is refused; sending still is.
    expect(
      (await ctx.as(sales.token).post(`/api/quotes/${draft.id}/approval`, { note: 'again' })).statusCode,
    ).toBe(409);
    expect((await ctx.as(sales.token).post(`/api/quotes/${draft.id}/send`)).statusCode).toBe(409);
    // The approvers' list.
    const pending = await ctx.as(approver.token).ok('GET', '/api/quotes?approval=pending&limit=100');
    const item = pending.data.find((row: { id: number }) => row.id === draft.id);
    expect(item).toMatchObject({
      inquiry_id: draft.inquiryId,
      status: 'draft',
      total: 75,
      approval: { status: 'pending', note: 'Loyal customer, big order next month' },
    });
    expect(pending.meta).toMatchObject({ page: 1, limit: 100, total_exact: true });
    expect(pending.meta.total).toBe(pending.data.length);
    // The desk's filter: the requests whose draft waits.
    const desk = await ctx.as(approver.token).ok('GET', '/api/inquiries?approval=pending&perPage=100');
    expect(desk.data.map((r: { id: number }) => r.id)).toContain(draft.inquiryId);
    expect((await ctx.admin.get('/api/inquiries?approval=maybe')).statusCode).toBe(400);
    // Approved by another, with a note.
    const approved = await ctx
      .as(approver.token)
      .ok('POST', `/api/quotes/${draft.id}/approve`, { note: 'Fine this once' });
    expect(approved.approval).toMatchObject({
      status: 'approved',
      required: false,
      decided_by: { id: approver.user.id },
      reply: 'Fine this once',
    });
    const after = await ctx.as(approver.token).ok('GET', '/api/quotes?approval=pending&limit=100');
    expect(after.data.map((r: { id: number }) => r.id)).not.toContain(draft.id);
    const deskAfter = await ctx.admin.ok('GET', '/api/inquiries?approval=pending&perPage=100');
    expect(deskAfter.data.map((r: { id: number }) => r.id)).not.toContain(draft.inquiryId);
    const approvedList = await ctx.admin.ok('GET', '/api/quotes?approval=approved&limit=100');
    expect(approvedList.data.map((r: { id: number }) => r.id)).toContain(draft.id);
    // Approving again is a 409.
    const again = await ctx.admin.post(`/api/quotes/${draft.id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(QUOTE_APPROVAL_TEXT.notPending);
    // Saving it unchanged keeps the approval (the builder saves before it sends).
    const resaved = await ctx.as(sales.token).ok('PUT', `/api/quotes/${draft.id}`, { lines: draft.lines });
    expect(resaved.approval.status).toBe('approved');
    expect(await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/send`)).toMatchObject({
      status: 'sent',
      version: 1,
    });
    // Each step in the request's history, in Activity and as a webhook event.
    const history = await q<{ kind: string; actor_id: number; from: string; to: string | null }>(
      `select kind, actor_id, "from", "to" from inquiry_events where inquiry_id = $1 and kind like '%approv%' order by id`,
      [draft.inquiryId],
    );
    expect(history).toEqual([
      {
        kind: 'approval_requested',
        actor_id: sales.user.id,
        from: String(draft.id),
        to: 'Loyal customer, big order next month',
      },
      { kind: 'quote_approved', actor_id: approver.user.id, from: String(draft.id), to: 'Fine this once' },
    ]);
    const detail = await ctx.as(sales.token).ok('GET', `/api/inquiries/${draft.inquiryId}`);
    expect(detail.history.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['approval_requested', 'quote_approved']),
    );
    const logged = await q<{ changes: Record<string, { after: unknown }> }>(
      `select changes from change_log where entity_type = 'quote' and entity_id = $1 and changes ? 'approval_status' order by id`,
      [draft.id],
    );
    expect(logged.map((l) => l.changes.approval_status.after)).toEqual(['pending', 'approved']);
    const events = await eventsOf(draft.id);
    expect(events.map((e) => e.type)).toEqual(['quote.approval_requested', 'quote.approved']);
    const data = JSON.parse(events[1].payload).data;
    expect(data).toMatchObject({ id: draft.id, approval: { status: 'approved', reply: 'Fine this once' } });
    expect(data).not.toHaveProperty('token');
  });

  it('rejects with a reason the requester reads; a change sets it back to required', async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    const draft = await draftAt(40);
    await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/approval`, { note: 'Please' });
    const noReason = await ctx.admin.post(`/api/quotes/${draft.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toHaveProperty('reason');
    const rejected = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/reject`, {
      reason: 'Too deep: 25 % at most',
    });
    expect(rejected.approval).toMatchObject({
      status: 'rejected',
      required: true,
      reply: 'Too deep: 25 % at most',
    });
    const read = await ctx.as(sales.token).ok('GET', `/api/quotes/${draft.id}`);
    expect(read.approval).toMatchObject({ status: 'rejected', reply: 'Too deep: 25 % at most' });
    expect((await ctx.as(sales.token).post(`/api/quotes/${draft.id}/send`)).statusCode).toBe(409);
    // A change (25 %) voids the rejection: the quote is judged again, asked again.
    const changed = await ctx.as(sales.token).ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [draft.lines[0], { ...draft.lines[1], discount_percent: 25 }],
    });
    expect(changed.approval).toMatchObject({
      status: 'required',
      required: true,
      reply: null,
      requested_by: null,
    });
    expect(
      (await ctx.as(sales.token).post(`/api/quotes/${draft.id}/approval`, { note: 'Now 25' })).statusCode,
    ).toBe(200);
    const events = await eventsOf(draft.id);
    expect(events.map((e) => e.type)).toEqual([
      'quote.approval_requested',
      'quote.rejected',
      'quote.approval_requested',
    ]);
  });

  it('a change after approval voids it: sending is refused again', async () => {
    await setRules({ max_discount_percent: 15, max_total: 1000 });
    const draft = await draftAt(20);
    await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/approval`, { note: 'Please' });
    await ctx.admin.ok('POST', `/api/quotes/${draft.id}/approve`, {});
    const changed = await ctx.as(sales.token).ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [draft.lines[0], { ...draft.lines[1], discount_percent: 60 }],
    });
    expect(changed.approval).toMatchObject({ status: 'required', required: true });
    const res = await ctx.as(sales.token).post(`/api/quotes/${draft.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().approval.reasons).toEqual([{ rule: 'max_discount_percent', line: 2, value: 60 }]);
    // A change that breaks no rule any more leaves nothing to ask.
    const fixed = await ctx.as(sales.token).ok('PUT', `/api/quotes/${draft.id}`, {
      lines: [draft.lines[0], { ...draft.lines[1], discount_percent: 10 }],
    });
    expect(fixed.approval).toMatchObject({ status: 'not_required', required: false });
    const notNeeded = await ctx.as(sales.token).post(`/api/quotes/${draft.id}/approval`, { note: 'x' });
    expect(notNeeded.statusCode).toBe(409);
    expect(notNeeded.json().error).toBe(QUOTE_APPROVAL_TEXT.notRequired);
    expect(await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/send`)).toMatchObject({
      status: 'sent',
    });
  });
});

describe('rights', () => {
  it('nobody approves or rejects what they asked for, even with quote.approve', async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    const draft = await draftAt(30, ctx.as(approver.token));
    await ctx.as(approver.token).ok('POST', `/api/quotes/${draft.id}/approval`, { note: 'Check me' });
    for (const [step, body] of [
      ['approve', { note: 'Fine by me' }],
      ['reject', { reason: 'No' }],
    ] as const) {
      const res = await ctx.as(approver.token).post(`/api/quotes/${draft.id}/${step}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(QUOTE_APPROVAL_TEXT.ownRequest);
    }
    expect((await q('select approval_status from quotes where id = $1', [draft.id]))[0]).toEqual({
      approval_status: 'pending',
    });
    expect(await ctx.admin.ok('POST', `/api/quotes/${draft.id}/approve`, {})).toMatchObject({
      approval: { status: 'approved' },
    });
  });

  it('Sales may ask but not approve; a viewer may neither; unknown quotes are 404', async () => {
    await setRules({ max_discount_percent: 15, max_total: null });
    const draft = await draftAt(30);
    expect(
      (await ctx.as(viewer.token).post(`/api/quotes/${draft.id}/approval`, { note: 'x' })).statusCode,
    ).toBe(403);
    await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/approval`, { note: 'x' });
    for (const token of [otherSales.token, viewer.token]) {
      const res = await ctx.as(token).post(`/api/quotes/${draft.id}/approve`, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().permission).toBe('quote.approve');
    }
    expect((await ctx.as(viewer.token).get('/api/quotes?approval=pending')).statusCode).toBe(200);
    expect((await ctx.admin.post('/api/quotes/999999/approve', {})).statusCode).toBe(404);
    expect((await ctx.admin.post('/api/quotes/999999/approval', { note: 'x' })).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/quotes?approval=maybe')).statusCode).toBe(400);
    const roles = await ctx.admin.ok('GET', '/api/roles');
    const held = (key: string) =>
      roles.data.find((r: { key: string }) => r.key === key).permissions.includes('quote.approve');
    expect([held('admin'), held('editor'), held('sales'), held('viewer')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('a sent quote takes no approval step', async () => {
    const draft = await draftAt(30);
    await ctx.as(sales.token).ok('POST', `/api/quotes/${draft.id}/send`);
    const res = await ctx.admin.post(`/api/quotes/${draft.id}/approval`, { note: 'late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_APPROVAL_TEXT.notDraft);
  });
});
