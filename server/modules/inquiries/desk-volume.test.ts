import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES } from '#domain/inquiries';
import { STREAM_BATCH } from '../../db/query/stream';
import { createQuoteRequest } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The inbox at volume: counts kept by triggers over thousands of rows written straight in SQL, and
 * a CSV streamed past one batch. Slow (thousands of rows), so in the slow project; the inbox's
 * filters and its CSV's cells are in desk.test.ts.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];

describe('the inbox at volume', () => {
  const tag = `vol${Date.now()}`;

  it("counts the whole inbox from its kept counts, and a broad search's only up to the cap", async () => {
    const truth = async () => {
      const found = await q<{ status: string; n: number }>(
        'select status, count(*)::int as n from inquiries group by status',
      );
      return Object.fromEntries(INQUIRY_STATUSES.map((s) => [s, found.find((r) => r.status === s)?.n ?? 0]));
    };
    const whole = async () => await ctx.admin.ok('GET', '/api/inquiries');
    expect((await whole()).counts).toEqual(await truth());
    expect((await whole()).counts_exact).toBe(true);
    // Moves, a bulk insert and a delete straight in SQL: the triggers keep up with every writer.
    await ctx.admin.ok('PATCH', `/api/inquiries/${(await createQuoteRequest(ctx.as())).id}`, {
      status: 'open',
    });
    const wide = `wide${Date.now()}`;
    await q(
      `insert into inquiries (name, email, subject, message, status)
        select 'Wide ' || i, 'w' || i || '@${wide}.test', 'Subject ${wide}', 'm',
          case when i % 2 = 0 then 'new' else 'quoted' end
        from generate_series(1, 2010) i`,
    );
    await q(`update inquiries set status = 'declined' where email = 'w1@${wide}.test'`);
    await q(`delete from inquiries where email in ('w2@${wide}.test', 'w4@${wide}.test')`);
    expect((await whole()).counts).toEqual(await truth());

    // 1,003 new and 1,004 quoted match: each stops past the cap and says so; the rest are exact.
    const broad = await ctx.admin.ok('GET', `/api/inquiries?q=${wide}`);
    expect(broad.counts).toMatchObject({ new: 1001, quoted: 1001, declined: 1, open: 0 });
    expect(broad.counts_exact).toBe(false);
    expect(broad.meta.total_exact).toBe(false);
    const narrow = await ctx.admin.ok('GET', `/api/inquiries?q=w1@${wide}`);
    expect(narrow.counts).toEqual({ new: 0, open: 0, quoted: 0, accepted: 0, declined: 1, closed: 0 });
    expect(narrow.counts_exact).toBe(true);
    await q(`delete from inquiries where email like '%@${wide}.test'`);
    expect((await whole()).counts).toEqual(await truth());
  });

  it('streams past one batch in order, with baskets valued exactly', async () => {
    const { rows } = await ctx.database.pool.query(
      `insert into inquiries (name, email, subject, message, created_at)
       select 'Bulk ' || g, 'bulk' || g || '@${tag}.test', 'Bulk ${tag}', 'm', '2024-06-01'::timestamptz + g * interval '1 second'
       from generate_series(1, $1::int) g returning id`,
      [STREAM_BATCH + 3],
    );
    await q(
      `insert into inquiry_lines (inquiry_id, position, name, quantity, unit_price) values ($1, 0, 'x', 3, 0.10), ($1, 1, 'y', 1, 9999999999.99)`,
      [rows[0].id],
    );
    const res = await ctx.admin.get(`/api/inquiries/export.csv?q=Bulk ${tag}&sortBy=name&order=desc`);
    const body = res.body.trim().split('\n').slice(1);
    expect(body).toHaveLength(STREAM_BATCH + 3);
    const names = body.map((l) => l.split(',')[4]);
    expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase(), 'en')));
    expect(new Set(names).size).toBe(STREAM_BATCH + 3);
    // The lines' product names, in order, close the row (quoted: the separator holds a semicolon).
    expect(body.find((l) => l.includes(',Bulk 1,'))).toMatch(/,2,10000000000\.29,,m,"x; y"$/);
  });
});
