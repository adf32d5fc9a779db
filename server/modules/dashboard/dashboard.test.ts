import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { png } from '../../test/images';

let ctx: TestContext;
let token: string;
const q = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);
const utcDay = (offsetDays: number) =>
  new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Dash Viewer', email: 'dash@example.com' })).token;
  const brand = (await ctx.as(token).post('/api/brands', { name: 'Dash Brand' })).json();
  const cat = (await ctx.as(token).post('/api/categories', { name: 'Dash Cat' })).json();
  await ctx.as(token).post('/api/categories', { name: 'Dash Cat 2' });
  const complete = (
    await ctx
      .as(token)
      .post('/api/products', { name: 'Complete', brand_id: brand.id, category_id: cat.id, mrp: 1 })
  ).json();
  await ctx.as(token).post('/api/products', { name: 'No Brand', category_id: cat.id, mrp: 1 });
  await ctx.as(token).post('/api/products', { name: 'Bare', mrp: 1 });
  // Only "Complete" gets an image.
  const form = new FormData();
  form.append('images[]', new Blob([new Uint8Array(await png('#0d0d0d'))], { type: 'image/png' }), 'a.png');
  const body = new Response(form);
  await ctx
    .as(token)
    .post(`/api/products/${complete.id}/images/batch`, Buffer.from(await body.arrayBuffer()), {
      headers: { 'content-type': body.headers.get('content-type') ?? '' },
    });
  // Discounts: live, inactive, expired, and one ending in three days.
  const ins = (name: string, extra: string) =>
    q(
      `insert into discounts (name, type, value, applies_to, brand_id, active, starts_at, ends_at) values ($1, 'percent', 5, 'brand', $2, ${extra})`,
      [name, brand.id],
    );
  await ins('Live', `true, null, null`);
  await ins('Off', `false, null, null`);
  await ins('Expired', `true, null, now() - interval '1 day'`);
  await ins('Ending', `true, null, now() + interval '3 days'`);
  await ins('Later', `true, null, now() + interval '30 days'`);
  // Inquiries: today ×2, 3 days ago, 10 days ago, 40 days ago.
  for (const [name, daysAgo] of [
    ['Today A', 0],
    ['Today B', 0],
    ['Three', 3],
    ['Ten', 10],
    ['Forty', 40],
  ] as const) {
    await q(
      `insert into inquiries (name, email, subject, message, created_at) values ($1, 'x@example.com', $2, 'm', now() - make_interval(days => $3::int))`,
      [name, `About ${name}`, daysAgo],
    );
  }
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it('needs a token', async () => {
    expect((await ctx.as().get('/api/dashboard')).statusCode).toBe(401);
  });

  it('reports the figures of the known data', async () => {
    const res = await ctx.as(token).get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.counts).toEqual({
      products: 3,
      categories: 2,
      brands: 1,
      active_discounts: 3,
      inquiries: 5,
      inquiries_last_7_days: 3,
    });
    expect(d.latest_inquiries.map((i: { name: string }) => i.name).slice(2)).toEqual([
      'Three',
      'Ten',
      'Forty',
    ]);
    expect(d.latest_inquiries).toHaveLength(5);

    expect(d.inquiries_per_day).toHaveLength(30);
    expect(d.inquiries_per_day[29]).toEqual({ date: utcDay(0), count: 2 });
    expect(d.inquiries_per_day[0].date).toBe(utcDay(29));
    const byDate = Object.fromEntries(
      d.inquiries_per_day.map((x: { date: string; count: number }) => [x.date, x.count]),
    );
    expect(byDate[utcDay(3)]).toBe(1);
    expect(byDate[utcDay(10)]).toBe(1);
    expect(d.inquiries_per_day.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(4);

    expect(d.health.products_without_images.count).toBe(2);
    expect(d.health.products_without_images.items.map((p: { name: string }) => p.name).sort()).toEqual([
      'Bare',
      'No Brand',
    ]);
    expect(d.health.products_without_category_or_brand.count).toBe(2);
    const missing = Object.fromEntries(
      d.health.products_without_category_or_brand.items.map((p: { name: string; missing: string[] }) => [
        p.name,
        p.missing,
      ]),
    );
    expect(missing).toEqual({ 'No Brand': ['brand'], Bare: ['category', 'brand'] });
    expect(d.health.discounts_ending_soon).toMatchObject({
      count: 1,
      items: [{ name: 'Ending', target_name: 'Dash Brand' }],
    });
  });

  it('counts a product without images again once its last image is deleted (migration 0006 keeps the count)', async () => {
    const [image] = (await q('select id, product_id from product_images')).rows;
    const headers = ctx.auth(token);
    const del = await ctx
      .as()
      .post(`/api/products/${image.product_id}/images/${image.id}/delete`, undefined, { headers: headers });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const d = (await ctx.as().get('/api/dashboard', { headers: headers })).json();
    expect(d.health.products_without_images.count).toBe(3);
    expect((await q('select sum(image_count)::int as n from products')).rows[0].n).toBe(0);
  });

  it('keeps its totals true through bulk writes, deletes, moves, a rollback and a truncate (migrations 0007, 0047)', async () => {
    const headers = ctx.auth(token);
    const dashboard = async () => (await ctx.as().get('/api/dashboard', { headers: headers })).json();
    /** What the dashboard must say, counted the slow way. */
    const truth = async () => {
      const one = async (text: string) => (await q(text)).rows[0].n as number;
      return {
        products: await one('select count(*)::int as n from products'),
        categories: await one('select count(*)::int as n from categories'),
        brands: await one('select count(*)::int as n from brands'),
        inquiries: await one('select count(*)::int as n from inquiries'),
        inquiries_last_7_days: await one(
          "select count(*)::int as n from inquiries where created_at >= now() - interval '7 days'",
        ),
        perDay: (
          await q(`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, count(*)::int as n
                   from inquiries group by 1`)
        ).rows.reduce((m, r) => m.set(r.date, r.n), new Map<string, number>()),
        quarters: (
          await q(`select at, count(*)::int as n from (
                     select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') as at
                     from inquiries) i
                   group by at order by at`)
        ).rows,
        withoutImages: await one('select count(*)::int as n from products where image_count = 0'),
        withoutTaxonomy: await one(
          'select count(*)::int as n from products where category_id is null or brand_id is null',
        ),
      };
    };
    const agrees = async () => {
      const [d, t] = [await dashboard(), await truth()];
      expect(d.counts).toMatchObject({
        products: t.products,
        categories: t.categories,
        brands: t.brands,
        inquiries: t.inquiries,
        inquiries_last_7_days: t.inquiries_last_7_days,
      });
      for (const day of d.inquiries_per_day as { date: string; count: number }[])
        expect(day.count, day.date).toBe(t.perDay.get(day.date) ?? 0);
      // Kept by migration 0047's triggers; a quarter hour emptied stays as a row of 0.
      expect((await q('select at, n from inquiry_quarters where n <> 0 order by at')).rows).toEqual(
        t.quarters,
      );
      // Kept by migration 0015's triggers.
      expect(d.health.products_without_images.count).toBe(t.withoutImages);
      expect(d.health.products_without_category_or_brand.count).toBe(t.withoutTaxonomy);
    };

    // Either side of the rolling window's edge, which falls inside a day.
    await q(`insert into inquiries (name, email, subject, message, created_at) values
      ('Edge in', 'e@example.com', 's', 'm', now() - interval '7 days' + interval '1 minute'),
      ('Edge out', 'e@example.com', 's', 'm', now() - interval '7 days' - interval '1 minute')`);
    // A bulk insert, as the seed and scripts write.
    await q(`insert into inquiries (name, email, subject, message, created_at)
      select 'Bulk ' || i, 'b@example.com', 's', 'm', now() - make_interval(hours => i * 5, mins => i * 7) from generate_series(1, 200) i`);
    await q(
      `insert into products (name, slug, mrp) select 'Bulk ' || i, 'bulk-count-' || i, 1 from generate_series(1, 50) i`,
    );
    await agrees();

    await q("delete from inquiries where name like 'Bulk 1%'");
    await q("delete from products where slug like 'bulk-count-1%'");
    // Scripts' updates: a category and a brand for some, images counted for others, and an
    // update that moves neither total.
    await q(`update products set category_id = (select min(id) from categories), brand_id = (select min(id) from brands)
      where slug like 'bulk-count-2%'`);
    await q("update products set image_count = 2 where slug like 'bulk-count-3%'");
    await q("update products set image_count = 3 where slug like 'bulk-count-3%'");
    await q("update products set name = name || ' (renamed)' where slug like 'bulk-count-4%'");
    await agrees();
    // Deleting the brand sets brand_id null on its products (ON DELETE SET NULL), in the
    // database's own update, which the triggers see too.
    await q("update inquiries set created_at = created_at - interval '3 days' where name like 'Bulk 2%'");
    // Moves by a minute: some stay in their quarter hour, some cross into the one before.
    await q("update inquiries set created_at = created_at - interval '1 minute' where name like 'Bulk 3%'");
    const del = await ctx
      .as()
      .delete(
        `/api/brands/${(await q("select id from brands where name = 'Dash Brand'")).rows[0].id}`,
        undefined,
        { headers: headers },
      );
    expect(del.statusCode, del.body).toBeLessThan(500);
    await agrees();

    // A write that rolls back leaves the counters as they were.
    const before = (await dashboard()).counts;
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        "insert into inquiries (name, email, subject, message) values ('Gone', 'g@example.com', 's', 'm')",
      );
      await client.query("insert into products (name, slug, mrp) values ('Gone', 'gone-product', 1)");
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await dashboard()).counts).toEqual(before);
    await agrees();

    await q('truncate inquiries cascade');
    await agrees();
    expect((await dashboard()).counts.inquiries).toBe(0);
  });
});

