import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '#domain/orders';
import { dayEndIn, dayStartIn, lastDaysIn, monthStartIn, todayIn } from '#domain/time-zone';
import { createTestContext, type TestContext } from '../test/harness';
import { createDashboardService } from './dashboard/dashboard.service';

/**
 * Days staff type (a list's from and to) and the dashboard's "this month" are calendar days in
 * the seller's TIMEZONE, here Pacific/Auckland (UTC+13 in March, +12 from 5 April 2026), through
 * the API with rows aged by hand to instants either side of a local midnight. Each "just inside"
 * or "just outside" row below lands on the other side when days are counted in UTC.
 */
const ZONE = 'Pacific/Auckland';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TIMEZONE: ZONE });
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const get = (url: string) => ctx.as(ctx.adminToken).get(url);

/** An order made at `at` (an ISO instant or an SQL expression), of `total`; its id and number. */
const order = async (at: string, total = '1.00', status = 'confirmed') =>
  (
    await q<{ id: number; number: number }>(
      `insert into orders (status, cancel_reason, reference, quote_version, customer_name, customer_email,
         signed_by, currency, subtotal, shipping, tax_rate, tax, total, created_at)
       values ($1, case when $1 = 'cancelled' then 'No' end, 'Q-000001', 1, 'C', 'tz@example.com', 'C',
         $3, $2, 0, 0, 0, $2, ${at.startsWith('(') ? at : `'${at}'::timestamptz`})
       returning id, number`,
      [status, total, ctx.config.currency],
    )
  )[0];

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('a calendar day in TIMEZONE', () => {
  it('spans local midnight to local midnight, a 25-hour day where the offset changes', () => {
    expect(dayStartIn('2026-03-01', ZONE).toISOString()).toBe('2026-02-28T11:00:00.000Z');
    expect(dayEndIn('2026-03-31', ZONE).toISOString()).toBe('2026-03-31T11:00:00.000Z');
    // Auckland leaves daylight time at 03:00 on 2026-04-05.
    expect(dayStartIn('2026-04-05', ZONE).toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(dayEndIn('2026-04-05', ZONE).toISOString()).toBe('2026-04-05T12:00:00.000Z');
    expect(dayEndIn('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStartIn(ZONE, new Date('2026-02-28T11:00:00Z')).toISOString()).toBe(
      '2026-02-28T11:00:00.000Z',
    );
    expect(monthStartIn(ZONE, new Date('2026-02-28T10:59:59Z')).toISOString()).toBe(
      '2026-01-31T11:00:00.000Z',
    );
    // The chart's days end with today there: 1 March in Auckland while 28 February in UTC.
    expect(lastDaysIn(3, ZONE, new Date('2026-02-28T11:00:00Z'))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(lastDaysIn(2, 'America/Los_Angeles', new Date('2027-01-01T07:59:59Z'))).toEqual([
      '2026-12-30',
      '2026-12-31',
    ]);
  });
});

describe('the orders list by the days ordered', () => {
  it('takes from and to as days in TIMEZONE, both ends included, in the list and its CSV', async () => {
    await q('truncate orders cascade');
    const before = await order('2026-02-28T10:59:59.999Z'); // 28 Feb, 23:59:59.999 in Auckland
    const first = await order('2026-02-28T11:00:00Z'); // 1 March, 00:00 (28 Feb in UTC)
    const last = await order('2026-03-31T10:59:59.999Z'); // 31 March, 23:59:59.999
    const after = await order('2026-03-31T11:00:00Z'); // 1 April, 00:00 (31 March in UTC)
    const dstDay = await order('2026-04-05T11:59:59.999Z'); // 5 April, 23:59:59.999 (NZST)
    const dstNext = await order('2026-04-05T12:00:00Z'); // 6 April, 00:00
    const ids = async (query: string) => {
      const res = await get(`/api/orders?limit=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return sorted((res.json().data as { id: number }[]).map((o) => o.id));
    };
    expect(await ids('from=2026-03-01&to=2026-03-31')).toEqual(sorted([first.id, last.id]));
    expect(await ids('from=2026-03-01')).toEqual(
      sorted([first.id, last.id, after.id, dstDay.id, dstNext.id]),
    );
    expect(await ids('to=2026-02-28')).toEqual([before.id]);
    expect(await ids('from=2026-04-01&to=2026-04-01')).toEqual([after.id]);
    // A day of 25 hours, its last instant in it.
    expect(await ids('from=2026-04-05&to=2026-04-05')).toEqual([dstDay.id]);

    const csv = await get('/api/orders/export.csv?from=2026-03-01&to=2026-03-31');
    expect(csv.statusCode, csv.body).toBe(200);
    const numbers = (parse(csv.body, { columns: true }) as { number: string }[]).map((r) => r.number);
    expect(numbers.sort()).toEqual([orderNumber(first.number), orderNumber(last.number)].sort());
  });
});

describe("the dashboard's orders this month", () => {
  it("counts the month in TIMEZONE: from its first day's midnight there", async () => {
    await q('truncate orders cascade');
    const [{ start }] = await q<{ start: Date }>(
      `select date_trunc('month', now() at time zone '${ZONE}') at time zone '${ZONE}' as start`,
    );
    // Auckland's month begins 11 or 12 hours before UTC's: the first row is last month in UTC.
    await order(`('${start.toISOString()}'::timestamptz)`, '10.10');
    await order(`('${start.toISOString()}'::timestamptz + interval '1 hour')`, '0.25');
    await order(`('${start.toISOString()}'::timestamptz + interval '2 hours')`, '500.00', 'cancelled');
    await order(`('${start.toISOString()}'::timestamptz - interval '1 millisecond')`, '7.00', 'completed');
    const res = await get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders).toEqual({
      this_month: 2,
      this_month_value: 10.35,
      open_by_status: { confirmed: 2, in_progress: 0, shipped: 0 },
    });
  });

  it('counts a zone behind UTC from its own midnight too (America/Los_Angeles)', async () => {
    await q('truncate orders cascade');
    const zone = 'America/Los_Angeles';
    const [{ start }] = await q<{ start: Date }>(
      `select date_trunc('month', now() at time zone '${zone}') at time zone '${zone}' as start`,
    );
    // Los Angeles's month begins 7 or 8 hours after UTC's: the second row is this month in UTC.
    await order(`('${start.toISOString()}'::timestamptz)`, '3.00');
    await order(`('${start.toISOString()}'::timestamptz - interval '1 millisecond')`, '4.00');
    const { orders } = await createDashboardService(ctx.database.db, { timeZone: zone }).get();
    expect(orders.this_month).toBe(1);
    expect(orders.this_month_value).toBe(3);
  });

  it("counts the pipeline's requests of the month in TIMEZONE as well", async () => {
    await q('truncate inquiries cascade');
    const [{ start }] = await q<{ start: Date }>(
      `select date_trunc('month', now() at time zone '${ZONE}') at time zone '${ZONE}' as start`,
    );
    for (const [name, at] of [
      ['Last month', `$2::timestamptz - interval '1 millisecond'`],
      ['First', '$2::timestamptz'],
      ['Same UTC day', `$2::timestamptz + interval '1 minute'`],
      ['Next UTC day', `$2::timestamptz + interval '13 hours'`],
    ])
      await q(
        `insert into inquiries (name, email, subject, message, created_at)
         values ($1, 'tz@example.com', 's', 'm', ${at})`,
        [name, start.toISOString()],
      );
    const res = await get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pipeline.requests).toBe(3);
  });
});

/** Requests made at each instant (ISO), through an insert the counting triggers see. */
const requestsAt = (context: TestContext, instants: Date[]) =>
  context.database.pool.query(
    `insert into inquiries (name, email, subject, message, created_at)
     select 'At ' || t, 'tz@example.com', 's', 'm', t from unnest($1::timestamptz[]) as t`,
    [instants.map((t) => t.toISOString())],
  );

/**
 * The chart's bars are the last 30 days in the zone: requests a millisecond either side of local
 * midnights, and at 5 pm local (the next day in UTC west of it, the same one east), each on the bar
 * of the day they were made there.
 */
async function checkChart(context: TestContext, zone: string) {
  await context.database.pool.query('truncate inquiries cascade');
  const days = lastDaysIn(30, zone);
  const ms = (t: Date, plus: number) => new Date(t.getTime() + plus);
  const today = days[29];
  const some = days[24];
  const requests: [Date, string | null][] = [
    // The day before the chart's first: not on it.
    [ms(dayStartIn(days[0], zone), -1), null],
    [dayStartIn(days[0], zone), days[0]],
    [ms(dayStartIn(some, zone), -1), days[23]],
    [dayStartIn(some, zone), some],
    [ms(dayStartIn(some, zone), 15 * 60_000 - 1), some],
    [ms(dayStartIn(some, zone), 17 * 3_600_000), some],
    [ms(dayEndIn(some, zone), -1), some],
    [dayEndIn(some, zone), days[25]],
    [ms(dayStartIn(today, zone), -1), days[28]],
    [dayStartIn(today, zone), today],
  ];
  await requestsAt(
    context,
    requests.map(([at]) => at),
  );
  const expected = new Map<string, number>();
  for (const [, day] of requests) if (day) expected.set(day, (expected.get(day) ?? 0) + 1);
  const res = await context.as(context.adminToken).get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().inquiries_per_day).toEqual(
    days.map((date) => ({ date, count: expected.get(date) ?? 0 })),
  );
  expect(today).toBe(todayIn(zone));
}

describe("the dashboard's requests per day", () => {
  it('puts each request on the bar of its day in TIMEZONE (Pacific/Auckland)', async () => {
    await checkChart(ctx, ZONE);
  });

  describe('west of UTC (America/Los_Angeles)', () => {
    let west: TestContext;
    beforeAll(async () => {
      west = await createTestContext({ TIMEZONE: 'America/Los_Angeles' });
    });
    afterAll(() => west.close());

    it('puts each request on the bar of its day there', async () => {
      await checkChart(west, 'America/Los_Angeles');
    });

    it("counts the pipeline's month from its first local midnight", async () => {
      await west.database.pool.query('truncate inquiries cascade');
      const start = monthStartIn('America/Los_Angeles');
      // The first is this month in UTC, the last the next day in UTC: both counted by the old day rows.
      await requestsAt(west, [
        new Date(start.getTime() - 1),
        start,
        new Date(start.getTime() + 17 * 3_600_000),
      ]);
      const res = await west.as(west.adminToken).get('/api/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pipeline.requests).toBe(2);
    });
  });

  it('counts the last 7 days from the instant a week ago, in the middle of a quarter hour', async () => {
    await q('truncate inquiries cascade');
    // A request each minute of the quarter hour the week's edge falls in, on both sides of it (its
    // part after the edge is counted from the requests), the next quarter hour, and two either side.
    // One just after the edge, so the week holds a request near it wherever in its quarter hour the
    // edge falls (after the last minute's request, the minutes give none).
    await q(`insert into inquiries (name, email, subject, message, created_at)
      select 'Edge', 'tz@example.com', 's', 'm', t from (
        select date_bin('15 minutes', now() - interval '7 days', timestamptz '2000-01-01 00:00+00')
          + make_interval(secs => 30 + 60 * k) as t from generate_series(0, 14) k
        union all select date_bin('15 minutes', now() - interval '7 days', timestamptz '2000-01-01 00:00+00')
          + interval '15 minutes'
        union all select now() - interval '8 days'
        union all select now() - interval '7 days' + interval '5 seconds'
        union all select now() - interval '1 minute') r`);
    const res = await get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from inquiries where created_at >= now() - interval '7 days'",
    );
    expect(res.json().counts.inquiries_last_7_days).toBe(n);
    expect(n).toBeGreaterThanOrEqual(3);
  });
});

describe('other lists by day', () => {
  it('the requests inbox takes from and to as days in TIMEZONE', async () => {
    await q('truncate inquiries cascade');
    const made: Record<string, number> = {};
    for (const [name, at] of [
      ['Before', '2026-02-28T10:59:59.999Z'],
      ['First', '2026-02-28T11:00:00Z'],
      ['Last', '2026-03-31T10:59:59.999Z'],
      ['After', '2026-03-31T11:00:00Z'],
    ])
      made[name] = (
        await q<{ id: number }>(
          `insert into inquiries (name, email, subject, message, created_at)
           values ($1, 'tz@example.com', 's', 'm', $2) returning id`,
          [name, at],
        )
      )[0].id;
    const res = await get('/api/inquiries?from=2026-03-01&to=2026-03-31&perPage=50');
    expect(res.statusCode, res.body).toBe(200);
    expect(sorted(res.json().data.map((i: { id: number }) => i.id))).toEqual(sorted([made.First, made.Last]));
    expect(res.json().meta.total).toBe(2);
    const csv = await get('/api/inquiries/export.csv?from=2026-03-01&to=2026-03-31');
    expect(csv.statusCode, csv.body).toBe(200);
    expect((parse(csv.body, { columns: true }) as { name: string }[]).map((r) => r.name).sort()).toEqual([
      'First',
      'Last',
    ]);
  });

  it('the change log takes from and to as days in TIMEZONE', async () => {
    const ids: Record<string, number> = {};
    for (const [tx, [name, at]] of [
      ['before', '2026-02-28T10:59:59.999Z'],
      ['first', '2026-02-28T11:00:00Z'],
      ['last', '2026-03-31T10:59:59.999Z'],
      ['after', '2026-03-31T11:00:00Z'],
    ].entries())
      ids[name] = Number(
        (
          await q<{ id: string }>(
            `insert into change_log (at, actor_id, entity_type, entity_id, action, changes, tx)
             values ($1, null, 'brand', 1, 'update', '{}'::jsonb, $2) returning id`,
            [at, -1 - tx],
          )
        )[0].id,
      );
    const res = await get('/api/history?from=2026-03-01&to=2026-03-31&limit=50');
    expect(res.statusCode, res.body).toBe(200);
    expect(sorted(res.json().data.map((e: { id: number }) => Number(e.id)))).toEqual(
      sorted([ids.first, ids.last]),
    );
  });
});
