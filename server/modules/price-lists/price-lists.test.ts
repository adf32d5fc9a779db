import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_TEXT } from '#domain/history';
import { PRICE_LIST_TEXT } from '#domain/price-lists';
import {
  createCustomer,
  createDraftQuote,
  createProduct,
  createProductWithVariants,
  createQuoteRequest,
  signInBuyer,
  userWithRole,
} from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Prices per customer through the API on a real database: quantity breaks, fixed and percent
 * lists, their dates, company and customer assignments, the lowest-wins rule with its sources,
 * the rights, and a buyer reading their own prices in the portal.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '1000', PUBLIC_URL: 'https://shop.example.com' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const rows = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

/** A product without options: its default variant's id and the product. */
async function plainVariant(mrp: number) {
  const product = await createProduct(ctx.admin, { mrp });
  const [variant] = (await ctx.admin.ok('GET', `/api/products/${product.id}/variants`)).data as {
    id: number;
    sku: string;
  }[];
  return { product, variant };
}

const pricing = (query: string) => ctx.admin.ok('GET', `/api/pricing?${query}`);

describe('quantity breaks', () => {
  it('are set, read, replaced and removed, and price the quantity', async () => {
    const { variant } = await plainVariant(10);
    const set = await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, {
      tiers: [
        { min_quantity: 10, mrp: 9.5 },
        { min_quantity: 50, mrp: '9.00' },
      ],
    });
    expect(set).toEqual({
      tiers: [
        { min_quantity: 10, mrp: 9.5 },
        { min_quantity: 50, mrp: 9 },
      ],
    });
    expect(
      await rows('select min_quantity, mrp::text from variant_price_tiers where variant_id = $1 order by 1', [
        variant.id,
      ]),
    ).toEqual([
      { min_quantity: 10, mrp: '9.50' },
      { min_quantity: 50, mrp: '9.00' },
    ]);
    expect(await pricing(`variant_id=${variant.id}&quantity=9`)).toEqual({
      unit_price: 10,
      list_price: 10,
      source: { type: 'list' },
    });
    expect(await pricing(`variant_id=${variant.id}&quantity=10`)).toEqual({
      unit_price: 9.5,
      list_price: 10,
      source: { type: 'tier', min_quantity: 10 },
    });
    expect((await pricing(`variant_id=${variant.id}&quantity=500`)).unit_price).toBe(9);

    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 5, mrp: 8 }] });
    expect((await ctx.admin.ok('GET', `/api/variants/${variant.id}/tiers`)).tiers).toEqual([
      { min_quantity: 5, mrp: 8 },
    ]);
    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [] });
    expect(await rows('select 1 from variant_price_tiers where variant_id = $1', [variant.id])).toEqual([]);
  });

  it('refuses a break below 2, out of order or with a bad price, and changes nothing', async () => {
    const { variant } = await plainVariant(10);
    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 9 }] });
    for (const [tiers, field] of [
      [[{ min_quantity: 1, mrp: 9 }], 'tiers.0.min_quantity'],
      [
        [
          { min_quantity: 10, mrp: 9 },
          { min_quantity: 10, mrp: 8 },
        ],
        'tiers.1.min_quantity',
      ],
      [
        [
          { min_quantity: 20, mrp: 9 },
          { min_quantity: 10, mrp: 8 },
        ],
        'tiers.1.min_quantity',
      ],
      [[{ min_quantity: 10, mrp: -1 }], 'tiers.0.mrp'],
      [[{ min_quantity: 10, mrp: 9.999 }], 'tiers.0.mrp'],
    ] as const) {
      const res = await ctx.admin.put(`/api/variants/${variant.id}/tiers`, { tiers });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().details ?? {})).toContain(field);
    }
    expect((await ctx.admin.put('/api/variants/999999/tiers', { tiers: [] })).statusCode).toBe(404);
    expect(
      await rows('select min_quantity, mrp::text from variant_price_tiers where variant_id = $1', [
        variant.id,
      ]),
    ).toEqual([{ min_quantity: 10, mrp: '9.00' }]);
  });

  it('take the best discount on top of the break price', async () => {
    const { product, variant } = await plainVariant(10);
    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 9 }] });
    const discount = await ctx.admin.ok('POST', '/api/discounts', {
      name: 'Ten off',
      type: 'percent',
      value: 10,
      applies_to: 'product',
      product_id: product.id,
    });
    expect(await pricing(`variant_id=${variant.id}&quantity=10`)).toEqual({
      unit_price: 8.1,
      list_price: 10,
      source: { type: 'discount', id: discount.id },
    });
  });

  it('need product.price', async () => {
    const { variant } = await plainVariant(10);
    const sales = await userWithRole(ctx, 'sales');
    const res = await ctx
      .as(sales.token)
      .put(`/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 2, mrp: 1 }] });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('product.price');
    expect(await rows('select 1 from variant_price_tiers where variant_id = $1', [variant.id])).toEqual([]);
  });
});

describe('price lists', () => {
  it('a fixed list for a company prices its customers, lowest wins, and the answer names the list', async () => {
    const buyer = await createCustomer(ctx, { company: 'Acme Fixed Ltd' });
    const other = await createCustomer(ctx);
    const { variant } = await plainVariant(10);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Acme 2027',
      type: 'fixed',
      active: true,
      company_ids: [buyer.company.id],
      customer_ids: [],
    });
    expect(list).toMatchObject({
      name: 'Acme 2027',
      type: 'fixed',
      percent: null,
      company_ids: [buyer.company.id],
    });
    const put = await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [
        { variant_id: variant.id, min_quantity: 1, price: 8.75 },
        { sku: variant.sku, min_quantity: 100, price: '8.00' },
      ],
    });
    expect(put).toEqual({ count: 2 });
    expect(
      await rows(
        'select variant_id, min_quantity, price::text from price_list_prices where price_list_id = $1 order by 2',
        [list.id],
      ),
    ).toEqual([
      { variant_id: variant.id, min_quantity: 1, price: '8.75' },
      { variant_id: variant.id, min_quantity: 100, price: '8.00' },
    ]);

    expect(await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}`)).toEqual({
      unit_price: 8.75,
      list_price: 10,
      source: { type: 'price_list', id: list.id, name: 'Acme 2027' },
    });
    expect((await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}&quantity=100`)).unit_price).toBe(
      8,
    );
    expect((await pricing(`variant_id=${variant.id}&customer_id=${other.id}`)).source).toEqual({
      type: 'list',
    });
    expect((await pricing(`variant_id=${variant.id}`)).unit_price).toBe(10);

    // A break below the agreement wins for that quantity.
    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, {
      tiers: [{ min_quantity: 50, mrp: 8.5 }],
    });
    expect(await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}&quantity=60`)).toMatchObject({
      unit_price: 8.5,
      source: { type: 'tier', min_quantity: 50 },
    });

    // The same price again replaces the row rather than adding one.
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: variant.id, price: 7.5 }],
    });
    expect((await ctx.admin.ok('GET', `/api/price-lists/${list.id}`)).price_count).toBe(2);
    expect((await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}`)).unit_price).toBe(7.5);
  });

  it('a percent list for a customer takes its percent off the list or break price, exactly', async () => {
    const buyer = await createCustomer(ctx);
    const { variant } = await plainVariant(19.99);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Fifteen off',
      type: 'percent',
      percent: 15,
      active: true,
      company_ids: [],
      customer_ids: [buyer.id],
    });
    expect(await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}`)).toEqual({
      unit_price: 16.99,
      list_price: 19.99,
      source: { type: 'price_list', id: list.id, name: 'Fifteen off' },
    });
    const res = await ctx.admin.put(`/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: variant.id, price: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PRICE_LIST_TEXT.notFixed);
  });

  it('counts only while active and inside its dates', async () => {
    const buyer = await createCustomer(ctx);
    const { variant } = await plainVariant(10);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Next year',
      type: 'percent',
      percent: 50,
      starts_at: '2099-01-01 00:00:00',
      company_ids: [],
      customer_ids: [buyer.id],
    });
    const price = async () => (await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}`)).unit_price;
    expect(await price()).toBe(10);
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, {
      starts_at: null,
      ends_at: '2000-01-01 00:00:00',
    });
    expect(await price()).toBe(10);
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { ends_at: null });
    expect(await price()).toBe(5);
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { active: false });
    expect(await price()).toBe(10);
  });

  it('on a product with options, prices each variant by its own row', async () => {
    const buyer = await createCustomer(ctx);
    const product = await createProductWithVariants(ctx.admin, { values: ['S', 'M'] });
    const [small, medium] = product.variants;
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Sizes',
      type: 'fixed',
      customer_ids: [buyer.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: medium.id, price: 3 }],
    });
    expect((await pricing(`variant_id=${medium.id}&customer_id=${buyer.id}`)).unit_price).toBe(3);
    expect((await pricing(`variant_id=${small.id}&customer_id=${buyer.id}`)).source).toEqual({
      type: 'list',
    });
    const grid = await ctx.admin.ok(
      'GET',
      `/api/price-lists/${list.id}/prices?q=${encodeURIComponent(medium.sku)}`,
    );
    expect(grid.data).toEqual([
      expect.objectContaining({
        variant_id: medium.id,
        sku: medium.sku,
        title: 'M',
        min_quantity: 1,
        price: 3,
      }),
    ]);
    expect(grid.meta).toMatchObject({ total: 1, page: 1 });
  });
});