describe('kept health totals (migration 0015)', () => {
  it('count what a bulk insert adds, and go to zero with a truncate', async () => {
    const fresh = await createTestContext();
    try {
      const pq = (text: string) => fresh.database.pool.query(text);
      const kept = async () =>
        Object.fromEntries(
          (await pq('select name, n from health_counts order by name')).rows.map((r) => [r.name, r.n]),
        );
      expect(await kept()).toEqual({ products_without_images: 0, products_without_taxonomy: 0 });
      await pq(`insert into products (name, slug, mrp, image_count, brand_id)
        select 'Kept ' || g, 'kept-' || g, 1, g % 3, null from generate_series(1, 30) g`);
      expect(await kept()).toEqual({ products_without_images: 10, products_without_taxonomy: 30 });
      await pq('truncate products cascade');
      expect(await kept()).toEqual({ products_without_images: 0, products_without_taxonomy: 0 });
    } finally {
      await fresh.close();
    }
  });
});

describe('dashboard health lists past their five rows', () => {
  it('each total counts every match, while the rows shown are the newest five', async () => {
    const n = 12;
    await q(
      `insert into products (name, slug, mrp, created_at)
       select 'Health ' || g, 'health-' || g, 1, now() + interval '1 day' - make_interval(mins => g)
       from generate_series(1, $1::int) g`,
      [n],
    );
    await q(
      `insert into discounts (name, type, value, applies_to, product_id, active, ends_at)
       select 'Soon ' || g, 'percent', 5, 'product', (select min(id) from products), true,
         now() + make_interval(hours => g)
       from generate_series(1, $1::int) g`,
      [n],
    );
    const one = async (text: string) => (await q(text)).rows[0].n as number;
    const res = await ctx.as(token).get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const h = res.json().health;
    const noImages = await one('select count(*)::int as n from products where image_count = 0');
    const noTaxonomy = await one(
      'select count(*)::int as n from products where category_id is null or brand_id is null',
    );
    const ending = await one(
      `select count(*)::int as n from discounts where active and ends_at >= now() and ends_at <= now() + interval '7 days'`,
    );
    expect(noImages).toBeGreaterThan(n);
    expect(h.products_without_images.count).toBe(noImages);
    expect(h.products_without_category_or_brand.count).toBe(noTaxonomy);
    expect(h.discounts_ending_soon.count).toBe(ending);
    // The rows are the newest (or soonest ending) five, in order.
    expect(h.products_without_images.items.map((p: { name: string }) => p.name)).toEqual([
      'Health 1',
      'Health 2',
      'Health 3',
      'Health 4',
      'Health 5',
    ]);
    expect(h.discounts_ending_soon.items.map((d: { name: string }) => d.name)).toEqual([
      'Soon 1',
      'Soon 2',
      'Soon 3',
      'Soon 4',
      'Soon 5',
    ]);
  });
});

