import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Client, createClient } from '../../test/client';
import { createQuoteRequest } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { until } from '../../test/until';

/**
 * The inbox's search pages are kept until a request changes (server/cache/inbox-pages.ts): a
 * kept page must never hide a write, whether made through this app, another process or plain SQL.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WORD = 'Quokkaberry';
const searchOf = async (app: Client, q = WORD) =>
  (await app.ok('GET', `/api/inquiries?q=${q}&perPage=15&sortBy=created_at`)) as {
    data: { id: number; subject: string; status: string }[];
    meta: { total: number };
    counts: Record<string, number>;
  };

describe('kept search pages', () => {
  it('show a write through the app at once: a new request, a move, a deletion', async () => {
    const first = await createQuoteRequest(ctx.as(), { subject: `${WORD} racking` });
    expect((await searchOf(ctx.admin)).meta.total).toBe(1);
    expect((await searchOf(ctx.admin)).meta.total).toBe(1);

    const second = await createQuoteRequest(ctx.as(), { subject: `${WORD} shelving` });
    const after = await searchOf(ctx.admin);
    expect(after.data.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());

    await ctx.admin.ok('PATCH', `/api/inquiries/${first.id}`, { status: 'open' });
    const moved = await searchOf(ctx.admin);
    expect(moved.counts.open).toBe(1);
    expect(moved.data.find((r) => r.id === first.id)?.status).toBe('open');

    await ctx.admin.ok('DELETE', `/api/inquiries/${second.id}`);
    expect((await searchOf(ctx.admin)).data.map((r) => r.id)).toEqual([first.id]);
  });

  it('show a write by plain SQL and by another process, which reach them by NOTIFY', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, jwtSecret: ctx.jwtSecret });
    await other.ready();
    try {
      const asOther = createClient(other, ctx.adminToken);
      const word = 'Wombatplum';
      const made = await createQuoteRequest(ctx.as(), { subject: `${word} pallets` });
      expect((await searchOf(asOther, word)).meta.total).toBe(1);
      expect((await searchOf(ctx.admin, word)).meta.total).toBe(1);

      // A request written through the first app: the second, which kept the page, hears of it.
      await createQuoteRequest(ctx.as(), { subject: `${word} crates` });
      await until(async () => (await searchOf(asOther, word)).meta.total === 2, {
        what: "the other process's kept page to show the new request",
      });

      // A script or psql: both processes hear of it.
      await ctx.database.pool.query('update inquiries set subject = $1 where id = $2', [
        'Renamed away',
        made.id,
      ]);
      for (const app of [ctx.admin, asOther])
        await until(async () => (await searchOf(app, word)).meta.total === 1, {
          what: 'a kept page to drop the request renamed by plain SQL',
        });
    } finally {
      await other.close();
    }
  });
});
