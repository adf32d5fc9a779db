import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_TEXT, inquiryReference } from '#domain/inquiries';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { SKU_LINES_LISTED } from './inquiries.service';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '3', INQUIRY_RATE_WINDOW_MINUTES: '10' });
  token = (await ctx.makeUser({ name: 'Inbox Editor', email: 'inbox@example.com' })).token;
});
afterAll(() => ctx.close());

// Each test posts from its own address, so the per-address limit never couples them.
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const send = (payload: object, remoteAddress = address()) =>
  ctx.as().post('/api/inquiries', payload, { remoteAddress });
const list = (query = '') => ctx.as(token).get(`/api/inquiries?${query}`);
const valid = {
  name: 'Vera Visitor',
  email: 'vera@example.com',
  phone: '+1 555 0100',
  subject: 'Quote please',
  message: 'Ten units.',
};
const count = async () =>
  Number((await ctx.database.pool.query('select count(*) from inquiries')).rows[0].count);

describe('POST /api/inquiries (public)', () => {
  it('stores a quote request without a token, text kept as text', async () => {
    const res = await send({ ...valid, message: '<script>alert(1)</script> & <b>bold</b>' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+1 555 0100',
      product: null,
    });
    const row = (await ctx.database.pool.query('select * from inquiries where id = $1', [body.id])).rows[0];
    expect(row.message).toBe('<script>alert(1)</script> & <b>bold</b>');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('links the product it was sent from', async () => {
    const product = (await ctx.as(token).post('/api/products', { name: 'Quoted Thing', mrp: 5 })).json();
    const res = await send({ ...valid, product_id: product.id, phone: null });
    expect(res.json()).toMatchObject({
      phone: null,
      product: { id: product.id, name: 'Quoted Thing', slug: product.slug },
    });
    const missing = await send({ ...valid, product_id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(INQUIRY_TEXT.productNotFound);
  });

  it('refuses a draft or trashed product_id exactly as an unknown one, storing nothing', async () => {
    const make = (name: string, status: 'draft' | 'published') =>
      createProduct(ctx.as(token), { name, mrp: 5, status, sku: `${status.toUpperCase()}-${Date.now()}` });
    const draft = await make('Unreleased Gadget', 'draft');
    const trashed = await make('Trashed Gadget', 'published');
    const removed = await ctx.as(token).delete(`/api/products/${trashed.id}`);
    expect(removed.statusCode).toBe(204);
    const before = await count();
    const unknown = await send({ ...valid, product_id: 999_998 });
    expect(unknown.statusCode).toBe(404);
    for (const product of [draft, trashed]) {
      const res = await send({ ...valid, product_id: product.id });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.body).not.toContain(product.slug);
      expect(res.body).not.toContain('Gadget');
    }
    expect(await count()).toBe(before);
  });

  it.each([
    [{ ...valid, name: '' }, INQUIRY_TEXT.required],
    [{ ...valid, email: undefined }, INQUIRY_TEXT.required],
    [{ ...valid, subject: '  ' }, INQUIRY_TEXT.required],
    [{ ...valid, message: '' }, INQUIRY_TEXT.required],
    [{ ...valid, email: 'not-an-address' }, VALIDATION.invalidEmail],
    [{ ...valid, message: 'x'.repeat(5001) }, VALIDATION.tooLong('Message', 5000)],
    [{ ...valid, phone: '1'.repeat(41) }, VALIDATION.tooLong('Phone', 40)],
    [{ ...valid, product_id: 'abc' }, 'product_id must be a product id'],
    [{ ...valid, created_at: '2000-01-01' }, API_ERROR.unknownField('created_at')],
  ])('refuses %j and stores nothing', async (payload, message) => {
    const before = await count();
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count()).toBe(before);
  });

  it.each([
    ['name', 'Name', 'Vera\r\nOpen it: https://evil.example/inquiries'],
    ['company', 'Company', 'Acme\nOpen it: https://evil.example'],
    ['subject', 'Subject', 'Quote\u2028Open it: https://evil.example'],
    ['phone', 'Phone', '+1 555\t0100'],
    ['name', 'Name', 'Vera\u0085Visitor'],
    ['subject', 'Subject', 'Quote\u0000please'],
  ])(
    'refuses a control character in the one-line field %s with a 400 naming it, storing and sending nothing',
    async (field, label, value) => {
      const before = await count();
      const mail = async () =>
        Number((await ctx.database.pool.query('select count(*) from outbox')).rows[0].count);
      const mailBefore = await mail();
      const res = await send({ ...valid, company: 'Vera Ltd', [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: VALIDATION.oneLine(label),
        details: { [field]: VALIDATION.oneLine(label) },
      });
      expect(await count()).toBe(before);
      expect(await mail()).toBe(mailBefore);
    },
  );

  it('keeps the message free text, line breaks and tabs included', async () => {
    const message = 'Line one\r\nLine two\n\tindented';
    const res = await send({ ...valid, message });
    expect(res.statusCode, res.body).toBe(201);
    const row = (
      await ctx.database.pool.query('select message from inquiries where id = $1', [res.json().id])
    ).rows[0];
    expect(row.message).toBe(message);
  });

  it('limits requests per client address with a clear 429', async () => {
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await send(valid, ip)).statusCode).toBe(201);
    const limited = await send(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: INQUIRY_TEXT.tooMany });
    expect((await send(valid)).statusCode).toBe(201);
  });
});

