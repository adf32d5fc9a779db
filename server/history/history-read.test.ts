import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_ACTIONS, HISTORY_TEXT } from '#domain/history';
import { createBrand, createCategory, createProduct } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let editor: { id: number; token: string };
let leaver: { id: number; token: string };
let lamp: number;
let chair: number;
let gone: number;
let category: number;
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const read = (token: string, query: string) => ctx.as(token).get(`/api/history?${query}`);
const list = async (token: string, query: string) => {
  const res = await read(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await ctx.makeUser({ name: 'History Editor', email: 'history-editor@example.com' });
  editor = { id: made.user.id, token: made.token };
  const left = await ctx.makeUser({ name: 'Leaving Editor', email: 'leaving@example.com' });
  leaver = { id: left.user.id, token: left.token };
  lamp = (await createProduct(ctx.as(editor.token), { sku: undefined, name: 'History lamp', mrp: 10 })).id;
  await ctx
    .as(editor.token)
    .ok('PUT', `/api/products/${lamp}`, { name: 'History lamp', pricing: { mrp: 12.5 } });
  chair = (await createProduct(ctx.admin, { sku: undefined, name: 'Old chair name', mrp: 40 })).id;
  await ctx.admin.ok('PUT', `/api/products/${chair}`, {
    name: 'History chair',
    pricing: { mrp: 40 },
  });
  gone = (await createProduct(ctx.as(leaver.token), { sku: undefined, name: 'Doomed vase', mrp: 5 })).id;
  await ctx.as(leaver.token).ok('DELETE', `/api/products/${gone}`);
  category = (await createCategory(ctx.admin, { name: 'History shelves' })).id;
  await ctx.as(leaver.token).ok('PUT', '/api/me', { name: 'Left Editor', email: 'leaving@example.com' });
  await ctx.admin.ok('DELETE', `/api/users/${leaver.id}`);
});
afterAll(() => ctx.close());

