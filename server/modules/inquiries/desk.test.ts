import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TEXT, INQUIRY_MAIL, INQUIRY_STATUSES, INQUIRY_TEXT, inquiryReference } from '#domain/inquiries';
import { createProduct, createQuoteRequest } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/** The desk: status moves, owners, notes, history, the inbox's filters and counts, the CSV. */
let ctx: TestContext;
let editor: { id: number; name: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext({
    NOTIFY_EMAIL: 'desk@example.com',
    PUBLIC_URL: 'https://shop.example.com',
    COMPANY_NAME: 'Acme Supply',
  });
  const made = await ctx.makeUser({ name: 'Desk Editor', email: 'desk-editor@example.com' });
  editor = { id: made.user.id, name: made.user.name, token: made.token };
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
/** Dora's request: the factory's, with her name, address and words. */
const request = (extra: object = {}) =>
  createQuoteRequest(ctx.as(), {
    name: 'Dora Desk',
    email: 'dora@example.com',
    subject: 'Desks',
    message: 'Ten.',
    ...extra,
  });

const statusOf = async (id: number) =>
  (
    await q<{ status: string; close_reason: string | null }>(
      'select status, close_reason from inquiries where id = $1',
      [id],
    )
  )[0];
const events = (id: number) =>
  q<{
    kind: string;
    from: string | null;
    to: string | null;
    actor_id: number | null;
    close_reason: string | null;
  }>(
    'select kind, "from", "to", actor_id, close_reason from inquiry_events where inquiry_id = $1 order by id',
    [id],
  );

describe('a new request', () => {
  it('starts new, unowned, and tells NOTIFY_EMAIL with a link to it', async () => {
    const { id, reference } = await request();
    const detail = (await ctx.admin.get(`/api/inquiries/${id}`)).json();
    expect(detail).toMatchObject({
      status: 'new',
      owner: null,
      close_reason: null,
      notes: [],
      history: [],
      quotes: [],
    });
    // Opening it changes nothing.
    expect((await statusOf(id)).status).toBe('new');
    const [mail] = await q<{ to_address: string; subject: string; text_body: string; inquiry_id: number }>(
      'select to_address, subject, text_body, inquiry_id from outbox where inquiry_id = $1',
      [id],
    );
    expect(mail.to_address).toBe('desk@example.com');
    expect(mail.subject).toContain(reference);
    expect(mail.text_body).toContain(`https://shop.example.com/inquiries?selected=${id}`);
  });

  it('acknowledges it to the buyer through the outbox, with their reference and products', async () => {
    const product = await createProduct(ctx.admin, {
      name: 'Desk Lamp',
      sku: 'DL-9',
      mrp: 12.5,
      status: 'published',
    });
    const { id, reference } = await request({
      email: 'Dora.Ack@example.com',
      message: undefined,
      lines: [{ product_id: product.id, quantity: 3 }],
    });
    const mails = await q<{ to_address: string; subject: string; text_body: string; kind: string }>(
      "select to_address, subject, text_body, kind from outbox where inquiry_id = $1 and kind = 'request_received'",
      [id],
    );
    expect(mails).toHaveLength(1);
    const [ack] = mails;
    expect(ack.to_address).toBe('Dora.Ack@example.com');
    expect(ack.subject).toBe(INQUIRY_MAIL.receivedSubject(reference, 'Acme Supply'));
    expect(ack.text_body).toContain(`Your reference is ${reference}.`);
    expect(ack.text_body).toContain('3 × Desk Lamp (DL-9)');
    expect(ack.text_body).toContain('https://shop.example.com/account');
    // Nothing the visitor typed is sent on to the address they gave: the form is no relay.
    expect(ack.text_body).not.toContain('Dora Desk');
    expect(ack.text_body).not.toContain('Desks');
    // The desk's notice is a message of its own.
    expect(
      await q("select to_address from outbox where inquiry_id = $1 and kind = 'request_arrived'", [id]),
    ).toEqual([{ to_address: 'desk@example.com' }]);
  });
});

describe('PATCH /api/inquiries/{id}', () => {
  it('moves along the allowed paths, each move in the history with its actor', async () => {
    const { id } = await request();
    const open = await ctx.as(editor.token).patch(`/api/inquiries/${id}`, { status: 'open' });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().history).toMatchObject([
      { kind: 'status', from: 'new', to: 'open', actor: { id: editor.id, name: editor.name } },
    ]);
    const closed = await ctx.admin.patch(`/api/inquiries/${id}`, { status: 'closed', close_reason: 'spam' });
    expect(closed.json()).toMatchObject({ status: 'closed', close_reason: 'spam' });
    expect(await statusOf(id)).toEqual({ status: 'closed', close_reason: 'spam' });
    await ctx.admin.ok('PATCH', `/api/inquiries/${id}`, { status: 'open' });
    expect(await statusOf(id)).toEqual({ status: 'open', close_reason: null });
    expect((await events(id)).map((e) => [e.from, e.to, e.close_reason])).toEqual([
      ['new', 'open', null],
      ['open', 'closed', 'spam'],
      ['closed', 'open', null],
    ]);
  });

  it('refuses each forbidden move with 409 and changes nothing', async () => {
    const { id } = await request();
    // Forbidden from new: every status but open and closed (quoted, accepted and declined also want a sent quote).
    for (const to of INQUIRY_STATUSES.filter((s) => !['new', 'open', 'closed'].includes(s))) {
      const res = await ctx.admin.patch(`/api/inquiries/${id}`, { status: to });
      expect(res.statusCode, to).toBe(409);
      expect(res.json().error).toBe(DESK_TEXT.quoteNeeded);
    }
    await ctx.admin.ok('PATCH', `/api/inquiries/${id}`, { status: 'open' });
    const back = await ctx.admin.patch(`/api/inquiries/${id}`, { status: 'new' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toBe(DESK_TEXT.moveForbidden('Open', 'New'));
    expect((await statusOf(id)).status).toBe('open');
    expect(await events(id)).toHaveLength(1);
  });

  it('wants a reason to close, a known status and a known owner (400)', async () => {
    const { id } = await request();
    const noReason = await ctx.admin.patch(`/api/inquiries/${id}`, { status: 'closed' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(DESK_TEXT.closeReasonRequired);
    expect((await ctx.admin.patch(`/api/inquiries/${id}`, { status: 'lost' })).statusCode).toBe(400);
    const nobody = await ctx.admin.patch(`/api/inquiries/${id}`, { owner_id: 999_999 });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error).toBe(DESK_TEXT.ownerNotFound);
    expect(await statusOf(id)).toEqual({ status: 'new', close_reason: null });
    expect(await events(id)).toEqual([]);
    expect((await ctx.admin.patch('/api/inquiries/999999', { status: 'open' })).statusCode).toBe(404);
  });

  it('assigns to me and back to nobody, with owner events naming them', async () => {
    const { id } = await request();
    const mine = await ctx.as(editor.token).patch(`/api/inquiries/${id}`, { owner_id: editor.id });
    expect(mine.json().owner).toEqual({ id: editor.id, name: editor.name });
    await ctx.admin.ok('PATCH', `/api/inquiries/${id}`, { owner_id: null });
    expect(await events(id)).toMatchObject([
      { kind: 'owner', from: null, to: editor.name, actor_id: editor.id },
      { kind: 'owner', from: editor.name, to: null },
    ]);
  });
});

describe('notes', () => {
  it('adds a note by the caller; the detail lists them newest first', async () => {
    const { id } = await request();
    const first = await ctx.as(editor.token).post(`/api/inquiries/${id}/notes`, { body: '  Called them.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      body: 'Called them.',
      author: { id: editor.id, name: editor.name },
    });
    await ctx.admin.ok('POST', `/api/inquiries/${id}/notes`, { body: 'Second' });
    expect((await ctx.admin.post(`/api/inquiries/${id}/notes`, { body: ' ' })).statusCode).toBe(400);
    const missing = await ctx.admin.post('/api/inquiries/999999/notes', { body: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(INQUIRY_TEXT.notFound);
    const detail = (await ctx.admin.get(`/api/inquiries/${id}`)).json();
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual(['Second', 'Called them.']);
    expect(
      await q('select author_id, body from inquiry_notes where inquiry_id = $1 order by id', [id]),
    ).toEqual([
      { author_id: editor.id, body: 'Called them.' },
      { author_id: 1, body: 'Second' },
    ]);
  });
});

describe('the inbox: filters, counts and the CSV', () => {
  const tag = `flt${Date.now()}`;
  const ids: number[] = [];
  beforeAll(async () => {
    // Four requests over three days: one open and mine, one closed, two new.
    for (const [i, day] of ['2024-05-01', '2024-05-02', '2024-05-02', '2024-05-03'].entries()) {
      const { id } = await request({
        name: i === 3 ? '=HYPERLINK("http://evil")' : `Filter ${i}`,
        email: `f${i}@${tag}.test`,
        phone: i === 0 ? '+1 555 0100' : null,
        subject: `Subject ${tag}`,
      });
      ids.push(id);
      await q(`update inquiries set created_at = $1::date + time '12:00' where id = $2`, [day, id]);
    }
    await ctx
      .as(editor.token)
      .ok('PATCH', `/api/inquiries/${ids[0]}`, { status: 'open', owner_id: editor.id });
    await ctx.admin.ok('PATCH', `/api/inquiries/${ids[1]}`, { status: 'closed', close_reason: 'duplicate' });
  });
  const list = (query: string, token = ctx.adminToken) =>
    ctx.as(token).get(`/api/inquiries?q=${tag}&${query}`);
  const names = async (query: string, token?: string) =>
    (await list(query, token)).json().data.map((i: { name: string }) => i.name);

  it('filters by status, owner and days, and counts per status over the other filters', async () => {
    const all = (await list('')).json();
    expect(all.counts).toEqual({ new: 2, open: 1, quoted: 0, accepted: 0, declined: 0, closed: 1 });
    expect(all.data[3]).toMatchObject({ status: 'open', owner: { id: editor.id, name: editor.name } });
    const open = (await list('status=new')).json();
    expect(open.data).toHaveLength(2);
    // The counts ignore the status filter itself, so the tabs keep their numbers.
    expect(open.counts).toEqual(all.counts);
    expect(await names('owner=me', editor.token)).toEqual(['Filter 0']);
    expect(await names('owner=me')).toEqual([]);
    expect(await names(`owner=${editor.id}`)).toEqual(['Filter 0']);
    expect((await names('owner=nobody')).length).toBe(3);
    expect(await names('from=2024-05-02&to=2024-05-02&sortBy=name&order=asc')).toEqual([
      'Filter 1',
      'Filter 2',
    ]);
    const day = (await list('from=2024-05-02&to=2024-05-02')).json();
    expect(day.counts).toMatchObject({ new: 1, closed: 1, open: 0 });
    expect(day.meta.total).toBe(2);
    const none = (await list('status=accepted')).json();
    expect(none.data).toEqual([]);
    expect(none.counts.new).toBe(2);
    for (const bad of [
      'status=lost',
      'owner=someone',
      'owner=2147483648',
      'from=2024-5-1',
      'to=2024-02-30',
    ]) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toMatch(/^(Status must be one of|owner must be|Dates are YYYY-MM-DD)/);
    }
    expect((await ctx.admin.get('/api/inquiries/export.csv?from=2024-13-01')).statusCode).toBe(400);
  });

  it('exports the same matches as CSV, formula-like cells defused', async () => {
    const res = await ctx.admin.get(`/api/inquiries/export.csv?q=${tag}&sortBy=created_at&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inquiries-.*\.csv"$/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'reference,created_at,status,owner,name,email,phone,company,subject,lines,basket_value,close_reason,message,products',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      `${inquiryReference(ids[0])},2024-05-01T12:00:00.000Z,open,Desk Editor,Filter 0,f0@${tag}.test,'+1 555 0100,,Subject ${tag},0,0.00,,Ten.,`,
    );
    expect(lines[2]).toContain(',closed,,Filter 1,');
    expect(lines[2].endsWith(',duplicate,Ten.,')).toBe(true);
    expect(lines[4]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    const filtered = await ctx.admin.get(`/api/inquiries/export.csv?q=${tag}&status=closed`);
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
  });
});
