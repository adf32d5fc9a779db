import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { ADMIN, createTestContext, type TestContext } from '../test/harness';
import { multipart, png } from '../test/images';
import {
  apiRoutes,
  diffSnapshots,
  fillPath,
  NO_BODY_ROUTES,
  pathParams,
  RELAXED_LIMITS,
  type Seed,
  seedCatalogue,
  seededIdFor,
  snapshotDatabase,
} from './support';

/**
 * Mass assignment: no request sets a field it should not. Every route that takes a body
 * is listed with a valid body (the test fails when a new one is not), then sent that body plus a
 * field nobody may set; the strict schemas must refuse it by name and the database stays as it was.
 * The same valid body alone must then succeed, so the refusal really came from the extra field.
 */

let ctx: TestContext;
let seed: Seed;
let other: Seed;
beforeAll(async () => {
  ctx = await createTestContext(RELAXED_LIMITS);
  seed = await seedCatalogue(ctx, 'Seed');
  other = await seedCatalogue(ctx, 'Other');
}, 120_000);
afterAll(() => ctx?.close());

type Body = Record<string, unknown>;
let unique = 0;
const next = () => ++unique;

/** A valid body for each route that takes one; the token it runs with (editor for /api/me). */
const VALID: Record<string, () => { body: Body; token?: () => string; control?: boolean }> = {
  'POST /api/auth/login': () => ({ body: { email: ADMIN.email, password: ADMIN.password } }),
  'PUT /api/me': () => ({
    body: { name: 'Seed Editor', email: 'seed-editor@example.com' },
    token: () => seed.editorToken,
  }),
  // Its control would sign the editor out everywhere (token version), so it has none.
  'PUT /api/me/password': () => ({
    body: { current_password: 'secret-pass', new_password: 'secret-pass' },
    token: () => seed.editorToken,
    control: false,
  }),
  'POST /api/users': () => ({
    body: { name: 'New', email: `new${next()}@example.com`, password: 'secret1' },
  }),
  'POST /api/roles': () => ({ body: { name: `MA Role ${next()}`, permissions: ['catalogue.read'] } }),
  'POST /api/api-tokens': () => ({ body: { name: `MA Token ${next()}`, role: 'viewer', expires_at: null } }),
  'POST /api/categories': () => ({ body: { name: `MA Category ${next()}` } }),
  'PUT /api/categories/:id': () => ({ body: { name: 'Seed Category' } }),
  'POST /api/categories/:id/reorder': () => ({ body: { sort_order: 3 } }),
  // The reorder above puts the seeded root category after the other roots, so it can go up.
  'POST /api/categories/:id/move': () => ({ body: { direction: 'up' } }),
  'POST /api/brands': () => ({ body: { name: `MA Brand ${next()}` } }),
  'PUT /api/brands/:id': () => ({ body: { name: 'Seed Brand' } }),
  'POST /api/products': () => ({ body: { name: `MA Product ${next()}` } }),
  'PUT /api/products/:id': () => ({ body: { name: 'Seed Product', pricing: { mrp: 120.5 } } }),
  // Publishing a published product changes nothing, so the control leaves the seed as it was.
  'POST /api/products/bulk': () => ({ body: { ids: [seed.productId], action: 'publish' } }),
  'POST /api/products/:id/layout/blocks/:blockId/move': () => ({ body: { direction: 'up' } }),
  'PUT /api/products/:id/layout/order': () => ({ body: { ids: seed.sectionIds } }),
  // The seed product's gallery is its one image, so this order is the one it has.
  'PUT /api/products/:id/images/order': () => ({ body: { ids: [seed.imageId] } }),
  'PATCH /api/products/:id/images/:imageId': () => ({ body: { alt: 'Seed image' } }),
  'POST /api/products/:id/lists': () => ({ body: { title: 'T', items: [{ caption: 'c' }] } }),
  'PUT /api/products/:id/lists/:listId': () => ({
    body: { title: 'Features', items: [{ caption: 'Sturdy' }] },
  }),
  'POST /api/products/:id/spec-groups': () => ({ body: { name: 'G', specs: [{ label: 'l', value: 'v' }] } }),
  'PUT /api/products/:id/spec-groups/:groupId': () => ({
    body: { name: 'Dimensions', specs: [{ label: 'Width', value: '10', unit: 'cm' }] },
  }),
  'POST /api/products/:id/tables': () => ({ body: { heading: 'H', columns: ['a'] } }),
  'PUT /api/products/:id/tables/:tableId': () => ({
    body: { heading: 'Sizes', columns: ['Size', 'Weight'], rows: [['S', '1 kg']] },
  }),
  'POST /api/discounts': () => ({
    body: { type: 'amount', value: 1, applies_to: 'product', product_id: seed.productId },
  }),
  'PUT /api/variants/:id/tiers': () => ({ body: { tiers: [{ min_quantity: 10, mrp: 9 }] } }),
  'POST /api/pricing': () => ({ body: { lines: [{ variant_id: seed.variantId, quantity: 1 }] } }),
  'POST /api/price-lists': () => ({ body: { name: `MA List ${next()}`, type: 'fixed' } }),
  'PATCH /api/price-lists/:id': () => ({ body: { name: 'Seed Agreement' } }),
  'PUT /api/price-lists/:id/prices': () => ({
    body: { prices: [{ variant_id: seed.variantId, min_quantity: 1, price: 100 }] },
  }),
  'PUT /api/discounts/:id': () => ({
    body: { type: 'percent', value: 10, applies_to: 'brand', brand_id: seed.brandId },
  }),
  'POST /api/inquiries': () => ({
    body: { name: 'V', email: 'v@example.com', subject: 'S', message: 'M', product_id: seed.productId },
  }),
  'POST /api/inquiries/:id/notes': () => ({ body: { body: 'A note' } }),
  'PUT /api/quotes/:id': () => ({ body: { lines: [{ name: 'Line', quantity: 1, unit_price: 5 }] } }),
  // A move is taken once (a second in_progress is a 409), so no control: the orders tests move
  // with each valid body.
  'PATCH /api/orders/:id': () => ({ body: { status: 'in_progress' }, control: false }),
  // The seeded order is confirmed, with no step to go back to (a 409), so no control: the orders
  // tests step back with each valid body.
  'POST /api/orders/:id/step-back': () => ({ body: { reason: 'Moved too early' }, control: false }),
  'POST /api/orders/:id/notes': () => ({ body: { body: 'An order note' } }),
  'PUT /api/orders/settings': () => ({ body: { required_fields: [] } }),
  'PATCH /api/customers/:id': () => ({ body: { name: 'Seed Visitor' } }),
  'POST /api/customers/:id/notes': () => ({ body: { body: 'A customer note' } }),
  // A merge is taken once (the merged customer cannot merge again), so no control: the customers
  // tests merge with each valid body.
  'POST /api/customers/:id/merge': () => ({ body: { into_id: other.customerId }, control: false }),
  'PATCH /api/companies/:id': () => ({ body: { name: 'Seed Company' } }),
  'POST /api/companies/:id/notes': () => ({ body: { body: 'A company note' } }),
  // A merge deletes the merged company, so no control: the companies tests merge with each body.
  'POST /api/companies/:id/merge': () => ({ body: { into_id: other.companyId }, control: false }),
  // The seeded request already holds a draft (seed.quoteId), so a control would be the 409 of a
  // second draft; quote-templates.test.ts creates with each body.
  'POST /api/inquiries/:id/quotes': () => ({ body: { from_quote_id: seed.quoteId }, control: false }),
  // The seeded quote is a draft, which Extend refuses (409); quote-expiry.test.ts extends for real.
  'POST /api/quotes/:id/extend': () => ({ body: { valid_until: '2099-01-31' }, control: false }),
  'PUT /api/settings/quote-approval': () => ({ body: { max_discount_percent: null, max_total: null } }),
  // The seeded draft breaks no approval rule (none is set), so asking is a 409 and approving or
  // rejecting one not pending too: no control; quote-approval.test.ts takes each step for real.
  'POST /api/quotes/:id/approval': () => ({ body: { note: 'Please' }, control: false }),
  'POST /api/quotes/:id/approve': () => ({ body: { note: 'Fine' }, control: false }),
  'POST /api/quotes/:id/reject': () => ({ body: { reason: 'Too deep' }, control: false }),
  'POST /api/quote-templates': () => ({
    body: { name: `MA Template ${next()}`, from_quote_id: seed.quoteId },
  }),
  // An answer is taken once, so the customer's three have no control: the quotes tests answer
  // with each valid body.
  'POST /api/public/quotes/:token/accept': () => ({
    body: { name: 'Signer', po_number: 'PO-1', billing_address: 'A street', shipping_address: null },
    control: false,
  }),
  'POST /api/webhooks': () => ({
    body: { url: 'https://93.184.215.14/hooks', events: ['order.updated'], enabled: false },
  }),
  'PATCH /api/webhooks/:id': () => ({ body: { events: ['order.updated'] } }),
  'POST /api/public/quotes/:token/decline': () => ({ body: { reason: 'No' }, control: false }),
  'POST /api/public/quotes/:token/changes': () => ({ body: { message: 'More' }, control: false }),
  // An address no customer has: the control's 202 writes nothing, now or after the answer.
  'POST /api/account/login-link': () => ({ body: { email: 'nobody-here@example.com' } }),
  // A link works once and the suite has none: account.test.ts exchanges real ones.
  'POST /api/account/session': () => ({ body: { token: 'A'.repeat(43) }, control: false }),
  // The option's control gives the seeded product sizes A and B (its variant takes A), so the
  // variant's control can make B.
  'POST /api/products/:id/options': () => ({ body: { name: 'MA Size', values: ['A', 'B'] } }),
  'POST /api/products/:id/variants': () => ({
    body: { sku: `MA-VARIANT-${next()}`, options: { 'MA Size': 'B' }, mrp: 120.5 },
  }),
  'PUT /api/products/:id/translations/:locale': () => ({
    body: { name: 'MA Name', description: 'MA Text', seo_title: 'MA', seo_description: 'MA', sections: {} },
  }),
  'PUT /api/categories/:id/translations/:locale': () => ({
    body: { name: 'MA Kategorie', description: 'MA' },
  }),
  'PUT /api/brands/:id/translations/:locale': () => ({ body: { description: 'MA Marke' } }),
  // The seeded path names no option of the product, so its control would be a 404;
  // translations.test.ts writes real ones.
  'PUT /api/products/:id/options/:optionId/translations/:locale': () => ({
    body: { name: 'MA Größe', values: {} },
    control: false,
  }),
};
/** Routes whose body is a multipart upload or nothing at all (checked separately below). */
const NO_JSON_BODY = new Set([
  'POST /api/products/:id/images/batch',
  'POST /api/imports',
  'POST /api/price-lists/:id/prices/import',
  ...NO_BODY_ROUTES,
]);
/** Fields no request may set, anywhere (role only where an admin creates a user or an API token). */
const FORBIDDEN = [
  'id',
  'created_at',
  'updated_at',
  'password_hash',
  'token_version',
  'role',
  'user_id',
  'owner_id',
  'depth',
  'path',
  'position',
  'isAdmin',
];

