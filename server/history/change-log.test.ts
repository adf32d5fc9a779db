import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let editor: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const made = await ctx.makeUser({ name: 'Log Editor', email: 'log-editor@example.com' });
  editor = { id: made.user.id, token: made.token };
});
afterAll(() => ctx.close());

const entries = async (type: string, id: number) =>
  (
    await ctx.database.pool.query(
      'select actor_id, action, changes from change_log where entity_type = $1 and entity_id = $2 order by id',
      [type, id],
    )
  ).rows;

describe('the change log', () => {
  it('records a product create and a price change with before and after, under its author', async () => {
    const created = await ctx.as(editor.token).post('/api/products', { name: 'Logged lamp', mrp: 19.99 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const updated = await ctx
      .as(editor.token)
      .put(`/api/products/${id}`, { name: 'Logged lamp', pricing: { mrp: 24.5 } });
    expect(updated.statusCode, updated.body).toBe(200);
    const rows = await entries('product', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows.map((r) => r.actor_id)).toEqual([editor.id, editor.id]);
    expect(rows[0].changes.name).toEqual({ before: null, after: 'Logged lamp' });
    expect(rows[1].changes).toEqual({ mrp: { before: 19.99, after: 24.5 } });
  });
});

describe('one entry per entity per transaction', () => {
  it('an inquiry deleted with its notes is one move to the trash', async () => {
    const sent = await ctx.as().post('/api/inquiries', {
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Logged request',
      message: 'Hello there',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id;
    const noted = await ctx.as(editor.token).post(`/api/inquiries/${id}/notes`, { body: 'Called back' });
    expect(noted.statusCode, noted.body).toBe(201);
    const gone = await ctx.as(editor.token).delete(`/api/inquiries/${id}`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const rows = await entries('inquiry', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'trash']);
    expect(rows[0].actor_id).toBeNull();
    expect(rows[1].changes.notes.after[0].body).toBe('Called back');
    expect(rows[2].changes.subject).toEqual({ before: 'Logged request', after: null });
    expect(rows[2].changes.notes.before[0].body).toBe('Called back');
  });
});
