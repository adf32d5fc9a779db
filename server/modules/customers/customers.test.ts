import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT } from '#domain/customers';
import { userWithRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';
import { until } from '../../test/until';

/** Customers and companies: linking, counters, lists, edits, merge and its restore, exports. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '100000', QUOTE_PAGE_RATE_MAX: '100000' });
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const tag = () => randomBytes(4).toString('hex');

/** A visitor's request; its id and reference. */
async function ask(fields: { email: string; name?: string; company?: string; phone?: string }) {
  const res = await ctx
    .as()
    .post(
      '/api/inquiries',
      { name: 'Some Buyer', subject: 'A quote', message: 'Please.', ...fields },
      { remoteAddress: address() },
    );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; reference: string };
}

/** A buyer's one-time sign-in link, asked for through the portal and read from the outbox. */
async function signInLink(email: string) {
  const [{ id: before }] = await q<{ id: number }>('select coalesce(max(id), 0)::int as id from outbox');
  const res = await ctx.as().post('/api/account/login-link', { email }, { remoteAddress: address() });
  expect(res.statusCode, res.body).toBe(202);
  const [row] = await until(
    () =>
      q<{ text_body: string }>(
        "select text_body from outbox where kind = 'account_login' and lower(to_address) = lower($1) and id > $2",
        [email, before],
      ).then((rows) => (rows.length ? rows : undefined)),
    { what: `a sign-in e-mail to ${email}` },
  );
  const token = /account\/login\?token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1];
  expect(token, row.text_body).toBeDefined();
  return token as string;
}