describe('GET /api/history', () => {
  it("answers an entity's entries newest first, with author, names and before and after", async () => {
    const body = await list(editor.token, `entity_type=product&entity_id=${lamp}`);
    expect(body.meta).toEqual({ total: 2, total_exact: true, page: 1, limit: 25 });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    const [update, create] = body.data;
    expect(update).toMatchObject({
      actor_id: editor.id,
      actor_name: 'History Editor',
      entity_type: 'product',
      entity_id: lamp,
      entity_name: 'History lamp',
      changes: { mrp: { before: 10, after: 12.5 } },
      batch_id: null,
    });
    expect(update.id).toBeGreaterThan(create.id);
    expect(create.changes.name).toEqual({ before: null, after: 'History lamp' });
    const row = (await ctx.database.pool.query('select at from change_log where id = $1', [update.id]))
      .rows[0];
    expect(update.at).toBe(row.at.toISOString());
  });

  it("names an entity by its name now, and a deleted one's and a gone author's as they were", async () => {
    const renamed = await list(editor.token, `entity_type=product&entity_id=${chair}`);
    expect(renamed.data.map((e: { entity_name: string }) => e.entity_name)).toEqual([
      'History chair',
      'History chair',
    ]);
    expect(renamed.data[1].changes.name.after).toBe('Old chair name');
    const deleted = await list(ctx.adminToken, `entity_type=product&entity_id=${gone}`);
    expect(deleted.data.map((e: { action: string }) => e.action)[1]).toBe('create');
    for (const entry of deleted.data) {
      expect(entry.entity_name).toBe('Doomed vase');
      expect(entry.actor_id).toBe(leaver.id);
      expect(entry.actor_name).toBeNull();
    }
  });

  it("names an inquiry by its subject and a quote by its inquiry's and its version", async () => {
    const { pool } = ctx.database;
    const inquiry = (
      await pool.query(
        "insert into inquiries (name, email, subject, message) values ('Ann', 'ann@example.com', 'Ten lamps', 'Hi') returning id",
      )
    ).rows[0].id;
    const quote = (
      await pool.query(
        "insert into quotes (inquiry_id, version, status, token, currency, valid_until) values ($1, 2, 'sent', 'quote-token', 'EUR', '2030-01-01') returning id",
        [inquiry],
      )
    ).rows[0].id;
    const draft = (
      await pool.query(
        "insert into quotes (inquiry_id, currency, valid_until) values ($1, 'EUR', '2030-01-01') returning id",
        [inquiry],
      )
    ).rows[0].id;
    const name = async (type: string, id: number) =>
      (await list(ctx.adminToken, `entity_type=${type}&entity_id=${id}`)).data[0].entity_name;
    expect(await name('inquiry', inquiry)).toBe('Ten lamps');
    expect(await name('quote', quote)).toBe(HISTORY_TEXT.quoteName('Ten lamps', 2));
    expect(await name('quote', draft)).toBe(HISTORY_TEXT.quoteName('Ten lamps', null));
    await ctx.as(editor.token).ok('POST', `/api/inquiries/${inquiry}/notes`, { body: 'Called back' });
    // The move to the trash cascades to its notes and quotes, whose triggers log what they removed.
    await ctx.admin.ok('DELETE', `/api/inquiries/${inquiry}`);
    const gone = await list(ctx.adminToken, `entity_type=inquiry&entity_id=${inquiry}`);
    expect(gone.data.map((e: { action: string }) => e.action)).toEqual(['trash', 'update', 'create']);
    expect(gone.data[1].changes.notes.after).toMatchObject([{ body: 'Called back', author_id: editor.id }]);
    // The trash remembers it, so every entry names it, the notes' too.
    expect(gone.data.map((e: { entity_name: string }) => e.entity_name)).toEqual([
      'Ten lamps',
      'Ten lamps',
      'Ten lamps',
    ]);
    expect(await name('quote', quote)).toBeNull();
  });

  it('filters by actor, action, type and UTC days, and pages', async () => {
    const mine = await list(editor.token, `actor_id=${editor.id}&entity_type=product`);
    expect(mine.data.map((e: { entity_id: number }) => e.entity_id)).toEqual([lamp, lamp]);
    const everything = await list(editor.token, `actor_id=${editor.id}`);
    const own = await ctx.database.pool.query(
      'select id from change_log where actor_id = $1 order by id desc',
      [editor.id],
    );
    expect(everything.data.map((e: { id: number }) => e.id)).toEqual(own.rows.map((r) => Number(r.id)));
    const updates = await list(ctx.adminToken, 'action=update&entity_type=product');
    const expected = (
      await ctx.database.pool.query(
        "select id from change_log where action = 'update' and entity_type = 'product' order by id desc",
      )
    ).rows.map((r) => Number(r.id));
    expect(updates.data.map((e: { id: number }) => e.id)).toEqual(expected);
    expect(updates.meta.total).toBe(expected.length);
    const categories = await list(editor.token, 'entity_type=category');
    expect(
      categories.data.map((e: { entity_id: number; entity_name: string }) => [e.entity_id, e.entity_name]),
    ).toEqual([[category, 'History shelves']]);
    expect((await list(editor.token, `from=${today}&to=${today}`)).meta.total).toBeGreaterThan(0);
    expect((await list(editor.token, `from=${tomorrow}`)).data).toEqual([]);
    expect((await list(editor.token, `to=2020-01-01`)).meta).toMatchObject({ total: 0, total_exact: true });

    const all = await list(ctx.adminToken, 'limit=100');
    const count = (await ctx.database.pool.query('select count(*)::int as n from change_log')).rows[0].n;
    expect(all.meta).toEqual({ total: count, total_exact: true, page: 1, limit: 100 });
    const second = await list(ctx.adminToken, 'limit=2&page=2');
    expect(second.data.map((e: { id: number }) => e.id)).toEqual(
      all.data.slice(2, 4).map((e: { id: number }) => e.id),
    );
    expect(second.meta).toEqual({ total: count, total_exact: true, page: 2, limit: 2 });
    expect((await list(ctx.adminToken, 'page=1000')).data).toEqual([]);
  });

  it("keeps staff accounts' entries from editors", async () => {
    const denied = await read(editor.token, 'entity_type=user');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(HISTORY_TEXT.userHistoryAdminOnly);
    const seen = await list(editor.token, 'limit=100');
    expect(seen.data.some((e: { entity_type: string }) => e.entity_type === 'user')).toBe(false);
    const users = await list(ctx.adminToken, `entity_type=user&entity_id=${leaver.id}`);
    expect(users.data.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(users.data[0].entity_name).toBe('Left Editor');
    expect(users.data[1].changes).toEqual({ name: { before: 'Leaving Editor', after: 'Left Editor' } });
  });

  it('refuses bad filters with their messages', async () => {
    const cases: [string, string][] = [
      ['entity_type=thing', 'entity_type must be one of'],
      ['action=edit', `action must be one of: ${CHANGE_ACTIONS.join(', ')}`],
      ['entity_id=5', 'entity_id needs entity_type'],
      ['entity_type=product&entity_id=abc', 'entity_id must be a positive whole number'],
      ['actor_id=-1', 'actor_id must be a positive whole number'],
      ['from=2024-02-31', 'Dates are YYYY-MM-DD'],
      ['from=2024-03-02&to=2024-03-01', 'from must be on or before to'],
      ['limit=101', 'limit must be at most 100'],
      ['sortBy=at', 'sortBy'],
    ];
    for (const [query, message] of cases) {
      const res = await read(ctx.adminToken, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toContain(message);
    }
    expect((await ctx.as().get('/api/history')).statusCode).toBe(401);
  });
});

describe('GET /api/history/export.csv', () => {
  it("streams the filtered log with names and each entry's changes as JSON", async () => {
    const res = await ctx
      .as(ctx.adminToken)
      .get(`/api/history/export.csv?entity_type=product&entity_id=${lamp}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="history-\d{8}\.csv"/);
    const records: Record<string, string>[] = parse(res.body, { columns: true });
    const entries = (await list(ctx.adminToken, `entity_type=product&entity_id=${lamp}`)).data;
    expect(records).toEqual(
      entries.map((e: { id: number; at: string; action: string; changes: object }) => ({
        id: String(e.id),
        at: e.at,
        actor: 'History Editor',
        entity_type: 'product',
        entity_id: String(lamp),
        entity: 'History lamp',
        action: e.action,
        changes: JSON.stringify(e.changes),
      })),
    );
    expect(JSON.parse(records[0].changes)).toEqual({ mrp: { before: 10, after: 12.5 } });
  });

  it('walks a date range by time in batches, entries of one moment included', async () => {
    // More than one batch (STREAM_BATCH), three entries to each microsecond-precise moment.
    await ctx.database.pool.query(
      `insert into change_log (at, actor_id, entity_type, entity_id, action, changes, tx)
       select timestamptz '2024-03-10 23:59:59.123456+00' - (g / 3) * interval '1 second', null, 'brand', g,
         'update', '{}'::jsonb, -g
       from generate_series(1, 4500) g`,
    );
    const res = await ctx.as(ctx.adminToken).get('/api/history/export.csv?from=2024-03-10&to=2024-03-10');
    expect(res.statusCode).toBe(200);
    const ids = (parse(res.body, { columns: true }) as { id: string }[]).map((r) => Number(r.id));
    const expected = await ctx.database.pool.query(
      "select id from change_log where at >= '2024-03-10' and at < '2024-03-11' order by at desc, id desc",
    );
    expect(ids).toEqual(expected.rows.map((r) => Number(r.id)));
    expect(ids).toHaveLength(4500);
    const page = await list(ctx.adminToken, 'from=2024-03-10&to=2024-03-10&limit=5&page=3');
    expect(page.data.map((e: { id: number }) => e.id)).toEqual(ids.slice(10, 15));
  });

  it('is for admins only, and takes the same filters', async () => {
    const denied = await ctx.as(editor.token).get('/api/history/export.csv');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().permission).toBe('user.manage');
    const bad = await ctx.as(ctx.adminToken).get('/api/history/export.csv?action=edit');
    expect(bad.statusCode).toBe(400);
    const all = await ctx.as(ctx.adminToken).get('/api/history/export.csv');
    const count = (await ctx.database.pool.query('select count(*)::int as n from change_log')).rows[0].n;
    expect(parse(all.body, { columns: true })).toHaveLength(count);
  });
});

describe('token_id', () => {
  /** A token made by the admin, and what it wrote: two products' create and update entries. */
  async function tokenWithChanges(name: string) {
    const res = await ctx.as(ctx.adminToken).post('/api/api-tokens', { name, role: 'editor' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, secret } = res.json() as { id: number; secret: string };
    const made = await createProduct(ctx.as(secret), { sku: undefined, name: `${name} stool`, mrp: 3 });
    await ctx
      .as(secret)
      .ok('PUT', `/api/products/${made.id}`, { name: `${name} stool`, pricing: { mrp: 4 } });
    await createBrand(ctx.as(secret), { name: `${name} brand` });
    return id;
  }
  let erp: number;
  let feed: number;
  let expected: number[];

  beforeAll(async () => {
    erp = await tokenWithChanges('ERP');
    feed = await tokenWithChanges('Feed');
    // A person's change in between: the filter must not pick it up.
    await createProduct(ctx.as(editor.token), { sku: undefined, name: 'By hand', mrp: 2 });
    const rows = await ctx.database.pool.query(
      'select id from change_log where token_id = $1 order by id desc',
      [erp],
    );
    expected = rows.rows.map((r) => Number(r.id));
  });

  it('answers exactly the entries made with that token, newest first, named by it', async () => {
    expect(expected).toHaveLength(3);
    const body = await list(ctx.adminToken, `token_id=${erp}`);
    expect(body.meta).toMatchObject({ total: 3, total_exact: true });
    expect(body.data.map((e: { id: number }) => e.id)).toEqual(expected);
    for (const entry of body.data) {
      expect(entry).toMatchObject({
        actor_id: null,
        token_id: erp,
        actor_name: 'API token “ERP” (Ada Admin)',
      });
    }
    const other = await list(ctx.adminToken, `token_id=${feed}`);
    expect(other.data).toHaveLength(3);
    expect(other.data.every((e: { token_id: number }) => e.token_id === feed)).toBe(true);
    // Editors read it too, with the other filters; a token's entries have no person, so with
    // actor_id nothing holds; a token that made nothing (or never was) matches nothing.
    const brands = await list(editor.token, `token_id=${erp}&entity_type=brand&action=create`);
    expect(brands.data.map((e: { entity_name: string }) => e.entity_name)).toEqual(['ERP brand']);
    expect((await list(ctx.adminToken, `token_id=${erp}&actor_id=${editor.id}`)).data).toEqual([]);
    expect((await list(ctx.adminToken, 'token_id=999999')).meta.total).toBe(0);
    const dated = await list(ctx.adminToken, `token_id=${erp}&from=${today}&to=${tomorrow}`);
    expect(dated.data.map((e: { id: number }) => e.id)).toEqual(expected);
  });

  it('refuses a token_id that is not a positive id', async () => {
    for (const bad of ['0', '-3', 'abc', '1.5', '']) {
      const res = await read(ctx.adminToken, `token_id=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toContain('token_id must be a positive whole number');
    }
    const big = await read(ctx.adminToken, 'token_id=99999999999');
    expect(big.statusCode).toBe(400);
    const csv = await ctx.as(ctx.adminToken).get('/api/history/export.csv?token_id=x');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error).toContain('token_id must be a positive whole number');
  });

  it('filters the CSV export the same way', async () => {
    const res = await ctx.as(ctx.adminToken).get(`/api/history/export.csv?token_id=${erp}`);
    expect(res.statusCode, res.body).toBe(200);
    const records: Record<string, string>[] = parse(res.body, { columns: true });
    expect(records.map((r) => Number(r.id))).toEqual(expected);
    expect(new Set(records.map((r) => r.actor))).toEqual(new Set(['API token “ERP” (Ada Admin)']));
  });
});
