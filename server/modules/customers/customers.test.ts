import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT } from '#domain/customers';
import { createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';

/** Customers and companies: linking, counters, lists, edits, merge and its restore, exports. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '100000', QUOTE_PAGE_RATE_MAX: '100000' });
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const staff = () => ctx.as(ctx.adminToken);
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
  it('joins requests by e-mail whatever its case, and a company by name whatever its case', async () => {
    const t = tag();
    const a = await ask({ email: `Lin.${t}@Example.com`, company: `Linkco ${t}`, phone: '555-1' });
    const b = await ask({ email: `lin.${t}@example.COM`, company: `  linkco ${t.toUpperCase()} ` });
    const id = await customerOf(a.id);
    expect(await customerOf(b.id)).toBe(id);
    const c = (await staff().get(`/api/customers/${id}`)).json();
    expect(c).toMatchObject({ request_count: 2, phone: '555-1', company: { name: `Linkco ${t}` } });
    expect(c.requests.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    const other = await ask({ email: `other.${t}@example.com`, company: `LINKCO ${t}` });
    const o = (await staff().get(`/api/customers/${await customerOf(other.id)}`)).json();
    expect(o.company.id).toBe(c.company.id);
  });

  it('keeps the counters as orders are made and cancelled', async () => {
    const email = `count.${tag()}@example.com`;
    const first = await accepted(email);
    const second = await accepted(email);
    const id = await customerOf(first.inquiry.id);
    const c = (await staff().get(`/api/customers/${id}`)).json();
    // Each sentQuote line is 2 × 10.
    expect(c).toMatchObject({ request_count: 2, order_count: 2, accepted_value: '40.00' });
    expect(c.orders).toHaveLength(2);
    expect(c.quotes.map((x: { id: number }) => x.id).sort()).toEqual([first.quoteId, second.quoteId].sort());
    expect(c.quotes[0]).toMatchObject({ total: '20.00', status: 'accepted', version: 1 });
    const res = await staff().patch(`/api/orders/${second.orderId}`, {
      status: 'cancelled',
      cancel_reason: 'No',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await staff().get(`/api/customers/${id}`)).json();
    expect(after).toMatchObject({ order_count: 1, accepted_value: '20.00' });
  });

  it('tells the desk the customer’s earlier requests and accepted orders', async () => {
    const email = `desk.${tag()}@example.com`;
    await accepted(email, `Deskco ${tag()}`);
    await ask({ email });
    const third = await ask({ email });
    const detail = (await staff().get(`/api/inquiries/${third.id}`)).json();
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
    const c = (await staff().get(`/api/customers/${id}`)).json();
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
    const list = (path: string) =>
      staff()
        .get(path)
        .then((r) => r.json());
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
      accepted_value: '0.00',
      last_request_at: expect.any(String),
      created_at: expect.any(String),
    });
    const companies = await list(`/api/companies?q=Searchco ${t}`);
    expect(companies.meta.total).toBe(1);
    expect(companies.data[0]).toMatchObject({ id: companyId, customer_count: 2, request_count: 3 });
    for (const sortBy of ['name', 'accepted_value', 'customer_count', 'request_count', 'last_request_at'])
      expect((await staff().get(`/api/companies?sortBy=${sortBy}&sortOrder=desc`)).statusCode).toBe(200);
    const company = (await staff().get(`/api/companies/${companyId}`)).json();
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
      expect((await staff().get(`/api/customers?${query}`)).statusCode, query).toBe(400);
    expect((await staff().get('/api/companies?sortBy=email')).statusCode).toBe(400);
    expect((await staff().get('/api/customers/999999')).statusCode).toBe(404);
    expect((await staff().get('/api/companies/999999')).statusCode).toBe(404);
  });

  it('streams both as CSV with the list’s filters', async () => {
    const t = tag();
    await ask({ email: `csv.${t}@example.com`, name: `Csv ${t}`, company: `=Csvco ${t}` });
    const res = await staff().get(`/api/customers/export.csv?q=csv.${t}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,name,email,phone,company,sees_company,request_count,order_count,accepted_value,last_request_at,created_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=Csvco ${t}`);
    const companies = await staff().get(`/api/companies/export.csv?q=Csvco ${t}&sortBy=accepted_value`);
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
    const companyId = (await staff().get(`/api/customers/${await customerOf(b.id)}`)).json().company.id;
    const res = await staff().patch(`/api/customers/${id}`, {
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
    const cleared = await staff().patch(`/api/customers/${id}`, { company_id: null, phone: '' });
    expect(cleared.json()).toMatchObject({ company: null, phone: null });
    const taken = await staff().patch(`/api/customers/${id}`, { email: `TAKEN.${t}@example.com` });
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
      expect((await staff().patch(`/api/customers/${id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await staff().patch(`/api/customers/${id}`, { company_id: 99999999 })).statusCode).toBe(404);
    expect((await staff().patch('/api/customers/99999999', { name: 'X' })).statusCode).toBe(404);
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
    const before = (await staff().get(`/api/customers/${id}`)).json();
    await staff().patch(`/api/customers/${id}`, {
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
    const res = await staff().post(`/api/history/${await entryOf('customer', id)}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await staff().get(`/api/customers/${id}`)).json()).toMatchObject({
      name: 'First Name',
      company: before.company,
      sees_company: false,
    });
    // An e-mail another customer holds now is left as it is, and said so.
    await staff().patch(`/api/customers/${id}`, { email: `undo2.${t}@example.com` });
    await ask({ email: `undo.${t}@example.com` });
    const skipped = await staff().post(`/api/history/${await entryOf('customer', id)}/restore`);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().skipped).toEqual([{ field: 'email', message: CUSTOMER_TEXT.emailTaken }]);
    const companyId = before.company.id;
    await staff().patch(`/api/companies/${companyId}`, { name: `Renamed ${t}` });
    const back = await staff().post(`/api/history/${await entryOf('company', companyId)}/restore`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await staff().get(`/api/companies/${companyId}`)).json().name).toBe(`Undoco ${t}`);
  });

  it('changes a company, refusing another’s name', async () => {
    const t = tag();
    const a = await ask({ email: `co1.${t}@example.com`, company: `Firstco ${t}` });
    await ask({ email: `co2.${t}@example.com`, company: `Secondco ${t}` });
    const companyId = (await staff().get(`/api/customers/${await customerOf(a.id)}`)).json().company.id;
    const res = await staff().patch(`/api/companies/${companyId}`, {
      website: 'https://first.example',
      address: '1 Road\nTown',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ website: 'https://first.example', address: '1 Road\nTown' });
    const taken = await staff().patch(`/api/companies/${companyId}`, { name: ` secondco ${t} ` });
    expect(taken.statusCode).toBe(409);
    expect((await staff().patch(`/api/companies/${companyId}`, {})).statusCode).toBe(400);
    expect((await staff().patch(`/api/companies/${companyId}`, { name: '  ' })).statusCode).toBe(400);
  });

  it('adds notes to customers and companies', async () => {
    const t = tag();
    const a = await ask({ email: `note.${t}@example.com`, company: `Noteco ${t}` });
    const id = await customerOf(a.id);
    const res = await staff().post(`/api/customers/${id}/notes`, { body: 'Prefers phone' });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await staff().get(`/api/customers/${id}`)).json();
    expect(detail.notes).toEqual([
      expect.objectContaining({ body: 'Prefers phone', author: expect.any(Object) }),
    ]);
    // The answer is the note as the detail reads it.
    expect(res.json()).toEqual(detail.notes[0]);
    const companyRes = await staff().post(`/api/companies/${detail.company.id}/notes`, {
      body: 'Big account',
    });
    expect(companyRes.statusCode).toBe(201);
    expect((await staff().get(`/api/companies/${detail.company.id}`)).json().notes[0]).toEqual(
      companyRes.json(),
    );
    const noCustomer = await staff().post('/api/customers/99999999/notes', { body: 'x' });
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().error).toBe(CUSTOMER_TEXT.notFound);
    const noCompany = await staff().post('/api/companies/99999999/notes', { body: 'x' });
    expect(noCompany.statusCode).toBe(404);
    expect(noCompany.json().error).toBe(CUSTOMER_TEXT.companyNotFound);
    // A note made with an API token has no person for an author.
    const made = await staff().post('/api/api-tokens', { name: `Notes ${t}`, role: 'admin' });
    expect(made.statusCode, made.body).toBe(201);
    const byToken = await ctx.as(made.json().secret).post(`/api/customers/${id}/notes`, { body: 'Synced' });
    expect(byToken.statusCode, byToken.body).toBe(201);
    expect(byToken.json()).toMatchObject({ body: 'Synced', author: null });
    expect((await staff().get(`/api/customers/${id}`)).json().notes[0]).toEqual(byToken.json());
    expect((await staff().post(`/api/customers/${id}/notes`, { body: '' })).statusCode).toBe(400);
  });
});

describe('merging', () => {
  it('moves requests, orders and notes, fills the survivor, and is undone by restoring it from the history', async () => {
    const t = tag();
    const old = await accepted(`old.${t}@example.com`, `Mergeco ${t}`);
    const oldMore = await ask({ email: `old.${t}@example.com`, phone: '777' });
    const survivorReq = await ask({ email: `new.${t}@example.com`, name: 'Survivor' });
    const source = await customerOf(old.inquiry.id);
    const into = await customerOf(survivorReq.id);
    const note = await staff().post(`/api/customers/${source}/notes`, { body: 'Call before noon' });
    expect(note.statusCode, note.body).toBe(201);

    const res = await staff().post(`/api/customers/${source}/merge`, { into_id: into });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({
      id: into,
      request_count: 3,
      order_count: 1,
      accepted_value: '20.00',
      phone: '777',
      company: { name: `Mergeco ${t}` },
    });
    expect(merged.quotes.map((x: { id: number }) => x.id)).toContain(old.quoteId);
    expect(merged.orders.map((x: { id: number }) => x.id)).toEqual([old.orderId]);
    expect(merged.notes.map((n: { body: string }) => n.body)).toEqual(['Call before noon']);
    const gone = (await staff().get(`/api/customers/${source}`)).json();
    expect(gone).toMatchObject({ merged_into_id: into, request_count: 0, order_count: 0 });
    const list = (await staff().get(`/api/customers?q=${t}`)).json();
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
    const history = (await staff().get(`/api/history?entity_type=customer&entity_id=${source}`)).json();
    expect(history.data[0]).toMatchObject({ action: 'merge', entity_type: 'customer' });

    const preview = await staff().get(`/api/history/${entry.id}/restore-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const restored = await staff().post(`/api/history/${entry.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      action: 'restore',
      entity_type: 'customer',
      entity_id: source,
    });
    const back = (await staff().get(`/api/customers/${source}`)).json();
    expect(back).toMatchObject({ merged_into_id: null, request_count: 2, order_count: 1 });
    expect(back.requests.map((r: { id: number }) => r.id).sort()).toEqual(
      [old.inquiry.id, oldMore.id].sort(),
    );
    expect(back.orders.map((o: { id: number }) => o.id)).toEqual([old.orderId]);
    expect(back.notes.map((n: { body: string }) => n.body)).toEqual(['Call before noon']);
    const survivor = (await staff().get(`/api/customers/${into}`)).json();
    expect(survivor.notes).toEqual([]);
    // The request made after the merge stays where it was made; what the merge filled is cleared.
    expect(survivor).toMatchObject({ request_count: 2, order_count: 0, phone: null, company: null });
    // Once undone, restoring it again changes nothing.
    expect((await staff().post(`/api/history/${entry.id}/restore`)).statusCode).toBe(409);
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
    const merge = (from: number, body: object) => staff().post(`/api/customers/${from}/merge`, body);
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
    const viewer = await ctx.makeUser({ name: 'V', email: `v.${tag()}@example.com`, role: 'viewer' });
    expect((await ctx.as(viewer.token).get('/api/customers')).statusCode).toBe(200);
    const edit = await ctx.as(viewer.token).patch('/api/customers/1', { name: 'X' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().permission).toBe('customer.edit');
    // The viewer has no export.run.
    expect((await ctx.as(viewer.token).get('/api/customers/export.csv')).statusCode).toBe(403);
  });
});
