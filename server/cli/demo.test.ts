import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createDashboardService } from '../modules/dashboard/dashboard.service';
import { openTestDatabase } from '../test/harness';
import { prepareDemo } from './demo';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-demo-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const counts = async () => {
  const { rows } = await database.pool.query(`select
    (select count(*) from users)::int as users,
    (select count(*) from categories)::int as categories,
    (select max(depth) from categories)::int as max_depth,
    (select count(*) from categories where image_url is null)::int as categories_without_image,
    (select count(*) from brands)::int as brands,
    (select count(*) from brands where logo_url is null)::int as brands_without_logo,
    (select count(*) from products)::int as products,
    (select count(distinct product_id) from product_images)::int as products_with_images,
    (select count(*) from product_lists)::int as lists,
    (select count(*) from product_spec_groups)::int as spec_groups,
    (select count(*) from product_tables)::int as tables,
    (select count(*) from discounts)::int as discounts,
    (select count(distinct applies_to) from discounts)::int as scopes,
    (select count(*) from discounts where not active)::int as inactive,
    (select count(*) from discounts where starts_at > now())::int as scheduled,
    (select count(*) from discounts where ends_at < now())::int as expired,
    (select count(*) from inquiries)::int as inquiries,
    (select count(*) from inquiries where created_at < now() - interval '30 days')::int as last_month_inquiries,
    (select count(*) from inquiries where created_at < now() - interval '60 days')::int as old_inquiries,
    (select count(*) from inquiries where email !~ '^[a-z0-9.]+@example[.]com$')::int as odd_emails,
    (select count(*) from images)::int as images,
    (select count(distinct status) from inquiries)::int as statuses,
    (select count(distinct status) from quotes)::int as quote_statuses,
    (select count(*) from quotes where status = 'expired' and valid_until < current_date)::int as expired_quotes,
    (select count(*) from quotes where answer_kind = 'accepted' and answer_name is not null)::int as signed,
    (select count(*) from inquiry_notes)::int as notes,
    (select count(*) from inquiries where owner_id is not null)::int as owned,
    (select count(distinct status) from orders)::int as order_statuses,
    (select count(*) from customers)::int as customers,
    (select count(*) from customers where request_count > 1)::int as repeat_customers,
    (select count(*) from customers where order_count > 0)::int as customers_with_orders,
    (select count(*) from inquiries where customer_id is null)::int as unlinked_inquiries,
    (select count(*) from orders where customer_id is null)::int as unlinked_orders,
    (select max(n) from (select count(*) as n from customers group by company_id having company_id is not null) c)::int
      as most_buyers_in_a_company,
    (select count(*) from customers where sees_company)::int as seeing_company,
    (select count(*) from orders o where o.total <> (select sum(l.line_total) from order_lines l
      where l.order_id = o.id) + o.shipping + o.tax)::int as orders_off_total`);
  return rows[0];
};

describe('npm run demo', () => {
  it('seeds a realistic catalogue once, and a second run adds nothing', async () => {
    const first = await prepareDemo(database, { dataDir, currency: 'USD' });
    expect(first?.admin.email).toBe('admin@demo.stockroom');
    expect(first?.sales?.email).toBe('sales@demo.stockroom');
    const after = await counts();
    expect(after).toMatchObject({
      users: 3,
      max_depth: 2,
      categories_without_image: 0,
      brands: 10,
      brands_without_logo: 0,
      scopes: 3,
      old_inquiries: 0,
      odd_emails: 0,
      inquiries: 40,
      // Every status of a request and of a sent quote, with notes, owners and a signature.
      statuses: 6,
      quote_statuses: 6,
      expired_quotes: 1,
      // The accepted request and five more, one order in each status.
      signed: 6,
      order_statuses: 5,
      orders_off_total: 0,
      // Eight buyers with five requests each, some of them accepted; one company has two buyers,
      // one of whom sees the company's requests.
      customers: 8,
      repeat_customers: 8,
      unlinked_inquiries: 0,
      unlinked_orders: 0,
      most_buyers_in_a_company: 2,
      seeing_company: 1,
    });
    expect(after.customers_with_orders).toBeGreaterThan(1);
    // Spread over 60 days, with the newest in this month.
    expect(after.last_month_inquiries).toBeGreaterThan(0);
    const { pipeline } = await createDashboardService(database.db).get();
    expect(pipeline.requests).toBeGreaterThan(0);
    // The desk's answers come 30 hours after a request; from the month's third day on, it is at
    // work in the dashboard's month.
    if (new Date().getUTCDate() >= 3) {
      expect(pipeline.quoted).toBeGreaterThan(0);
      expect(pipeline.accepted).toBeGreaterThan(0);
      expect(pipeline.accepted_value).toBeGreaterThan(0);
    }
    const { rows: names } = await database.pool.query<{ name: string }>('select name from products');
    expect(names.filter((r) => /Wrenche |Knive /.test(r.name))).toEqual([]);
    expect(names.some((r) => /Knife /.test(r.name))).toBe(true);
    // The search benchmark's relevance set names these products; its own test reads this copy.
    const { rows: products } = await database.pool.query(
      'select slug, sku, status from products order by id',
    );
    expect({ products }).toEqual(
      JSON.parse(
        readFileSync(path.join(import.meta.dirname, '../../bench/search/demo-products.json'), 'utf8'),
      ),
    );
    // The first drill in three sizes, gardening gloves in four, bolts in four lengths and two finishes.
    const { rows: withOptions } = await database.pool.query(`select p.slug, p.mrp::text, p.mrp_max::text,
        array(select o.name || ': ' || (select string_agg(v.value, ', ' order by v.position)
          from product_option_values v where v.option_id = o.id)
          from product_options o where o.product_id = p.id order by o.position) as options,
        (select count(*) from product_variants v where v.product_id = p.id)::int as variants
      from products p where exists (select 1 from product_options o where o.product_id = p.id) order by p.id`);
    expect(withOptions).toMatchObject([
      { slug: 'forge-rugged-drill-100', options: ['Size: S, M, L'], variants: 3 },
      {
        slug: 'forge-hex-bolt-m8-box-of-100',
        mrp: '6.90',
        mrp_max: '14.40',
        options: ['Length: 20 mm, 30 mm, 40 mm, 50 mm', 'Finish: Zinc-plated, Stainless'],
        variants: 8,
      },
      {
        slug: 'greenleaf-gardening-gloves',
        mrp: '9.90',
        mrp_max: null,
        options: ['Size: S, M, L, XL'],
        variants: 4,
      },
    ]);
    expect(withOptions[0].mrp_max).not.toBeNull();
    expect(after.notes).toBeGreaterThan(0);
    expect(after.owned).toBeGreaterThan(0);
    expect(after.products).toBeGreaterThanOrEqual(60);
    expect(after.products_with_images).toBeGreaterThanOrEqual(60);
    expect(after.lists).toBeGreaterThan(0);
    expect(after.spec_groups).toBeGreaterThan(0);
    expect(after.tables).toBeGreaterThan(0);
    for (const state of ['inactive', 'scheduled', 'expired'] as const)
      expect(after[state], state).toBeGreaterThan(0);
    // Every stored image has its two files.
    expect(readdirSync(path.join(dataDir, 'uploads')).filter((f) => f.endsWith('.webp'))).toHaveLength(
      after.images * 2,
    );

    const second = await prepareDemo(database, { dataDir, currency: 'USD' });
    expect(second).toEqual(first);
    expect(await counts()).toEqual(after);
  });
});
