import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '#domain/imports';
import { createProducts } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { multipart } from '../test/images';

let ctx: TestContext;
let editor: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true });
  const made = await ctx.makeUser({ name: 'Batch Editor', email: 'batch-editor@example.com' });
  editor = { id: made.user.id, token: made.token };
});
afterAll(() => ctx.close());

const query = async (text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows;

/** Products named and SKU'd `${prefix} ${i}` and `${prefix}-${i}`, at an MRP of 10: their ids. */
async function makeProducts(count: number, prefix: string) {
  const made = await createProducts(ctx.as(editor.token), count, (i) => ({
    name: `${prefix} ${i}`,
    sku: `${prefix}-${i}`,
    mrp: 10,
  }));
  return made.map((p) => p.id);
}

const bulk = (payload: object) => ctx.as(editor.token).post('/api/products/bulk', payload);

/** The batch entries of one action, newest first. */
const batches = (action: string) =>
  query(
    `select id::int, actor_id, entity_type, entity_id, changes, batch_id from change_log
      where action = $1 order by id desc`,
    [action],
  );
const rowsOf = (batchId: number) =>
  query(
    'select entity_type, entity_id, action, actor_id, changes from change_log where batch_id = $1 order by entity_id',
    [batchId],
  );

describe('batch entries', () => {
  it('a bulk edit logs one entry for the batch and one per changed row, carrying its id', async () => {
    const ids = await makeProducts(3, 'BLK');
    // One of the three already has the price: only two change.
    await ctx.database.pool.query(`update products set mrp = 15 where id = $1`, [ids[2]]);
    const res = await bulk({ ids, action: 'adjust_price', by: 'set', value: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);

    const [batch] = await batches('bulk');
    expect(batch).toMatchObject({
      actor_id: editor.id,
      entity_type: 'product',
      entity_id: null,
      batch_id: null,
    });
    expect(batch.changes).toEqual({
      action: { before: null, after: 'adjust_price' },
      by: { before: null, after: 'set' },
      value: { before: null, after: '15.00' },
      count: { before: null, after: 2 },
    });
    const rows = await rowsOf(batch.id);
    expect(rows).toEqual([
      {
        entity_type: 'product',
        entity_id: ids[0],
        action: 'update',
        actor_id: editor.id,
        changes: { mrp: { before: 10, after: 15 } },
      },
      {
        entity_type: 'product',
        entity_id: ids[1],
        action: 'update',
        actor_id: editor.id,
        changes: { mrp: { before: 10, after: 15 } },
      },
    ]);
    const [last] = await query(`select max(id)::int as id from change_log where batch_id = $1`, [batch.id]);
    expect(batch.id).toBeLessThan(last.id);
  });

  it('a bulk delete is a batch too; a bulk edit that changes nothing logs nothing', async () => {
    const ids = await makeProducts(2, 'BLD');
    const before = (await batches('bulk')).length;
    const none = await bulk({ ids, action: 'publish' });
    expect(none.json().count).toBe(0);
    expect(await batches('bulk')).toHaveLength(before);

    const res = await bulk({ ids, action: 'delete' });
    expect(res.json().count).toBe(2);
    const [batch] = await batches('bulk');
    expect(batch.changes).toEqual({
      action: { before: null, after: 'delete' },
      count: { before: null, after: 2 },
    });
    const rows = await rowsOf(batch.id);
    expect(rows.map((r) => r.entity_id)).toEqual(ids);
    expect(rows.every((r) => r.actor_id === editor.id)).toBe(true);
  });

  it('an applied CSV import logs one entry for the import, under the user who started it', async () => {
    const [existing] = await makeProducts(1, 'IMP');
    const csv = ['sku,name,mrp', 'IMP-0,Imported saw,12.5', 'IMP-NEW,Imported drill,20'].join('\n');
    const body = await multipart(
      { dry_run: 'false' },
      { field: 'file', name: 'products.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    );
    const sent = await ctx
      .as(editor.token)
      .post('/api/imports', body.payload, { headers: { ...body.headers } });
    expect(sent.statusCode, sent.body).toBe(202);
    let job: Job | null = null;
    for (let i = 0; i < 300 && !(job && (job.state === 'succeeded' || job.state === 'failed')); i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      job = (await ctx.as(editor.token).get(`/api/jobs/${sent.json().job_id}`)).json();
    }
    expect(job?.state, job?.error ?? '').toBe('succeeded');

    const [batch] = await batches('import');
    expect(batch).toMatchObject({ actor_id: editor.id, entity_type: 'product', entity_id: null });
    expect(batch.changes).toMatchObject({
      count: { before: null, after: 2 },
      created: { before: null, after: 1 },
      updated: { before: null, after: 1 },
    });
    const rows = await rowsOf(batch.id);
    const [created] = await query(`select id from products where sku = 'IMP-NEW'`);
    expect(rows.map((r) => [r.entity_id, r.action, r.actor_id])).toEqual(
      [
        [existing, 'update', editor.id],
        [created.id, 'create', editor.id],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(rows.find((r) => r.entity_id === existing)?.changes).toMatchObject({
      name: { before: 'IMP 0', after: 'Imported saw' },
      mrp: { before: 10, after: 12.5 },
    });
  });
});