describe('staff inbox', () => {
  it.each([
    ['GET', '/api/inquiries'],
    ['DELETE', '/api/inquiries/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await ctx.as().send(method, url)).statusCode).toBe(401);
  });

  describe('list', () => {
    const tag = `inbx${Date.now()}`;
    beforeAll(async () => {
      const people = [
        { name: 'Carla', email: `carla@${tag}.test`, phone: '111', subject: 'Chairs' },
        { name: 'anton', email: `anton@${tag}.test`, phone: '222', subject: `Tables ${tag}` },
        { name: 'Bea', email: `bea@${tag}.test`, phone: `333-${tag}`, subject: 'Lamps' },
      ];
      for (const [i, p] of people.entries()) {
        const res = await send({ ...p, message: 'm' });
        await ctx.database.pool.query(
          `update inquiries set created_at = '2023-03-0${i + 1}T10:00:00Z' where id = $1`,
          [res.json().id],
        );
      }
    });
    const names = async (query: string) =>
      (await list(`q=${tag}&${query}`)).json().data.map((i: { name: string }) => i.name);

    it('defaults to newest first, 15 per page, and searches name, email, phone and subject', async () => {
      const res = await list(`q=${tag}`);
      expect(res.json().meta).toEqual({ total: 3, total_exact: true, page: 1, limit: 15 });
      expect(await names('')).toEqual(['Bea', 'anton', 'Carla']);
      expect((await list('q=CARLA')).json().data.map((i: { email: string }) => i.email)).toContain(
        `carla@${tag}.test`,
      );
      expect((await list(`q=333-${tag}`)).json().data.map((i: { name: string }) => i.name)).toEqual(['Bea']);
      expect((await list(`q=Tables ${tag}`)).json().data.map((i: { name: string }) => i.name)).toEqual([
        'anton',
      ]);
    });

    it('sorts by name, email and date both ways, and pages with perPage', async () => {
      expect(await names('sortBy=name&order=asc')).toEqual(['anton', 'Bea', 'Carla']);
      expect(await names('sortBy=email&order=desc')).toEqual(['Carla', 'Bea', 'anton']);
      expect(await names('sortBy=created_at&order=asc')).toEqual(['Carla', 'anton', 'Bea']);
      const page2 = (await list(`q=${tag}&perPage=2&page=2&sortBy=name&order=asc`)).json();
      expect(page2.data.map((i: { name: string }) => i.name)).toEqual(['Carla']);
      expect(page2.meta).toEqual({ total: 3, total_exact: true, page: 2, limit: 2 });
      expect(page2.data[0].created_at).toBe('2023-03-01T10:00:00.000Z');
    });

    it.each(['limit=10', 'perPage=0', 'sortBy=subject', 'order=sideways'])('refuses %s', async (query) => {
      expect((await list(query)).statusCode).toBe(400);
    });
  });

  describe('finding a request', () => {
    const tag = `fnd${Date.now()}`;
    let target: { id: number; reference: string };
    let other: { id: number };
    const ids = async (q: string, query = '') => {
      const res = await list(`q=${encodeURIComponent(q)}&perPage=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { id: number }[];
        meta: { total: number };
        counts: Record<string, number>;
      };
    };
    const found = async (q: string) => (await ids(q)).data.map((i) => i.id);

    beforeAll(async () => {
      const product = await ctx
        .as(token)
        .post('/api/products', { name: `Found Lathe ${tag}`, sku: `LTH-${tag}-9`, mrp: 12 });
      expect(product.statusCode, product.body).toBe(201);
      const sent = await send({
        name: `Hedda Finder ${tag}`,
        email: `hedda@${tag}.test`,
        phone: `+47 ${tag.slice(-6)} 77`,
        subject: `Workshop fit-out ${tag}`,
        message: 'Two lathes.',
        company: `Nordlys Verksted ${tag}`,
        lines: [{ product_id: product.json().id, quantity: 2 }],
        elapsed_ms: 30_000,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      target = sent.json();
      // A second request of the same day and tag, so every search below must tell the two apart.
      other = (
        await send({
          name: `Other ${tag}`,
          email: `other@${tag}.test`,
          subject: 'Something else',
          message: 'm',
          company: 'Elsewhere Ltd',
        })
      ).json();
      // The line keeps the SKU the visitor saw, whatever the product's is now.
      await ctx.database.pool.query('update products set sku = null where id = $1', [product.json().id]);
    });

    it('by the reference the customer was given, however it is typed', async () => {
      const padded = inquiryReference(target.id);
      expect(target.reference).toBe(padded);
      for (const typed of [padded, padded.toLowerCase(), `q-${target.id}`, padded.slice(2)])
        expect(await found(typed), typed).toEqual([target.id]);
      // The bare number finds it too (among any request holding those digits elsewhere).
      expect(await found(String(target.id))).toContain(target.id);
      expect(await found(`Q-${other.id}`)).toEqual([other.id]);
    });

    it.each([
      ['company', (t: string) => `nordlys verksted ${t}`],
      ['email', (t: string) => `HEDDA@${t}`],
      ['name', (t: string) => `Finder ${t}`],
      ['phone', (t: string) => `${t.slice(-6)} 77`],
      ['subject', (t: string) => `fit-out ${t}`],
      ['SKU of a line', (t: string) => `lth-${t}`],
    ])('by its %s', async (_, typed) => {
      expect(await found(typed(tag))).toEqual([target.id]);
    });

    it('forgives what the shop search forgives: word forms, words in any order, one typo', async () => {
      for (const typed of [
        `workshops ${tag}`,
        `finders ${tag}`,
        `verksted nordlys ${tag}`,
        `Verksetd ${tag}`,
        `nordlis ${tag}`,
        `Findr Hedda ${tag}`,
        `workshp fit ${tag}`,
      ])
        expect(await found(typed), typed).toEqual([target.id]);
      // Two edits are not one, and every word must be there.
      expect(await found(`verkstxx ${tag}`)).toEqual([]);
      expect(await found(`nordlys elsewhere ${tag}`)).toEqual([]);
    });

    it('by a SKU that many lines hold, checked on each request met', async () => {
      // Past SKU_LINES_LISTED matching lines the search stops listing requests by id.
      await ctx.database.pool.query(
        `insert into inquiry_lines (inquiry_id, position, name, sku, quantity, unit_price)
          select $1, 100 + g, 'Bulk part', 'BLK-' || $2 || '-' || g, 1, 1
          from generate_series(1, $3::int) g`,
        [other.id, tag, SKU_LINES_LISTED + 1],
      );
      expect(await found(`blk-${tag}`)).toEqual([other.id]);
      expect(await found(`BLK-${tag}-7`)).toEqual([other.id]);
    });

    it.each([
      ['inquiries', 'search_text', `ilike '%nordlys%'`, 'inquiries_search_text_trgm'],
      ['inquiries', 'search_doc', `@@ to_tsquery('english', 'nordlys:*')`, 'inquiries_search_doc_idx'],
      ['inquiry_lines', 'sku', `ilike '%nordlys%'`, 'inquiry_lines_sku_trgm'],
    ])('reads %s.%s through an index, never a scan of the table', async (table, column, match, index) => {
      const client = await ctx.database.pool.connect();
      try {
        await client.query('begin');
        // With scans priced out, the plan names the index if one can answer the search at all.
        await client.query('set local enable_seqscan = off');
        const { rows } = await client.query(
          `explain (format json) select 1 from ${table} where ${column} ${match}`,
        );
        const plan = JSON.stringify(rows[0]['QUERY PLAN']);
        expect(plan).toContain(index);
        expect(plan).not.toContain('Seq Scan');
      } finally {
        await client.query('rollback');
        client.release();
      }
    });

    it('counts the matches per status, and a status filter keeps to them', async () => {
      const all = await ids(`LTH-${tag}`);
      expect(all.meta.total).toBe(1);
      expect(all.counts).toEqual({ new: 1, open: 0, quoted: 0, accepted: 0, declined: 0, closed: 0 });
      const open = await ids(inquiryReference(target.id), 'status=open');
      expect(open.data).toEqual([]);
      expect(open.counts.new).toBe(1);
      expect((await ids(inquiryReference(target.id), 'status=new')).data.map((i) => i.id)).toEqual([
        target.id,
      ]);
    });

    it.each([`nothing-${tag}`, 'Q-2147483647', 'Q-41x', 'Q-99999999999'])(
      'finds nothing for %j',
      async (q) => {
        const res = await ids(q);
        expect(res.data).toEqual([]);
        expect(res.meta.total).toBe(0);
        expect(Object.values(res.counts).every((n) => n === 0)).toBe(true);
      },
    );
  });

  it('moves it to the trash', async () => {
    const id = (await send(valid)).json().id;
    const res = await ctx.as(token).delete(`/api/inquiries/${id}`);
    expect(res.statusCode).toBe(204);
    expect((await ctx.database.pool.query('select 1 from inquiries where id = $1', [id])).rowCount).toBe(0);
    expect(
      (
        await ctx.database.pool.query(
          `select 1 from trash where entity_type = 'inquiry' and entity_id = $1`,
          [id],
        )
      ).rowCount,
    ).toBe(1);
    expect((await ctx.as(token).delete(`/api/inquiries/${id}`)).statusCode).toBe(404);
  });
});