describe('price lists: the list, bad input and rights', () => {
  it('lists, searches, filters by company and customer, edits and deletes', async () => {
    const buyer = await createCustomer(ctx, { company: 'Listed Co' });
    const made = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Listed agreement',
      type: 'fixed',
      company_ids: [buyer.company.id],
      customer_ids: [buyer.id],
    });
    const found = await ctx.admin.ok('GET', '/api/price-lists?q=listed%20agree');
    expect(found.data.map((l: { id: number }) => l.id)).toEqual([made.id]);
    expect(found.meta).toMatchObject({ total: 1, total_exact: true, page: 1 });
    expect(
      (await ctx.admin.ok('GET', `/api/price-lists?company_id=${buyer.company.id}`)).data[0],
    ).toMatchObject({
      id: made.id,
      companies: [{ id: buyer.company.id, name: 'Listed Co' }],
      customers: [{ id: buyer.id, email: buyer.email }],
    });
    expect((await ctx.admin.ok('GET', `/api/price-lists?customer_id=${buyer.id}`)).data).toHaveLength(1);

    const renamed = await ctx.admin.ok('PATCH', `/api/price-lists/${made.id}`, {
      name: 'Renamed',
      company_ids: [],
    });
    expect(renamed).toMatchObject({ name: 'Renamed', company_ids: [], customer_ids: [buyer.id] });
    await ctx.admin.ok('DELETE', `/api/price-lists/${made.id}`);
    expect(await rows('select 1 from price_lists where id = $1', [made.id])).toEqual([]);
    expect(await rows('select 1 from price_list_customers where price_list_id = $1', [made.id])).toEqual([]);
    expect((await ctx.admin.get(`/api/price-lists/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await rows('select count(*)::int as n from price_lists');
    for (const [body, field] of [
      [{ name: '', type: 'fixed' }, 'name'],
      [{ name: 'X', type: 'tiered' }, 'type'],
      [{ name: 'X', type: 'percent' }, 'percent'],
      [{ name: 'X', type: 'percent', percent: 101 }, 'percent'],
      [{ name: 'X', type: 'fixed', percent: 10 }, 'percent'],
      [{ name: 'X', type: 'fixed', starts_at: '2027-02-01', ends_at: '2027-01-01' }, 'ends_at'],
      [{ name: 'X', type: 'fixed', company_ids: [999999] }, 'company_ids'],
      [{ name: 'X', type: 'fixed', customer_ids: [999999] }, 'customer_ids'],
    ] as const) {
      const res = await ctx.admin.post('/api/price-lists', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().details ?? {}), res.body).toContain(field);
    }
    expect(await rows('select count(*)::int as n from price_lists')).toEqual(before);

    const list = await ctx.admin.ok('POST', '/api/price-lists', { name: 'Strict', type: 'fixed' });
    const { variant } = await plainVariant(5);
    for (const prices of [
      [{ price: 1 }],
      [{ variant_id: 999999, price: 1 }],
      [{ sku: 'NO-SUCH-SKU', price: 1 }],
      [{ variant_id: variant.id, price: -1 }],
      [{ variant_id: variant.id, price: 1, min_quantity: 0 }],
      [
        { variant_id: variant.id, price: 1 },
        { sku: variant.sku, price: 2 },
      ],
    ]) {
      const res = await ctx.admin.put(`/api/price-lists/${list.id}/prices`, { prices });
      expect(res.statusCode, JSON.stringify(prices)).toBe(400);
    }
    expect(await rows('select 1 from price_list_prices where price_list_id = $1', [list.id])).toEqual([]);
    const patched = await ctx.admin.patch(`/api/price-lists/${list.id}`, { type: 'percent' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().details).toHaveProperty('percent');
  });

  it('need pricelist.manage: Admin holds it, Editor, Sales and Viewer do not', async () => {
    const list = await ctx.admin.ok('POST', '/api/price-lists', { name: 'Guarded', type: 'fixed' });
    for (const role of ['editor', 'sales', 'viewer']) {
      const { token } = await userWithRole(ctx, role);
      const as = ctx.as(token);
      for (const res of [
        await as.get('/api/price-lists'),
        await as.post('/api/price-lists', { name: 'Mine', type: 'fixed' }),
        await as.patch(`/api/price-lists/${list.id}`, { name: 'Taken' }),
        await as.put(`/api/price-lists/${list.id}/prices`, { prices: [{ variant_id: 1, price: 0 }] }),
        await as.delete(`/api/price-lists/${list.id}`),
      ]) {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(res.json().permission).toBe('pricelist.manage');
      }
    }
    expect((await ctx.admin.ok('GET', `/api/price-lists/${list.id}`)).name).toBe('Guarded');
    expect(await rows('select name from price_lists where name = $1', ['Mine'])).toEqual([]);
  });

  it("sales read a customer's price through the pricing answer; a role without customer.read cannot", async () => {
    const buyer = await createCustomer(ctx);
    const { variant } = await plainVariant(10);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Sales view',
      type: 'fixed',
      customer_ids: [buyer.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: variant.id, price: 6 }],
    });
    const sales = await userWithRole(ctx, 'sales');
    const seen = await ctx
      .as(sales.token)
      .ok('GET', `/api/pricing?variant_id=${variant.id}&customer_id=${buyer.id}`);
    expect(seen.unit_price).toBe(6);
    await ctx.admin.ok('POST', '/api/roles', { name: 'Catalogue only', permissions: ['catalogue.read'] });
    const [role] = await rows<{ key: string }>("select key from roles where name = 'Catalogue only'");
    const reader = await userWithRole(ctx, role.key);
    const refused = await ctx
      .as(reader.token)
      .get(`/api/pricing?variant_id=${variant.id}&customer_id=${buyer.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('customer.read');
    expect((await ctx.admin.get(`/api/pricing?variant_id=999999`)).statusCode).toBe(404);
    expect((await ctx.admin.get(`/api/pricing?variant_id=${variant.id}&customer_id=999999`)).statusCode).toBe(
      404,
    );
    expect((await ctx.admin.get(`/api/pricing?variant_id=abc`)).statusCode).toBe(400);
  });
});

describe('several lines priced at once', () => {
  it('prices each line at its quantity for the customer, in order, and refuses a line naming no variant', async () => {
    const buyer = await createCustomer(ctx, { company: 'Batch Lines Co' });
    const { variant: agreed } = await plainVariant(10);
    const { variant: broken } = await plainVariant(12);
    await ctx.admin.ok('PUT', `/api/variants/${broken.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 11 }] });
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Batch agreement',
      type: 'fixed',
      company_ids: [buyer.company.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: agreed.id, price: 8.25 }],
    });
    const lines = [
      { variant_id: broken.id, quantity: 12 },
      { variant_id: agreed.id, quantity: 3 },
      { variant_id: broken.id, quantity: 1 },
    ];
    const sales = await userWithRole(ctx, 'sales');
    const priced = await ctx.as(sales.token).ok('POST', '/api/pricing', { customer_id: buyer.id, lines });
    expect(priced.data).toEqual([
      {
        variant_id: broken.id,
        quantity: 12,
        unit_price: 11,
        list_price: 12,
        source: { type: 'tier', min_quantity: 10 },
      },
      {
        variant_id: agreed.id,
        quantity: 3,
        unit_price: 8.25,
        list_price: 10,
        source: { type: 'price_list', id: list.id, name: 'Batch agreement' },
      },
      { variant_id: broken.id, quantity: 1, unit_price: 12, list_price: 12, source: { type: 'list' } },
    ]);
    // Without a customer, the agreement is no candidate: anyone's price.
    const anyone = await ctx.admin.ok('POST', '/api/pricing', { lines: [lines[1]] });
    expect(anyone.data[0]).toMatchObject({ unit_price: 10, source: { type: 'list' } });

    const unknown = await ctx.admin.post('/api/pricing', {
      customer_id: buyer.id,
      lines: [lines[0], { variant_id: 999999, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({ 'lines.1.variant_id': 'Variant not found' });
    expect((await ctx.admin.post('/api/pricing', { lines: [] })).statusCode).toBe(400);
    expect(
      (await ctx.admin.post('/api/pricing', { lines: [{ variant_id: agreed.id, quantity: 0 }] })).statusCode,
    ).toBe(400);
    expect((await ctx.admin.post('/api/pricing', { customer_id: 999999, lines })).statusCode).toBe(404);
    await ctx.admin.ok('POST', '/api/roles', { name: 'Lines reader', permissions: ['catalogue.read'] });
    const [role] = await rows<{ key: string }>("select key from roles where name = 'Lines reader'");
    const reader = await userWithRole(ctx, role.key);
    const refused = await ctx.as(reader.token).post('/api/pricing', { customer_id: buyer.id, lines });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('customer.read');
    expect((await ctx.as(reader.token).ok('POST', '/api/pricing', { lines })).data).toHaveLength(3);
  });
});

describe("the buyer's own prices", () => {
  it("answers each asked variant with the buyer's price, and 401 without a buyer session", async () => {
    const buyer = await createCustomer(ctx, { company: 'Portal Prices Co' });
    const { variant: agreed } = await plainVariant(10);
    const { variant: plain } = await plainVariant(4);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Portal agreement',
      type: 'fixed',
      company_ids: [buyer.company.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: agreed.id, price: 7 }],
    });
    const token = await signInBuyer(ctx, buyer.email);
    const answer = await ctx
      .as(token)
      .ok('GET', `/api/account/prices?variant_ids=${agreed.id},${plain.id},999999&quantity=1`);
    expect(answer).toEqual({
      data: [
        {
          variant_id: agreed.id,
          unit_price: 7,
          list_price: 10,
          source: { type: 'price_list', id: list.id, name: 'Portal agreement' },
        },
        { variant_id: plain.id, unit_price: 4, list_price: 4, source: { type: 'list' } },
      ],
    });
    expect((await ctx.as().get(`/api/account/prices?variant_ids=${agreed.id}`)).statusCode).toBe(401);
    expect((await ctx.admin.get(`/api/account/prices?variant_ids=${agreed.id}`)).statusCode).toBe(401);
    expect((await ctx.as(token).get('/api/account/prices?variant_ids=1,x')).statusCode).toBe(400);
  });
});

describe("a new quote starts at the customer's prices", () => {
  it('each line at its quantity, naming its source; staff change it and the line keeps both', async () => {
    const buyer = await createCustomer(ctx, { company: 'Quoted Agreement Co' });
    const agreed = await plainVariant(10);
    const broken = await plainVariant(12);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Quoted 2027',
      type: 'fixed',
      company_ids: [buyer.company.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: agreed.variant.id, price: 7 }],
    });
    await ctx.admin.ok('PUT', `/api/variants/${broken.variant.id}/tiers`, {
      tiers: [{ min_quantity: 10, mrp: 9 }],
    });
    const asked = await createQuoteRequest(ctx.as(), {
      email: buyer.email,
      lines: [
        { product_id: agreed.product.id, quantity: 2 },
        { product_id: broken.product.id, quantity: 10 },
      ],
    });
    const draft = await createDraftQuote(ctx.admin, asked.id);
    expect(
      draft.lines.map((l: Record<string, unknown>) => [l.unit_price, l.catalogue_price, l.price_source]),
    ).toEqual([
      [7, 7, { type: 'price_list', id: list.id, name: 'Quoted 2027' }],
      [9, 9, { type: 'tier', min_quantity: 10 }],
    ]);

    // Staff change the agreed line's price: it keeps the start price and its source beside it.
    const lines = draft.lines.map((l: Record<string, unknown>, i: number) => ({
      product_id: l.product_id,
      variant_id: l.variant_id,
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unit_price: i === 0 ? 6.5 : l.unit_price,
      discount_percent: l.discount_percent,
    }));
    const saved = await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, { lines });
    expect(saved.lines[0]).toMatchObject({
      unit_price: 6.5,
      catalogue_price: 7,
      price_source: { type: 'price_list', id: list.id },
    });
    expect(
      await rows(
        'select unit_price::text, catalogue_price::text, price_source from quote_lines where quote_id = $1 order by position',
        [draft.id],
      ),
    ).toEqual([
      {
        unit_price: '6.50',
        catalogue_price: '7.00',
        price_source: { type: 'price_list', id: list.id, name: 'Quoted 2027' },
      },
      { unit_price: '9.00', catalogue_price: '9.00', price_source: { type: 'tier', min_quantity: 10 } },
    ]);

    // The customer's page never shows where a price came from.
    const sent = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
    const page = await ctx.as().ok('GET', `/api/public/quotes/${sent.token}`);
    expect(page.lines[0]).not.toHaveProperty('price_source');
    expect(page.lines[0]).not.toHaveProperty('catalogue_price');
  });
});

describe("a customer's and a company's pages", () => {
  it('list the price lists that hold for them, and whom each came through', async () => {
    const buyer = await createCustomer(ctx, { company: 'Pages Co' });
    const own = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Pages own',
      type: 'percent',
      percent: 5,
      customer_ids: [buyer.id],
    });
    const theirs = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Pages company',
      type: 'fixed',
      active: false,
      company_ids: [buyer.company.id],
      customer_ids: [buyer.id],
    });
    const customer = await ctx.admin.ok('GET', `/api/customers/${buyer.id}`);
    expect(customer.price_lists).toEqual([
      expect.objectContaining({
        id: theirs.id,
        name: 'Pages company',
        type: 'fixed',
        active: false,
        via: 'customer',
      }),
      expect.objectContaining({
        id: own.id,
        name: 'Pages own',
        type: 'percent',
        percent: 5,
        via: 'customer',
      }),
    ]);
    const company = await ctx.admin.ok('GET', `/api/companies/${buyer.company.id}`);
    expect(company.price_lists).toEqual([expect.objectContaining({ id: theirs.id, via: 'company' })]);
    // Sales read them there, without managing the lists.
    const sales = await userWithRole(ctx, 'sales');
    expect((await ctx.as(sales.token).ok('GET', `/api/customers/${buyer.id}`)).price_lists).toHaveLength(2);
  });
});

describe('merges keep what was agreed', () => {
  it("a merged customer's lists price the survivor, and undoing the merge takes them off it", async () => {
    const source = await createCustomer(ctx);
    const into = await createCustomer(ctx);
    const { variant } = await plainVariant(19.99);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Merged agreement',
      type: 'percent',
      percent: 15,
      customer_ids: [source.id],
    });
    const unitPrice = async (customerId: number) =>
      (await pricing(`variant_id=${variant.id}&customer_id=${customerId}`)).unit_price;
    expect(await unitPrice(into.id)).toBe(19.99);
    await ctx.admin.ok('POST', `/api/customers/${source.id}/merge`, { into_id: into.id });
    expect(await unitPrice(into.id)).toBe(16.99);
    expect((await ctx.admin.ok('GET', `/api/customers/${into.id}`)).price_lists).toEqual([
      expect.objectContaining({ id: list.id, via: 'customer' }),
    ]);
    const [entry] = await rows<{ id: string }>(
      "select id from change_log where entity_type = 'customer' and entity_id = $1 and action = 'merge' order by id desc limit 1",
      [source.id],
    );
    await ctx.admin.ok('POST', `/api/history/${entry.id}/restore`);
    expect(await unitPrice(into.id)).toBe(19.99);
    expect(await unitPrice(source.id)).toBe(16.99);
    expect(
      await rows('select customer_id from price_list_customers where price_list_id = $1', [list.id]),
    ).toEqual([{ customer_id: source.id }]);
  });

  it("a merged company's lists go to the company it became, and price its people", async () => {
    const oldBuyer = await createCustomer(ctx, { company: 'Merged Agreements Old' });
    const buyer = await createCustomer(ctx, { company: 'Merged Agreements New' });
    const { variant } = await plainVariant(40);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Company agreement',
      type: 'fixed',
      company_ids: [oldBuyer.company.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: variant.id, price: 31.5 }],
    });
    expect((await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}`)).unit_price).toBe(40);
    await ctx.admin.ok('POST', `/api/companies/${oldBuyer.company.id}/merge`, { into_id: buyer.company.id });
    expect(await pricing(`variant_id=${variant.id}&customer_id=${buyer.id}`)).toMatchObject({
      unit_price: 31.5,
      source: { type: 'price_list', id: list.id },
    });
    expect((await ctx.admin.ok('GET', `/api/price-lists/${list.id}`)).company_ids).toEqual([
      buyer.company.id,
    ]);
  });
});