describe("the quote desk's month (pipeline)", () => {
  it('counts requests, first quotes, answers, the win rate, the median wait and the accepted value', async () => {
    await q('truncate inquiries cascade');
    const m = `date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;
    const inquiry = async (name: string, hours: number) =>
      (
        await q(
          `insert into inquiries (name, email, subject, message, created_at)
           values ($1, 'p@example.com', 's', 'm', ${m} + make_interval(hours => $2::int)) returning id`,
          [name, hours],
        )
      ).rows[0].id as number;
    let version = 0;
    const quote = async (
      inquiryId: number,
      sentHours: number,
      answer: { kind: 'accepted' | 'declined'; hours: number } | null,
      lines: [quantity: number, unit: string, off: string][] = [[1, '1.00', '0']],
      money: { shipping: string; tax: string } = { shipping: '0', tax: '0' },
    ) => {
      version += 1;
      const { id } = (
        await q(
          `insert into quotes (inquiry_id, version, status, token, currency, shipping, tax_rate, valid_until,
             sent_at, answered_at, answer_kind)
           values ($1, $2, $3, $4, 'USD', $5, $6, '2099-01-01', ${m} + make_interval(hours => $7::int),
             case when $8::int is null then null else ${m} + make_interval(hours => $8::int) end, $9)
           returning id`,
          [
            inquiryId,
            version,
            answer?.kind ?? 'sent',
            `token-${version}-${'x'.repeat(24)}`,
            money.shipping,
            money.tax,
            sentHours,
            answer?.hours ?? null,
            answer?.kind ?? null,
          ],
        )
      ).rows[0];
      for (const [position, [quantity, unit, off]] of lines.entries())
        await q(
          `insert into quote_lines (quote_id, position, name, quantity, unit_price, discount_percent)
           values ($1, $2, 'line', $3, $4, $5)`,
          [id, position, quantity, unit, off],
        );
    };
    // Asked and first quoted last month: neither a request nor a first quote of this month.
    const old = await inquiry('Old', -240);
    await quote(old, -24, null);
    await quote(old, 1, null);
    // This month: quoted after 2, 6 and 10 hours; one never quoted.
    await quote(await inquiry('Won', 1), 3, { kind: 'accepted', hours: 4 }, [[3, '19.99', '15']]);
    await quote(await inquiry('Lost', 2), 8, { kind: 'declined', hours: 9 });
    await quote(await inquiry('Won too', 3), 13, { kind: 'accepted', hours: 14 }, [[1, '0.15', '10']], {
      shipping: '1.00',
      tax: '10',
    });
    await inquiry('Waiting', 4);
    const res = await ctx.as(token).get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    // 50.97 (3 × 19.99 less 15 %) + 1.25 (0.14 + 1.00 shipping, 10 % tax 0.11).
    expect(res.json().pipeline).toEqual({
      requests: 4,
      quoted: 3,
      accepted: 2,
      win_rate: 2 / 3,
      median_hours_to_quote: 6,
      accepted_value: 52.22,
    });
  });

  it('says null for the rates when nothing was answered or quoted', async () => {
    await q('truncate inquiries cascade');
    const res = await ctx.as(token).get('/api/dashboard');
    expect(res.json().pipeline).toEqual({
      requests: 0,
      quoted: 0,
      accepted: 0,
      win_rate: null,
      median_hours_to_quote: null,
      accepted_value: 0,
    });
  });
});

describe('orders on the dashboard', () => {
  it('counts this month’s orders and their value (cancelled left out) and the open ones by status', async () => {
    await q('truncate orders cascade');
    const m = `date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;
    const order = (status: string, total: string, hours: number) =>
      q(
        `insert into orders (status, cancel_reason, reference, quote_version, customer_name, customer_email,
           signed_by, currency, subtotal, shipping, tax_rate, tax, total, created_at)
         values ($1, case when $1 = 'cancelled' then 'No' end, 'Q-000001', 1, 'C', 'c@example.com', 'C', 'USD',
           $2, 0, 0, 0, $2, ${m} + make_interval(hours => $3::int))`,
        [status, total, hours],
      );
    await order('confirmed', '10.10', 1);
    await order('confirmed', '0.20', 2);
    await order('in_progress', '100.00', 3);
    await order('shipped', '5.05', 4);
    await order('completed', '1.00', 5);
    await order('cancelled', '999.00', 6);
    // Last month: open, so counted by status, but not among this month's orders.
    await order('shipped', '50.00', -48);
    const res = await ctx.as(token).get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders).toEqual({
      this_month: 5,
      this_month_value: 116.35,
      open_by_status: { confirmed: 2, in_progress: 1, shipped: 2 },
    });
  });
});