/** The routes whose body names a role on purpose: what they create holds its rights. */
const ROLE_GIVEN = new Set(['POST /api/users', 'POST /api/api-tokens']);

const send = (method: string, url: string, body: unknown, token = ctx.adminToken) =>
  ctx.as(token).send(method as 'POST', url, body as Body);
const seededPath = (url: string) =>
  fillPath(url, Object.fromEntries(pathParams(url).map((p) => [p, seededIdFor(seed, url, p)])));
const names = (res: { json(): { error: string; details?: Record<string, string> } }) => {
  const { error, details } = res.json();
  return [error, ...Object.values(details ?? {})];
};
const row = async (table: string, id: number) =>
  (await ctx.database.pool.query(`select * from ${table} where id = $1`, [id])).rows[0];

describe('fields nobody may set', () => {
  it('knows a valid body for every route that takes one (a new route must be added here)', () => {
    const bodyRoutes = apiRoutes(ctx)
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .map((r) => `${r.method} ${r.url}`);
    expect(bodyRoutes.filter((r) => !VALID[r] && !NO_JSON_BODY.has(r))).toEqual([]);
  });

  it('refuses each forbidden field on every route by name and changes nothing; the body alone succeeds', async () => {
    const failures: string[] = [];
    for (const [key, make] of Object.entries(VALID)) {
      const [method, url] = key.split(' ');
      const path = seededPath(url);
      for (const field of FORBIDDEN) {
        if (ROLE_GIVEN.has(key) && field === 'role') continue;
        const { body, token } = make();
        const before = await snapshotDatabase(ctx.database.pool);
        const res = await send(method, path, { ...body, [field]: field === 'role' ? 'admin' : 1 }, token?.());
        const changed = diffSnapshots(before, await snapshotDatabase(ctx.database.pool));
        if (res.statusCode !== 400 || !names(res).includes(API_ERROR.unknownField(field)))
          failures.push(`${key} + ${field}: ${res.statusCode} ${res.body.slice(0, 150)}`);
        if (changed.length) failures.push(`${key} + ${field} changed ${changed.join(', ')}`);
      }
      const { body, token, control } = make();
      if (control === false) continue;
      const res = await send(method, path, body, token?.());
      if (res.statusCode >= 300) failures.push(`${key} control: ${res.statusCode} ${res.body.slice(0, 150)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses forbidden fields in multipart forms too, storing no file', async () => {
    const bytes = await png('#0f0');
    for (const [url, fileField] of [
      ['/api/categories', 'image'],
      ['/api/brands', 'logo'],
      [`/api/products/${seed.productId}/images/batch`, 'images[]'],
    ] as const) {
      const fields: Record<string, string> = url.includes('images') ? {} : { name: `Form ${next()}` };
      for (const field of ['id', 'created_at', 'product_id', 'role']) {
        const before = await snapshotDatabase(ctx.database.pool);
        const form = await multipart(
          { ...fields, [field]: '1' },
          { field: fileField, name: 'a.png', type: 'image/png', bytes },
        );
        const res = await ctx.as(ctx.adminToken).post(url, form.payload, { headers: { ...form.headers } });
        expect(res.statusCode, `${url} ${field}`).toBe(400);
        expect(names(res), `${url} ${field}`).toContain(API_ERROR.unknownField(field));
        expect(diffSnapshots(before, await snapshotDatabase(ctx.database.pool))).toEqual([]);
      }
    }
  });

  it('refuses forbidden fields beside a CSV import, storing nothing of the file and queuing no job', async () => {
    const csv = Buffer.from('sku,name,mrp\nMA-1,Mass assigned,1.00\n');
    for (const field of ['id', 'created_at', 'job_id', 'state', 'role']) {
      const before = await snapshotDatabase(ctx.database.pool);
      const form = await multipart(
        { [field]: '1' },
        { field: 'file', name: 'a.csv', type: 'text/csv', bytes: csv },
      );
      const res = await ctx
        .as(ctx.adminToken)
        .post('/api/imports', form.payload, { headers: { ...form.headers } });
      expect(res.statusCode, field).toBe(400);
      expect(names(res), field).toContain(API_ERROR.unknownField(field));
      expect(diffSnapshots(before, await snapshotDatabase(ctx.database.pool))).toEqual([]);
    }
  });

  it("refuses forbidden fields beside a list's prices file, changing nothing", async () => {
    const [variant] = (
      await ctx.database.pool.query('select sku from product_variants where sku is not null limit 1')
    ).rows;
    const csv = Buffer.from(`sku,price\n${variant.sku},1.00\n`);
    for (const field of ['id', 'price_list_id', 'created_at', 'updated_at']) {
      const before = await snapshotDatabase(ctx.database.pool);
      const form = await multipart(
        { [field]: '1' },
        { field: 'file', name: 'p.csv', type: 'text/csv', bytes: csv },
      );
      const res = await ctx
        .as(ctx.adminToken)
        .post(seededPath('/api/price-lists/:id/prices/import'), form.payload, {
          headers: { ...form.headers },
        });
      expect(res.statusCode, field).toBe(400);
      expect(names(res), field).toContain(API_ERROR.unknownField(field));
      expect(diffSnapshots(before, await snapshotDatabase(ctx.database.pool))).toEqual([]);
    }
  });
});

describe('own data only', () => {
  it('an editor cannot make themselves admin through PUT /api/me', async () => {
    const res = await send(
      'PUT',
      '/api/me',
      { name: 'Seed Editor', email: 'seed-editor@example.com', role: 'admin' },
      seed.editorToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(API_ERROR.unknownField('role'));
    expect((await row('users', seed.editorId)).role).toBe('editor');
  });

  it("PUT /api/me cannot reach another user's row, by id or by taking their email", async () => {
    const admin = await row('users', 1);
    const byId = await send(
      'PUT',
      '/api/me',
      { id: 1, name: 'Hijacked', email: 'hijack@example.com' },
      seed.editorToken,
    );
    expect(byId.statusCode).toBe(400);
    const byEmail = await send('PUT', '/api/me', { name: 'Hijacked', email: ADMIN.email }, seed.editorToken);
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error).toBe(API_ERROR.emailTaken);
    expect(await row('users', 1)).toEqual(admin);
  });

  it('ignores ids inside list items and spec rows: the server numbers them and keeps them on the product', async () => {
    const otherItems = (
      await ctx.database.pool.query('select * from product_list_items where list_id = $1 order by id', [
        other.listId,
      ])
    ).rows;
    const res = await send('PUT', `/api/products/${seed.productId}/lists/${seed.listId}`, {
      title: 'Features',
      items: [{ caption: 'Mine', id: otherItems[0].id, list_id: other.listId }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = (
      await ctx.database.pool.query('select * from product_list_items where list_id = $1', [seed.listId])
    ).rows;
    expect(items.map((i) => i.caption)).toEqual(['Mine']);
    expect(items[0].id).not.toBe(otherItems[0].id);
    expect(
      (
        await ctx.database.pool.query('select * from product_list_items where list_id = $1 order by id', [
          other.listId,
        ])
      ).rows,
    ).toEqual(otherItems);
  });

  it("refuses to reach another product's sections, images and blocks through this product's path", async () => {
    const cases: [string, string, Body | undefined][] = [
      [
        'PUT',
        `/api/products/${seed.productId}/lists/${other.listId}`,
        { title: 'X', items: [{ caption: 'x' }] },
      ],
      ['DELETE', `/api/products/${seed.productId}/lists/${other.listId}`, undefined],
      [
        'PUT',
        `/api/products/${seed.productId}/spec-groups/${other.specGroupId}`,
        { name: 'X', specs: [{ label: 'a', value: 'b' }] },
      ],
      ['DELETE', `/api/products/${seed.productId}/spec-groups/${other.specGroupId}`, undefined],
      ['PUT', `/api/products/${seed.productId}/tables/${other.tableId}`, { heading: 'X', columns: ['a'] }],
      ['DELETE', `/api/products/${seed.productId}/tables/${other.tableId}`, undefined],
      ['POST', `/api/products/${seed.productId}/images/${other.imageId}/delete`, undefined],
      ['PATCH', `/api/products/${seed.productId}/images/${other.imageId}`, { alt: 'X' }],
      ['PUT', `/api/products/${seed.productId}/images/order`, { ids: [seed.imageId, other.imageId] }],
      ['POST', `/api/products/${seed.productId}/layout/blocks/${other.blockId}/move`, { direction: 'up' }],
      ['PUT', `/api/products/${seed.productId}/layout/order`, { ids: [...seed.sectionIds, other.blockId] }],
    ];
    const before = await snapshotDatabase(ctx.database.pool);
    for (const [method, url, body] of cases) {
      const res = await send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error, `${method} ${url}`).toMatch(/not found/i);
    }
    expect(diffSnapshots(before, await snapshotDatabase(ctx.database.pool))).toEqual([]);
  });
});
