import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_TEXT } from '#domain/history';
import { createImageStore } from '../images/image-store';
import { createImagesService } from '../images/images.service';
import { createTestContext, type TestContext } from '../test/harness';
import { sentQuote } from '../test/quotes';
import { createTrashService } from './trash.service';

let ctx: TestContext;
let sales: string;
let viewer: string;
let editor: string;

beforeAll(async () => {
  ctx = await createTestContext();
  sales = (await ctx.makeUser({ name: 'Sam Sales', email: 'sam@example.com', role: 'sales' })).token;
  viewer = (await ctx.makeUser({ name: 'Vic Viewer', email: 'vic@example.com', role: 'viewer' })).token;
  editor = (await ctx.makeUser({ name: 'Eve Editor', email: 'eve@example.com', role: 'editor' })).token;
});
afterAll(() => ctx.close());

const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const q = async (text: string, values: unknown[] = []) => (await ctx.database.pool.query(text, values)).rows;

/** Every row a request owns, whole (ids included), to compare before the trash and after. */
async function requestRows(id: number) {
  const quoteIds = (await q('select id from quotes where inquiry_id = $1', [id])).map((r) => r.id);
  return {
    inquiry: await q('select * from inquiries where id = $1', [id]),
    lines: await q('select * from inquiry_lines where inquiry_id = $1 order by id', [id]),
    notes: await q('select * from inquiry_notes where inquiry_id = $1 order by id', [id]),
    events: await q('select * from inquiry_events where inquiry_id = $1 order by id', [id]),
    quotes: await q('select * from quotes where inquiry_id = $1 order by id', [id]),
    quoteLines: await q('select * from quote_lines where quote_id = any($1) order by id', [quoteIds]),
    outbox: await q(
      'select id, inquiry_id, quote_id from outbox where inquiry_id = $1 or quote_id = any($2) order by id',
      [id, quoteIds],
    ),
  };
}

/** A request with a basket line, a note, a sent quote (public link) and a later draft. */
async function fullRequest() {
  const product = (
    await q(
      `insert into products (name, slug, sku, mrp, status) values ($1, $2, $3, 40, 'published') returning id`,
      [`Lamp ${randomBytes(3).toString('hex')}`, `lamp-${randomBytes(3).toString('hex')}`, null],
    )
  )[0].id as number;
  const sent = await sentQuote(ctx, {
    remoteAddress: address(),
    inquiry: { lines: [{ product_id: product, quantity: 3 }], subject: 'Trash me' },
  });
  expect(
    (await ctx.admin.post(`/api/inquiries/${sent.inquiry.id}/notes`, { body: 'Called them' })).statusCode,
  ).toBe(201);
  expect(await ctx.admin.post(`/api/inquiries/${sent.inquiry.id}/quotes`)).toSucceed();
  return sent;
}