describe('the trash keeps what a product is sold at', () => {
  it('a product restored from the trash has its breaks and its rows in lists back, but for a list deleted since', async () => {
    const buyer = await createCustomer(ctx);
    const { product, variant } = await plainVariant(12);
    await ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 9 }] });
    const [kept, dropped] = await Promise.all(
      ['Trash kept', 'Trash dropped'].map((name) =>
        ctx.admin.ok('POST', '/api/price-lists', { name, type: 'fixed', customer_ids: [buyer.id] }),
      ),
    );
    await ctx.admin.ok('PUT', `/api/price-lists/${kept.id}/prices`, {
      prices: [
        { variant_id: variant.id, price: 11 },
        { variant_id: variant.id, min_quantity: 20, price: 8.5 },
      ],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${dropped.id}/prices`, {
      prices: [{ variant_id: variant.id, price: 10 }],
    });
    const listRows = () =>
      rows(
        'select price_list_id, min_quantity, price::text from price_list_prices where variant_id = $1 order by 1, 2',
        [variant.id],
      );
    const before = await listRows();
    expect(before).toHaveLength(3);

    await ctx.admin.ok('DELETE', `/api/products/${product.id}`);
    expect(await listRows()).toEqual([]);
    await ctx.admin.ok('DELETE', `/api/price-lists/${dropped.id}`);
    await ctx.admin.ok('POST', `/api/trash/product/${product.id}/restore`);

    expect(await listRows()).toEqual(before.filter((r) => r.price_list_id === kept.id));
    expect((await ctx.admin.ok('GET', `/api/variants/${variant.id}/tiers`)).tiers).toEqual([
      { min_quantity: 10, mrp: 9 },
    ]);
    expect((await pricing(`variant_id=${variant.id}&quantity=20&customer_id=${buyer.id}`)).unit_price).toBe(
      8.5,
    );
    expect((await pricing(`variant_id=${variant.id}&quantity=10`)).unit_price).toBe(9);
  });
});

describe('history', () => {
  type Entry = { id: string; action: string; changes: Record<string, { before: unknown; after: unknown }> };
  const entries = (type: string, id: number, after = 0) =>
    rows<Entry>(
      'select id::text, action, changes from change_log where entity_type = $1 and entity_id = $2 and id > $3 order by id',
      [type, id, after],
    );
  const lastEntry = async () =>
    Number((await rows<{ id: string }>('select coalesce(max(id), 0)::text as id from change_log'))[0].id);

  it("logs a list's fields and assignments whole, and of its prices a summary per write", async () => {
    const buyer = await createCustomer(ctx, {
      email: `hist.${Date.now()}@example.com`,
      company: `Histco ${Date.now()}`,
    });
    const company = buyer.company as { id: number; name: string };
    const { variants } = await createProductWithVariants(ctx.admin);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'History agreement',
      type: 'fixed',
      company_ids: [company.id],
    });
    const [created] = await entries('price_list', list.id);
    expect(created).toMatchObject({
      action: 'create',
      changes: {
        name: { before: null, after: 'History agreement' },
        type: { before: null, after: 'fixed' },
        companies: { before: [], after: [{ id: company.id, name: company.name }] },
      },
    });

    let mark = await lastEntry();
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: variants.map((v) => ({ variant_id: v.id, price: 5 })),
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [
        { variant_id: variants[0].id, price: 4 },
        { variant_id: variants[0].id, min_quantity: 10, price: 3 },
      ],
    });
    expect((await entries('price_list', list.id, mark)).map((e) => [e.action, e.changes])).toEqual([
      ['update', { prices: { before: 0, after: 3 }, prices_set: { before: null, after: 3 } }],
      ['update', { prices: { before: 3, after: 4 }, prices_set: { before: null, after: 2 } }],
    ]);
    // No entry per price: nothing logged names the grid's rows.
    expect(
      await rows(
        `select 1 from change_log where entity_type not in ('price_list', 'product', 'company', 'customer', 'inquiry')
      and id > $1`,
        [mark],
      ),
    ).toEqual([]);

    mark = await lastEntry();
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { customer_ids: [buyer.id], company_ids: [] });
    // The same assignments again change nothing and log nothing.
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { customer_ids: [buyer.id] });
    expect((await entries('price_list', list.id, mark)).map((e) => e.changes)).toEqual([
      {
        companies: { before: [{ id: company.id, name: company.name }], after: [] },
        customers: { before: [], after: [{ id: buyer.id, name: buyer.name }] },
      },
    ]);

    mark = await lastEntry();
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { type: 'percent', percent: 10 });
    expect((await entries('price_list', list.id, mark)).map((e) => e.changes)).toEqual([
      {
        type: { before: 'fixed', after: 'percent' },
        percent: { before: null, after: 10 },
        prices: { before: 4, after: 0 },
      },
    ]);

    // The log names it and shows its entries to whoever reads the log.
    const page = await ctx.admin.ok('GET', `/api/history?entity_type=price_list&entity_id=${list.id}`);
    expect(page.data.map((e: { entity_name: string }) => e.entity_name)).toEqual(
      Array(5).fill('History agreement'),
    );

    mark = await lastEntry();
    expect((await ctx.admin.delete(`/api/price-lists/${list.id}`)).statusCode).toBe(204);
    const [gone] = await entries('price_list', list.id, mark);
    expect(gone).toMatchObject({
      action: 'delete',
      changes: {
        name: { before: 'History agreement', after: null },
        customers: { before: [{ id: buyer.id, name: buyer.name }], after: [] },
      },
    });
    const after = await ctx.admin.ok(
      'GET',
      `/api/history?entity_type=price_list&entity_id=${list.id}&action=delete`,
    );
    expect(after.data[0].entity_name).toBe('History agreement');
  });

  it('a company deleted leaves its lists, each logging it by the name it had', async () => {
    const buyer = await createCustomer(ctx, {
      email: `gone.${Date.now()}@example.com`,
      company: `Goneco ${Date.now()}`,
    });
    const company = buyer.company as { id: number; name: string };
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Outlived',
      type: 'percent',
      percent: 5,
      company_ids: [company.id],
    });
    const mark = await lastEntry();
    expect((await ctx.admin.delete(`/api/companies/${company.id}`)).statusCode).toBe(204);
    expect((await entries('price_list', list.id, mark)).map((e) => [e.action, e.changes])).toEqual([
      ['update', { companies: { before: [{ id: company.id, name: company.name }], after: [] } }],
    ]);
  });

  it("logs a variant's quantity breaks on its product, by the variant's title", async () => {
    const product = await createProductWithVariants(ctx.admin, { values: ['S', 'M'] });
    const [small, medium] = product.variants;
    const mark = await lastEntry();
    await ctx.admin.ok('PUT', `/api/variants/${small.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 9 }] });
    await ctx.admin.ok('PUT', `/api/variants/${medium.id}/tiers`, { tiers: [{ min_quantity: 5, mrp: 8 }] });
    await ctx.admin.ok('PUT', `/api/variants/${small.id}/tiers`, { tiers: [] });
    const tier = (v: typeof small, min_quantity: number, mrp: number) => ({
      variant_id: v.id,
      variant: v.title,
      sku: v.sku,
      min_quantity,
      mrp,
    });
    expect((await entries('product', product.id, mark)).map((e) => [e.action, e.changes])).toEqual([
      ['update', { tiers: { before: [], after: [tier(small, 10, 9)] } }],
      [
        'update',
        { tiers: { before: [tier(small, 10, 9)], after: [tier(small, 10, 9), tier(medium, 5, 8)] } },
      ],
      [
        'update',
        { tiers: { before: [tier(small, 10, 9), tier(medium, 5, 8)], after: [tier(medium, 5, 8)] } },
      ],
    ]);
    // The same breaks again log nothing.
    const again = await lastEntry();
    await ctx.admin.ok('PUT', `/api/variants/${medium.id}/tiers`, { tiers: [{ min_quantity: 5, mrp: 8 }] });
    expect(await entries('product', product.id, again)).toEqual([]);
  });

  it('refuses to restore a price list entry with a 409 that says why, changing nothing', async () => {
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Kept as is',
      type: 'percent',
      percent: 5,
    });
    await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { name: 'Renamed' });
    const [, renamed] = await entries('price_list', list.id);
    for (const url of [`/api/history/${renamed.id}/restore`, `/api/history/${renamed.id}/restore?to=after`]) {
      const res = await ctx.admin.post(url);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(HISTORY_TEXT.notRestorable);
    }
    const preview = await ctx.admin.get(`/api/history/${renamed.id}/restore-preview`);
    expect(preview.statusCode).toBe(409);
    expect((await ctx.admin.ok('GET', `/api/price-lists/${list.id}`)).name).toBe('Renamed');
  });
});