/** The buyer session a sign-in link opens. */
async function buyerSession(link: string) {
  const res = await ctx.as().post('/api/account/session', { token: link });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const customerOf = async (inquiryId: number) =>
  (await q<{ customer_id: number }>('select customer_id from inquiries where id = $1', [inquiryId]))[0]
    .customer_id;

/** A request with a sent quote accepted by the customer: the request, and its order's id. */
async function accepted(email: string, company?: string) {
  const sent = await sentQuote(ctx, {
    inquiry: { email, name: 'Acc Buyer', ...(company ? { company } : {}) },
    remoteAddress: address(),
  });
  const res = await ctx
    .as()
    .post(`/api/public/quotes/${sent.token}/accept`, { name: 'Acc Buyer' }, { remoteAddress: address() });
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await q<{ id: number }>('select id from orders where quote_id = $1', [sent.id]);
  return { inquiry: sent.inquiry, quoteId: sent.id, orderId: order.id };
}

describe('linking requests to customers', () => {
  it('joins requests by e-mail whatever its case; a company is made once per name, whatever its case', async () => {
    const t = tag();
    const a = await ask({ email: `Lin.${t}@Example.com`, company: `Linkco ${t}`, phone: '555-1' });
    const b = await ask({ email: `lin.${t}@example.COM`, company: `  linkco ${t.toUpperCase()} ` });
    const id = await customerOf(a.id);
    expect(await customerOf(b.id)).toBe(id);
    const c = (await ctx.admin.get(`/api/customers/${id}`)).json();
    expect(c).toMatchObject({ request_count: 2, phone: '555-1', company: { name: `Linkco ${t}` } });
    expect(c.requests.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    // Another address naming the same company is not joined to it (anyone can type a name: staff
    // link people to a company), nor is a second company of that name made.
    const other = await ask({ email: `other.${t}@example.com`, company: `LINKCO ${t}` });
    const o = (await ctx.admin.get(`/api/customers/${await customerOf(other.id)}`)).json();
    expect(o.company).toBeNull();
    expect(await q('select company from inquiries where id = $1', [other.id])).toEqual([
      { company: `LINKCO ${t}` },
    ]);
    expect(await q('select id from companies where lower(name) = lower($1)', [`Linkco ${t}`])).toEqual([
      { id: c.company.id },
    ]);
  });

  it('keeps the counters as orders are made and cancelled', async () => {
    const email = `count.${tag()}@example.com`;
    const first = await accepted(email);
    const second = await accepted(email);
    const id = await customerOf(first.inquiry.id);
    const c = (await ctx.admin.get(`/api/customers/${id}`)).json();
    // Each sentQuote line is 2 × 10.
    expect(c).toMatchObject({ request_count: 2, order_count: 2, accepted_value: 40 });
    expect(c.orders).toHaveLength(2);
    expect(c.quotes.map((x: { id: number }) => x.id).sort()).toEqual([first.quoteId, second.quoteId].sort());
    expect(c.quotes[0]).toMatchObject({ total: 20, status: 'accepted', version: 1 });
    const res = await ctx.admin.patch(`/api/orders/${second.orderId}`, {
      status: 'cancelled',
      cancel_reason: 'No',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await ctx.admin.get(`/api/customers/${id}`)).json();
    expect(after).toMatchObject({ order_count: 1, accepted_value: 20 });
  });

  it('tells the desk the customer’s earlier requests and accepted orders', async () => {
    const email = `desk.${tag()}@example.com`;
    await accepted(email, `Deskco ${tag()}`);
    await ask({ email });
    const third = await ask({ email });
    const detail = (await ctx.admin.get(`/api/inquiries/${third.id}`)).json();
    expect(detail.customer).toMatchObject({ email, earlier_requests: 2, accepted: 1 });
    expect(detail.customer.company).toMatchObject({ id: expect.any(Number) });
    expect(detail.subject).toBe('A quote');
  });
});

describe('the backfill', () => {
  it('links existing requests and orders as the migration does', async () => {
    const t = tag();
    const a = await ask({ email: `back.${t}@example.com`, company: `Backco ${t}` });
    const b = await ask({ email: `BACK.${t}@example.com` });
    // As before the migration: no customer, no company.
    await q('update inquiries set customer_id = null where id = any($1)', [[a.id, b.id]]);
    await q('delete from customers where lower(email) = lower($1)', [`back.${t}@example.com`]);
    await q('delete from companies where name = $1', [`Backco ${t}`]);
    const sql = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../../db/migrations/0042_customers.sql', import.meta.url), 'utf8'),
    );
    const backfill = sql
      .slice(sql.indexOf("SET LOCAL stockroom.history = 'off';"), sql.indexOf('-- The built-in roles gain'))
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean)
      // Only the rows this test unlinked: the others have their customer already.
      .map((s) =>
        s
          .replace('FROM inquiries\n', 'FROM inquiries WHERE customer_id IS NULL AND\n')
          .replace("WHERE coalesce(btrim(company), '') <> ''", "coalesce(btrim(company), '') <> ''")
          .replace('FROM inquiries i ORDER BY', 'FROM inquiries i WHERE i.customer_id IS NULL ORDER BY'),
      );
    for (const statement of backfill) await q(statement);
    const id = await customerOf(a.id);
    expect(id).not.toBeNull();
    expect(await customerOf(b.id)).toBe(id);
    const c = (await ctx.admin.get(`/api/customers/${id}`)).json();
    expect(c).toMatchObject({ request_count: 2, company: { name: `Backco ${t}` } });
  });
});

describe('the lists', () => {
  it('search by name, e-mail, phone and company; filter by company; sort; page', async () => {
    const t = tag();
    const x = await ask({ email: `zed.${t}@example.com`, name: `Zed ${t}`, company: `Searchco ${t}` });
    await ask({ email: `zed.${t}@example.com` });
    const y = await ask({
      email: `amy.${t}@example.com`,
      name: `Amy ${t}`,
      phone: `+44 ${t}`,
      company: `Searchco ${t}`,
    });
    // Amy's request named Zed's company; staff link her to it.
    const searchco = (await ctx.admin.get(`/api/customers/${await customerOf(x.id)}`)).json().company.id;
    const linked = await ctx.admin.patch(`/api/customers/${await customerOf(y.id)}`, {
      company_id: searchco,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const list = (path: string) => ctx.admin.get(path).then((r) => r.json());
    expect((await list(`/api/customers?q=${t}`)).meta.total).toBe(2);
    expect((await list(`/api/customers?q=zed.${t}`)).data.map((c: { id: number }) => c.id)).toEqual([
      await customerOf(x.id),
    ]);
    expect((await list(`/api/customers?q=${encodeURIComponent(`+44 ${t}`)}`)).data).toHaveLength(1);
    const byCompany = await list(`/api/customers?q=${encodeURIComponent(`Searchco ${t}`)}`);
    expect(byCompany.meta.total).toBe(2);
    const companyId = byCompany.data[0].company.id;
    const named = await list(`/api/customers?company_id=${companyId}&sortBy=name&sortOrder=asc`);
    expect(named.data.map((c: { name: string }) => c.name)).toEqual([`Amy ${t}`, `Zed ${t}`]);
    const counted = await list(`/api/customers?company_id=${companyId}&sortBy=request_count&sortOrder=desc`);
    expect(counted.data.map((c: { name: string }) => c.name)).toEqual([`Zed ${t}`, `Amy ${t}`]);
    const paged = await list(
      `/api/customers?company_id=${companyId}&sortBy=name&sortOrder=asc&limit=1&page=2`,
    );
    expect(paged).toMatchObject({ meta: { total: 2, page: 2, limit: 1 }, data: [{ name: `Zed ${t}` }] });
    const latest = await list(`/api/customers?q=${t}`);
    expect(latest.data[0].id).toBe(await customerOf(y.id));
    expect(latest.data[0]).toEqual({
      id: expect.any(Number),
      name: `Amy ${t}`,
      email: `amy.${t}@example.com`,
      phone: `+44 ${t}`,
      company: { id: companyId, name: `Searchco ${t}` },
      sees_company: false,
      request_count: 1,
      order_count: 0,
      accepted_value: 0,
      last_request_at: expect.any(String),
      created_at: expect.any(String),
    });
    const companies = await list(`/api/companies?q=Searchco ${t}`);
    expect(companies.meta.total).toBe(1);
    expect(companies.data[0]).toMatchObject({ id: companyId, customer_count: 2, request_count: 3 });
    for (const sortBy of ['name', 'accepted_value', 'customer_count', 'request_count', 'last_request_at'])
      expect((await ctx.admin.get(`/api/companies?sortBy=${sortBy}&sortOrder=desc`)).statusCode).toBe(200);
    const company = (await ctx.admin.get(`/api/companies/${companyId}`)).json();
    expect(company.people.map((p: { name: string }) => p.name)).toEqual([`Amy ${t}`, `Zed ${t}`]);
    expect(company.requests).toHaveLength(3);
    expect(company.requests[0].customer).toEqual({ id: await customerOf(y.id), name: `Amy ${t}` });
  });

  it('has an index for each sort, in its tie-break order', async () => {
    const sorts: [string, string][] = [
      ['last_request_at desc, id desc', 'customers_last_request_idx'],
      ['request_count desc, id desc', 'customers_request_count_idx'],
      ['accepted_value asc, id asc', 'customers_accepted_value_idx'],
      ['lower(name) asc, id asc', 'customers_name_idx'],
    ];
    for (const [order, index] of sorts) {
      // A few rows are read faster in full and sorted; the question is whether an index serves the order.
      const plan =
        await ctx.database.pool.query(`begin; set local enable_seqscan = off; set local enable_bitmapscan = off; set local enable_sort = off;
        explain (format json) select id from customers where merged_into_id is null order by ${order} limit 15;`);
      await ctx.database.pool.query('commit');
      const rows = (Array.isArray(plan) ? plan.at(-1) : plan).rows;
      expect(JSON.stringify(rows[0]['QUERY PLAN']), order).toContain(index);
    }
  });

  it('refuses bad queries with 400', async () => {
    for (const query of ['sortBy=nope', 'company_id=abc', 'limit=0', 'sortOrder=up', 'foo=1'])
      expect((await ctx.admin.get(`/api/customers?${query}`)).statusCode, query).toBe(400);
    expect((await ctx.admin.get('/api/companies?sortBy=email')).statusCode).toBe(400);
    expect((await ctx.admin.get('/api/customers/999999')).statusCode).toBe(404);
    expect((await ctx.admin.get('/api/companies/999999')).statusCode).toBe(404);
  });

  it('streams both as CSV with the list’s filters', async () => {
    const t = tag();
    await ask({ email: `csv.${t}@example.com`, name: `Csv ${t}`, company: `=Csvco ${t}` });
    const res = await ctx.admin.get(`/api/customers/export.csv?q=csv.${t}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,name,email,phone,company,sees_company,request_count,order_count,accepted_value,last_request_at,created_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=Csvco ${t}`);
    const companies = await ctx.admin.get(`/api/companies/export.csv?q=Csvco ${t}&sortBy=accepted_value`);
    expect(companies.statusCode, companies.body).toBe(200);
    expect(companies.body.trim().split('\n')).toHaveLength(2);
  });
});

describe('editing', () => {
  it('changes a customer’s fields, and refuses bad ones with a clear 4xx', async () => {
    const t = tag();
    const a = await ask({ email: `ed.${t}@example.com` });
    const b = await ask({ email: `taken.${t}@example.com`, company: `Edco ${t}` });
    const id = await customerOf(a.id);
    const companyId = (await ctx.admin.get(`/api/customers/${await customerOf(b.id)}`)).json().company.id;
    const res = await ctx.admin.patch(`/api/customers/${id}`, {
      name: 'New Name',
      phone: '  +1 234  ',
      company_id: companyId,
      sees_company: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      phone: '+1 234',
      company: { id: companyId },
      sees_company: true,
    });
    const cleared = await ctx.admin.patch(`/api/customers/${id}`, { company_id: null, phone: '' });
    expect(cleared.json()).toMatchObject({ company: null, phone: null });
    const taken = await ctx.admin.patch(`/api/customers/${id}`, { email: `TAKEN.${t}@example.com` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(CUSTOMER_TEXT.emailTaken);
    for (const body of [
      {},
      { name: '' },
      { email: 'nope' },
      { sees_company: 'yes' },
      { role: 'x' },
      { name: 'a\nb' },
    ])
      expect((await ctx.admin.patch(`/api/customers/${id}`, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    expect((await ctx.admin.patch(`/api/customers/${id}`, { company_id: 99999999 })).statusCode).toBe(404);
    expect((await ctx.admin.patch('/api/customers/99999999', { name: 'X' })).statusCode).toBe(404);
    // The edit is in the history with who made it.
    const [entry] = await q<{ actor_id: number; action: string }>(
      "select actor_id, action from change_log where entity_type = 'customer' and entity_id = $1 order by id desc limit 1",
      [id],
    );
    expect(entry.action).toBe('update');
    expect(entry.actor_id).not.toBeNull();
  });

  it('brings back a customer’s and a company’s earlier fields from the history', async () => {
    const t = tag();
    const a = await ask({ email: `undo.${t}@example.com`, name: 'First Name', company: `Undoco ${t}` });
    const id = await customerOf(a.id);
    const before = (await ctx.admin.get(`/api/customers/${id}`)).json();
    await ctx.admin.patch(`/api/customers/${id}`, {
      name: 'Second Name',
      company_id: null,
      sees_company: true,
    });
    const entryOf = async (type: string, entityId: number) =>
      (
        await q<{ id: string }>(
          'select id from change_log where entity_type = $1 and entity_id = $2 order by id desc limit 1',
          [type, entityId],
        )
      )[0].id;
    const res = await ctx.admin.post(`/api/history/${await entryOf('customer', id)}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.admin.get(`/api/customers/${id}`)).json()).toMatchObject({
      name: 'First Name',
      company: before.company,
      sees_company: false,
    });
    // An e-mail another customer holds now is left as it is, and said so.
    await ctx.admin.patch(`/api/customers/${id}`, { email: `undo2.${t}@example.com` });
    await ask({ email: `undo.${t}@example.com` });
    const skipped = await ctx.admin.post(`/api/history/${await entryOf('customer', id)}/restore`);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().skipped).toEqual([{ field: 'email', message: CUSTOMER_TEXT.emailTaken }]);
    const companyId = before.company.id;
    await ctx.admin.patch(`/api/companies/${companyId}`, { name: `Renamed ${t}` });
    const back = await ctx.admin.post(`/api/history/${await entryOf('company', companyId)}/restore`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await ctx.admin.get(`/api/companies/${companyId}`)).json().name).toBe(`Undoco ${t}`);
  });

  it('changes a company, refusing another’s name', async () => {
    const t = tag();
    const a = await ask({ email: `co1.${t}@example.com`, company: `Firstco ${t}` });
    await ask({ email: `co2.${t}@example.com`, company: `Secondco ${t}` });
    const companyId = (await ctx.admin.get(`/api/customers/${await customerOf(a.id)}`)).json().company.id;
    const res = await ctx.admin.patch(`/api/companies/${companyId}`, {
      website: 'https://first.example',
      address: '1 Road\nTown',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ website: 'https://first.example', address: '1 Road\nTown' });
    const taken = await ctx.admin.patch(`/api/companies/${companyId}`, { name: ` secondco ${t} ` });
    expect(taken.statusCode).toBe(409);
    expect((await ctx.admin.patch(`/api/companies/${companyId}`, {})).statusCode).toBe(400);
    expect((await ctx.admin.patch(`/api/companies/${companyId}`, { name: '  ' })).statusCode).toBe(400);
  });

  it('adds notes to customers and companies', async () => {
    const t = tag();
    const a = await ask({ email: `note.${t}@example.com`, company: `Noteco ${t}` });
    const id = await customerOf(a.id);
    const res = await ctx.admin.post(`/api/customers/${id}/notes`, { body: 'Prefers phone' });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await ctx.admin.get(`/api/customers/${id}`)).json();
    expect(detail.notes).toEqual([
      expect.objectContaining({ body: 'Prefers phone', author: expect.any(Object) }),
    ]);
    // The answer is the note as the detail reads it.
    expect(res.json()).toEqual(detail.notes[0]);
    const companyRes = await ctx.admin.post(`/api/companies/${detail.company.id}/notes`, {
      body: 'Big account',
    });
    expect(companyRes.statusCode).toBe(201);
    expect((await ctx.admin.get(`/api/companies/${detail.company.id}`)).json().notes[0]).toEqual(
      companyRes.json(),
    );
    const noCustomer = await ctx.admin.post('/api/customers/99999999/notes', { body: 'x' });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().error).toBe(CUSTOMER_TEXT.notFound);
    const noCompany = await ctx.admin.post('/api/companies/99999999/notes', { body: 'x' });
    expect(noCompany.statusCode).toBe(404);
    expect(noCompany.json().error).toBe(CUSTOMER_TEXT.companyNotFound);
    // A note made with an API token has no person for an author.
    const made = await ctx.admin.post('/api/api-tokens', { name: `Notes ${t}`, role: 'admin' });
    expect(made.statusCode, made.body).toBe(201);
    const byToken = await ctx.as(made.json().secret).post(`/api/customers/${id}/notes`, { body: 'Synced' });
    expect(byToken.statusCode, byToken.body).toBe(201);
    expect(byToken.json()).toMatchObject({ body: 'Synced', author: null });
    expect((await ctx.admin.get(`/api/customers/${id}`)).json().notes[0]).toEqual(byToken.json());
    expect((await ctx.admin.post(`/api/customers/${id}/notes`, { body: '' })).statusCode).toBe(400);
  });
});

describe('merging', () => {
  it('moves requests, orders and notes, fills the survivor, and is undone by restoring it from the history', async () => {
    const t = tag();
    const old = await accepted(`old.${t}@example.com`, `Mergeco ${t}`);
    const oldMore = await ask({ email: `old.${t}@example.com` });
    const survivorReq = await ask({ email: `new.${t}@example.com`, name: 'Survivor' });
    const source = await customerOf(old.inquiry.id);
    expect((await ctx.admin.patch(`/api/customers/${source}`, { phone: '777' })).statusCode).toBe(200);
    const into = await customerOf(survivorReq.id);
    const note = await ctx.admin.post(`/api/customers/${source}/notes`, { body: 'Call before noon' });
    expect(note.statusCode, note.body).toBe(201);

    const res = await ctx.admin.post(`/api/customers/${source}/merge`, { into_id: into });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({
      id: into,
      request_count: 3,
      order_count: 1,
      accepted_value: 20,
      phone: '777',
      company: { name: `Mergeco ${t}` },
    });
    expect(merged.quotes.map((x: { id: number }) => x.id)).toContain(old.quoteId);
    expect(merged.orders.map((x: { id: number }) => x.id)).toEqual([old.orderId]);
    expect(merged.notes.map((n: { body: string }) => n.body)).toEqual(['Call before noon']);
    const gone = (await ctx.admin.get(`/api/customers/${source}`)).json();
    expect(gone).toMatchObject({ merged_into_id: into, request_count: 0, order_count: 0 });
    const list = (await ctx.admin.get(`/api/customers?q=${t}`)).json();
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([into]);
    // The merged e-mail leads to the survivor from now on.
    const later = await ask({ email: `OLD.${t}@example.com` });
    expect(await customerOf(later.id)).toBe(into);

    // Recorded as a merge, with who did it.
    const [entry] = await q<{ id: string; actor_id: number | null; action: string }>(
      "select id, actor_id, action from change_log where entity_type = 'customer' and entity_id = $1 order by id desc limit 1",
      [source],
    );
    expect(entry).toMatchObject({ action: 'merge', actor_id: expect.any(Number) });
    const history = (await ctx.admin.get(`/api/history?entity_type=customer&entity_id=${source}`)).json();
    expect(history.data[0]).toMatchObject({ action: 'merge', entity_type: 'customer' });

    const preview = await ctx.admin.get(`/api/history/${entry.id}/restore-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const restored = await ctx.admin.post(`/api/history/${entry.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      action: 'restore',
      entity_type: 'customer',
      entity_id: source,
    });
    const back = (await ctx.admin.get(`/api/customers/${source}`)).json();
    expect(back).toMatchObject({ merged_into_id: null, request_count: 2, order_count: 1 });
    expect(back.requests.map((r: { id: number }) => r.id).sort()).toEqual(
      [old.inquiry.id, oldMore.id].sort(),
    );
    expect(back.orders.map((o: { id: number }) => o.id)).toEqual([old.orderId]);
    expect(back.notes.map((n: { body: string }) => n.body)).toEqual(['Call before noon']);
    const survivor = (await ctx.admin.get(`/api/customers/${into}`)).json();
    expect(survivor.notes).toEqual([]);
    // The request made after the merge stays where it was made; what the merge filled is cleared.
    expect(survivor).toMatchObject({ request_count: 2, order_count: 0, phone: null, company: null });
    // Once undone, restoring it again changes nothing.
    expect((await ctx.admin.post(`/api/history/${entry.id}/restore`)).statusCode).toBe(409);
  });

  it('moves the portal’s sign-in links, sessions and company grant, and undoing puts them back', async () => {
    const t = tag();
    const oldEmail = `grant.${t}@example.com`;
    const newEmail = `kept.${t}@example.com`;
    const old = await accepted(oldEmail, `Grantco ${t}`);
    const source = await customerOf(old.inquiry.id);
    const into = await customerOf((await ask({ email: newEmail, name: 'Kept' })).id);
    const colleague = await customerOf(
      (await ask({ email: `col.${t}@example.com`, company: `Grantco ${t}` })).id,
    );
    // The colleague's request named the company; staff link them to it.
    const grantco = (await ctx.admin.get(`/api/customers/${source}`)).json().company.id;
    const linked = await ctx.admin.patch(`/api/customers/${colleague}`, { company_id: grantco });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await ctx.admin.patch(`/api/customers/${source}`, { sees_company: true })).statusCode).toBe(200);
    const unused = await signInLink(oldEmail);
    const before = await buyerSession(await signInLink(oldEmail));
    const rowsOf = async () => ({
      links: await q<{ customer_id: number }>(
        'select customer_id from account_links where customer_id in ($1, $2) order by id',
        [source, into],
      ),
      sessions: await q<{ customer_id: number }>(
        'select customer_id from account_sessions where customer_id in ($1, $2) order by id',
        [source, into],
      ),
    });
    expect(await rowsOf()).toEqual({
      links: [{ customer_id: source }, { customer_id: source }],
      sessions: [{ customer_id: source }],
    });

    const res = await ctx.admin.post(`/api/customers/${source}/merge`, { into_id: into });
    expect(res.statusCode, res.body).toBe(200);
    // Every row that named the merged customer names the survivor now.
    expect(await rowsOf()).toEqual({
      links: [{ customer_id: into }, { customer_id: into }],
      sessions: [{ customer_id: into }],
    });
    // The survivor took the source's company, and with it the right to see the company's rows.
    expect(res.json()).toMatchObject({ company: { name: `Grantco ${t}` }, sees_company: true });
    const me = await ctx.as(before).get('/api/account');
    expect(me.json()).toMatchObject({ email: newEmail, sees_company: true });
    const quotes = (await ctx.as(before).get('/api/account/quotes')).json();
    expect(quotes.data.map((x: { id: number }) => x.id)).toContain(old.quoteId);
    const seen = (await ctx.as(before).get('/api/account/requests')).json();
    expect(seen.meta.total).toBe(3); // the source's, the survivor's and the colleague's
    // A link e-mailed before the merge opens a session during it: the survivor's.
    const during = await buyerSession(unused);
    expect((await ctx.as(during).get('/api/account')).json().email).toBe(newEmail);

    const [entry] = await q<{ id: string }>(
      "select id from change_log where entity_type = 'customer' and entity_id = $1 and action = 'merge'",
      [source],
    );
    const undone = await ctx.admin.post(`/api/history/${entry.id}/restore`);
    expect(undone.statusCode, undone.body).toBe(200);
    // The links and the session the merge moved are the source's again.
    expect((await ctx.as(before).get('/api/account')).json()).toMatchObject({
      email: oldEmail,
      sees_company: true,
    });
    expect(await q('select 1 from account_links where customer_id = $1', [source])).toHaveLength(2);
    // Who started a session while the two were one cannot be told: it is ended, not handed to either.
    expect((await ctx.as(during).get('/api/account')).statusCode).toBe(401);
    const survivor = (await ctx.admin.get(`/api/customers/${into}`)).json();
    expect(survivor).toMatchObject({ company: null, sees_company: false });
    expect(colleague).not.toBe(into);
  });

  it('hands on no company grant when the survivor is in another company', async () => {
    const t = tag();
    const source = await customerOf((await ask({ email: `g1.${t}@example.com`, company: `One ${t}` })).id);
    const into = await customerOf((await ask({ email: `g2.${t}@example.com`, company: `Two ${t}` })).id);
    expect((await ctx.admin.patch(`/api/customers/${source}`, { sees_company: true })).statusCode).toBe(200);
    const res = await ctx.admin.post(`/api/customers/${source}/merge`, { into_id: into });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company: { name: `Two ${t}` }, sees_company: false });
  });

  // PostgreSQL only: the embedded database has one connection, so nothing runs beside a merge.
  it.skipIf(process.env.TEST_DB !== 'pg')(
    'makes a request that arrives during a merge wait, then join the survivor',
    async () => {
      const t = tag();
      const source = await customerOf((await ask({ email: `race.${t}@example.com` })).id);
      const into = await customerOf((await ask({ email: `racer.${t}@example.com` })).id);
      const merging = await ctx.database.pool.connect();
      try {
        await merging.query('begin');
        await merging.query('select id from customers where id in ($1, $2) order by id for update', [
          source,
          into,
        ]);
        await merging.query('update customers set merged_into_id = $2 where id = $1', [source, into]);
        const arriving = ask({ email: `race.${t}@example.com` });
        await new Promise((r) => setTimeout(r, 200));
        await merging.query('commit');
        expect(await customerOf((await arriving).id)).toBe(into);
      } finally {
        merging.release();
      }
    },
  );

  it('refuses a self-merge (400), an unknown customer (404) and a merged one (409)', async () => {
    const t = tag();
    const a = await customerOf((await ask({ email: `ma.${t}@example.com` })).id);
    const b = await customerOf((await ask({ email: `mb.${t}@example.com` })).id);
    const c = await customerOf((await ask({ email: `mc.${t}@example.com` })).id);
    const merge = (from: number, body: object) => ctx.admin.post(`/api/customers/${from}/merge`, body);
    expect((await merge(a, { into_id: a })).statusCode).toBe(400);
    expect((await merge(a, { into_id: 'x' })).statusCode).toBe(400);
    expect((await merge(a, {})).statusCode).toBe(400);
    expect((await merge(a, { into_id: 99999999 })).statusCode).toBe(404);
    expect((await merge(99999999, { into_id: a })).statusCode).toBe(404);
    expect((await merge(a, { into_id: b })).statusCode).toBe(200);
    expect((await merge(a, { into_id: c })).statusCode).toBe(409);
    expect((await merge(c, { into_id: a })).statusCode).toBe(409);
  });
});

describe('merging and deleting companies', () => {
  it('moves a company’s people, their requests and orders, and notes into another, and deletes it', async () => {
    const t = tag();
    const old = await accepted(`cm1.${t}@example.com`, `Oldco ${t}`);
    const oldMore = await ask({ email: `cm2.${t}@example.com`, company: `OLDCO ${t}` });
    const kept = await ask({ email: `cm3.${t}@example.com`, company: `Keptco ${t}` });
    const [source] = await q<{ company_id: number }>('select company_id from customers where id = $1', [
      await customerOf(old.inquiry.id),
    ]);
    const [into] = await q<{ company_id: number }>('select company_id from customers where id = $1', [
      await customerOf(kept.id),
    ]);
    const from = source.company_id;
    const to = into.company_id;
    // The second request named Oldco; staff link its sender to it.
    const linked = await ctx.admin.patch(`/api/customers/${await customerOf(oldMore.id)}`, {
      company_id: from,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      (await ctx.admin.patch(`/api/companies/${from}`, { website: 'https://oldco.example' })).statusCode,
    ).toBe(200);
    expect((await ctx.admin.post(`/api/companies/${from}/notes`, { body: 'Net 30' })).statusCode).toBe(201);

    const res = await ctx.admin.post(`/api/companies/${from}/merge`, { into_id: to });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({
      id: to,
      name: `Keptco ${t}`,
      website: 'https://oldco.example',
      customer_count: 3,
      request_count: 3,
      order_count: 1,
      accepted_value: 20,
    });
    expect(merged.requests.map((r: { id: number }) => r.id).sort()).toEqual(
      [old.inquiry.id, oldMore.id, kept.id].sort(),
    );
    expect(merged.orders.map((o: { id: number }) => o.id)).toEqual([old.orderId]);
    expect(merged.notes.map((n: { body: string }) => n.body)).toEqual(['Net 30']);
    expect(await q('select 1 from companies where id = $1', [from])).toEqual([]);
    expect((await ctx.admin.get(`/api/companies/${from}`)).statusCode).toBe(404);
    // Recorded: the source's delete, the survivor as a merge naming it, each person's move as an update.
    const entries = await q<{ entity_type: string; entity_id: number; action: string; changes: object }>(
      `select entity_type, entity_id::int as entity_id, action, changes from change_log
        where tx = (select tx from change_log where entity_type = 'company' and entity_id = $1 order by id desc limit 1)
        order by id`,
      [from],
    );
    expect(entries.filter((e) => e.entity_type === 'company')).toMatchObject([
      { entity_id: from, action: 'delete', changes: { name: { before: `Oldco ${t}`, after: null } } },
      {
        entity_id: to,
        action: 'merge',
        changes: {
          website: { before: null, after: 'https://oldco.example' },
          merged_from: { before: null, after: `Oldco ${t}` },
        },
      },
    ]);
    expect(entries.filter((e) => e.entity_type === 'customer').map((e) => e.action)).toEqual([
      'update',
      'update',
    ]);
    // A company merge is not undone from the history: a clear 409, nothing changed.
    const [entry] = await q<{ id: string }>(
      "select id from change_log where entity_type = 'company' and entity_id = $1 and action = 'merge'",
      [to],
    );
    expect((await ctx.admin.post(`/api/history/${entry.id}/restore`)).statusCode).toBe(409);
  });

  it('refuses a self-merge (400) and an unknown company (404), changing nothing', async () => {
    const t = tag();
    const c = await customerOf((await ask({ email: `cx.${t}@example.com`, company: `Selfco ${t}` })).id);
    const [{ company_id: id }] = await q<{ company_id: number }>(
      'select company_id from customers where id = $1',
      [c],
    );
    const merge = (from: number, body: object) => ctx.admin.post(`/api/companies/${from}/merge`, body);
    const self = await merge(id, { into_id: id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(CUSTOMER_TEXT.companyMergeSelf);
    expect((await merge(id, { into_id: 'x' })).statusCode).toBe(400);
    expect((await merge(id, { into_id: 99999999 })).statusCode).toBe(404);
    expect((await merge(99999999, { into_id: id })).statusCode).toBe(404);
    expect((await ctx.admin.delete('/api/companies/99999999')).statusCode).toBe(404);
    expect((await ctx.admin.get(`/api/companies/${id}`)).json().customer_count).toBe(1);
  });

  it('deletes a company, leaving its people without one', async () => {
    const t = tag();
    const a = await accepted(`del.${t}@example.com`, `Delco ${t}`);
    const person = await customerOf(a.inquiry.id);
    const [{ company_id: id }] = await q<{ company_id: number }>(
      'select company_id from customers where id = $1',
      [person],
    );
    expect((await ctx.admin.post(`/api/companies/${id}/notes`, { body: 'Gone soon' })).statusCode).toBe(201);
    const res = await ctx.admin.delete(`/api/companies/${id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await ctx.admin.get(`/api/companies/${id}`)).statusCode).toBe(404);
    const left = (await ctx.admin.get(`/api/customers/${person}`)).json();
    expect(left).toMatchObject({ company: null, request_count: 1, order_count: 1 });
    // The order keeps the company name it was made with.
    const order = (await ctx.admin.get(`/api/orders/${a.orderId}`)).json();
    expect(order.customer_company).toBe(`Delco ${t}`);
    const [entry] = await q<{ action: string; actor_id: number | null }>(
      "select action, actor_id from change_log where entity_type = 'company' and entity_id = $1 order by id desc limit 1",
      [id],
    );
    expect(entry).toMatchObject({ action: 'delete', actor_id: expect.any(Number) });
  });

  it('needs customer.edit to merge or delete a company', async () => {
    const viewer = await userWithRole(ctx, 'viewer');
    const merge = await ctx.as(viewer.token).post('/api/companies/1/merge', { into_id: 2 });
    expect(merge.statusCode).toBe(403);
    expect(merge.json().permission).toBe('customer.edit');
    const del = await ctx.as(viewer.token).delete('/api/companies/1');
    expect(del.statusCode).toBe(403);
  });
});

describe('rights', () => {
  it('answers 403 naming customer.read to a role without it, and customer.edit to a viewer', async () => {
    await q(
      "insert into roles (key, name, permissions, built_in) values ('no-customers', 'No customers', ARRAY['catalogue.read']::text[], false) on conflict do nothing",
    );
    const { token } = await ctx.makeUser({
      name: 'Nc',
      email: `nc.${tag()}@example.com`,
      role: 'no-customers',
    });
    for (const path of ['/api/customers', '/api/companies', '/api/customers/1', '/api/companies/1']) {
      const res = await ctx.as(token).get(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().permission).toBe('customer.read');
    }
    const viewer = await userWithRole(ctx, 'viewer');
    expect((await ctx.as(viewer.token).get('/api/customers')).statusCode).toBe(200);
    const edit = await ctx.as(viewer.token).patch('/api/customers/1', { name: 'X' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().permission).toBe('customer.edit');
    // The viewer has no export.run.
    expect((await ctx.as(viewer.token).get('/api/customers/export.csv')).statusCode).toBe(403);
  });
});