describe('deleting a quote request', () => {
  it('needs inquiry.delete: Sales and Viewer get 403 and the request stays', async () => {
    const { inquiry } = await sentQuote(ctx, { remoteAddress: address() });
    for (const token of [sales, viewer]) {
      const res = await ctx.as(token).delete(`/api/inquiries/${inquiry.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toContain('Delete requests');
    }
    expect(await q('select id from inquiries where id = $1', [inquiry.id])).toHaveLength(1);
    expect(
      await q(`select 1 from trash where entity_type = 'inquiry'and entity_id = $1`, [inquiry.id]),
    ).toEqual([]);
    // Sales still works the request: notes and moves are inquiry.work's.
    expect(
      (await ctx.as(sales).post(`/api/inquiries/${inquiry.id}/notes`, { body: 'Mine' })).statusCode,
    ).toBe(201);
  });

  it('moves it to the trash with its lines, notes, history and quotes, out of the inbox and the quote link', async () => {
    const sent = await fullRequest();
    const id = sent.inquiry.id;
    const before = await requestRows(id);
    expect(before.quotes).toHaveLength(2);
    expect(before.outbox.length).toBeGreaterThan(0);
    const countsBefore = (await ctx.admin.get('/api/inquiries')).json().counts;
    expect((await ctx.as().get(`/api/public/quotes/${sent.token}`)).statusCode).toBe(200);

    expect((await ctx.as(editor).delete(`/api/inquiries/${id}`)).statusCode).toBe(204);

    expect(await q('select 1 from inquiries where id = $1', [id])).toEqual([]);
    expect(await q('select 1 from quotes where inquiry_id = $1', [id])).toEqual([]);
    expect((await ctx.admin.get(`/api/inquiries/${id}`)).statusCode).toBe(404);
    const inbox = (await ctx.admin.get('/api/inquiries')).json();
    expect(inbox.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(inbox.counts.new + inbox.counts.open + inbox.counts.quoted).toBe(
      countsBefore.new + countsBefore.open + countsBefore.quoted - 1,
    );
    // The customer's link stops working while the request is in the trash.
    expect((await ctx.as().get(`/api/public/quotes/${sent.token}`)).statusCode).toBe(404);

    const listed = (await ctx.admin.get('/api/trash?entity_type=inquiry')).json().data;
    expect(listed).toContainEqual(
      expect.objectContaining({
        entity_type: 'inquiry',
        entity_id: id,
        name: expect.stringContaining(sent.inquiry.reference),
      }),
    );

    const restored = await ctx.as(editor).post(`/api/trash/inquiry/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ data: { entity_type: 'inquiry', entity_id: id }, skipped: [] });
    expect(await requestRows(id)).toEqual(before);
    expect((await ctx.admin.get('/api/inquiries')).json().counts).toEqual(countsBefore);
    expect((await ctx.as().get(`/api/public/quotes/${sent.token}`)).statusCode).toBe(200);
    expect(await q(`select 1 from trash where entity_type = 'inquiry' and entity_id = $1`, [id])).toEqual([]);
    const actions = (
      await q(`select action from change_log where entity_type = 'inquiry' and entity_id = $1 order by id`, [
        id,
      ])
    ).map((r) => r.action);
    expect(actions.slice(-2)).toEqual(['trash', 'restore']);
  });

  it('keeps the order of an accepted quote, linked again when the request comes back', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const accepted = await ctx
      .as()
      .post(`/api/public/quotes/${sent.token}/accept`, { name: 'Quinn Customer' });
    expect(accepted).toSucceed();
    const [order] = await q('select id, inquiry_id, quote_id from orders where quote_id = $1', [sent.id]);
    expect(order).toMatchObject({ inquiry_id: sent.inquiry.id, quote_id: sent.id });

    expect((await ctx.admin.delete(`/api/inquiries/${sent.inquiry.id}`)).statusCode).toBe(204);
    expect(await q('select inquiry_id, quote_id from orders where id = $1', [order.id])).toEqual([
      { inquiry_id: null, quote_id: null },
    ]);
    expect((await ctx.admin.post(`/api/trash/inquiry/${sent.inquiry.id}/restore`)).statusCode).toBe(200);
    expect(await q('select id, inquiry_id, quote_id from orders where id = $1', [order.id])).toEqual([order]);
  });

  it('restoring needs inquiry.delete, and an unknown entry is 404', async () => {
    const { inquiry } = await sentQuote(ctx, { remoteAddress: address() });
    expect((await ctx.admin.delete(`/api/inquiries/${inquiry.id}`)).statusCode).toBe(204);
    await q(`update roles set permissions = array_append(permissions, 'trash.restore') where key = 'sales'`);
    try {
      const refused = await ctx.as(sales).post(`/api/trash/inquiry/${inquiry.id}/restore`);
      expect(refused.statusCode).toBe(403);
      expect(await q('select 1 from inquiries where id = $1', [inquiry.id])).toEqual([]);
    } finally {
      await q(
        `update roles set permissions = array_remove(permissions, 'trash.restore') where key = 'sales'`,
      );
    }
    const missing = await ctx.admin.post(`/api/trash/inquiry/999999/restore`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(HISTORY_TEXT.trashNotFound);
  });

  it('is purged for good after the trash days, quotes and all', async () => {
    const { inquiry, id: quoteId } = await sentQuote(ctx, { remoteAddress: address() });
    expect((await ctx.admin.delete(`/api/inquiries/${inquiry.id}`)).statusCode).toBe(204);
    await q(
      `update trash set deleted_at = now() - interval '31 days' where entity_type = 'inquiry' and entity_id = $1`,
      [inquiry.id],
    );
    const images = createImagesService(
      ctx.database.db,
      createImageStore(ctx.config.imageStore, ctx.uploadsDir),
    );
    expect(await createTrashService(ctx.database.db, images).emptyExpired(new Date())).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      await q(`select 1 from trash where entity_type = 'inquiry' and entity_id = $1`, [inquiry.id]),
    ).toEqual([]);
    expect((await ctx.admin.post(`/api/trash/inquiry/${inquiry.id}/restore`)).statusCode).toBe(404);
    expect(await q('select 1 from quotes where id = $1', [quoteId])).toEqual([]);
  });
});
