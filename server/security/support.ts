import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import type { TestContext } from '../test/harness';
import { multipart, png } from '../test/images';

/**
 * Helpers for the security suite. Kept out of server/test/harness.ts, which other work
 * owns; everything here builds on createTestContext.
 */

/**
 * One hash per table of the public schema, over every row in a fixed order. The table list is read
 * from information_schema each time, so a table added by a later migration is covered without
 * anyone listing it. Sequences are left out on purpose: a refused insert may burn an id.
 */
export async function snapshotDatabase(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length === 0) return {};
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const sql = tables
    .map(
      (t) =>
        `select ${pgLiteral(t.name)} as name, count(*)::int as n,
                md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as hash
           from public.${quote(t.name)} r`,
    )
    .join(' union all ');
  const { rows } = await pool.query<{ name: string; n: number; hash: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.hash}`]));
}
const pgLiteral = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Every file under dir (recursively), by relative path, with a hash of its bytes. */
export function snapshotFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    let entries: string[];
    try {
      entries = readdirSync(at);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = path.join(at, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = createHash('sha1').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** What differs between two snapshots, as "key" lines (empty when identical). */
export function diffSnapshots(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]).sort();
}

/** Problems with one response, as messages (empty when it is fine). */
export function responseProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  // No password hash, in any form, in any body. (A 400's `details` may name the refused field.)
  if (res.body.includes('$argon2')) problems.push('body carries an argon2 hash');
  if (leaksHashKey(res.body)) problems.push('body carries a password_hash/passwordHash key');
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      problems.push(`${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`);
      return problems;
    }
    const error = (body as { error?: unknown }).error;
    // README "API": `{ error, details? }` and nothing else (Fastify's own format has code/message).
    const extra = Object.keys(body as object).filter((k) => k !== 'error' && k !== 'details');
    if (extra.length > 0)
      problems.push(`${res.statusCode} body has keys ${extra.join(', ')}: ${res.body.slice(0, 200)}`);
    if (typeof error !== 'string' || error.trim().length === 0)
      problems.push(`${res.statusCode} without an error message: ${res.body.slice(0, 200)}`);
    else if (/\n\s+at |\.ts:\d+|node_modules|Failed query|\bselect\b.*\bfrom\b/i.test(error))
      problems.push(`${res.statusCode} leaks internals: ${error.slice(0, 200)}`);
    if (!/^application\/json/.test(String(res.headers['content-type'])))
      problems.push(`${res.statusCode} answered as ${res.headers['content-type']}`);
  }
  return problems;
}

/** A `password_hash`/`passwordHash` key anywhere in a JSON body, except a 400's field details. */
function leaksHashKey(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return /password_?hash/i.test(body);
  }
  const walk = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.some(walk);
    if (v === null || typeof v !== 'object') return false;
    return Object.entries(v).some(([k, x]) => /^password_?hash$/i.test(k) || (k !== 'details' && walk(x)));
  };
  return walk(parsed);
}

/** The rows the suite hits with real ids: one of everything, with sections and images. */
export type Seed = Awaited<ReturnType<typeof seedCatalogue>>;

export async function seedCatalogue(ctx: TestContext, prefix = 'Seed') {
  const auth = ctx.auth(ctx.adminToken);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx.as().send(method, url, payload, { headers: auth });
    if (res.statusCode >= 300) throw new Error(`seed ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const upload = async (url: string, fields: Record<string, string>, field: string, color: string) => {
    const form = await multipart(fields, {
      field,
      name: 'seed.png',
      type: 'image/png',
      bytes: await png(color),
    });
    const res = await ctx.as().post(url, form.payload, { headers: { ...auth, ...form.headers } });
    if (res.statusCode >= 300) throw new Error(`seed upload ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const category = await upload('/api/categories', { name: `${prefix} Category` }, 'image', '#a11');
  const child = await call('POST', '/api/categories', { name: `${prefix} Child`, parent_id: category.id });
  const brand = await upload('/api/brands', { name: `${prefix} Brand` }, 'logo', '#1a1');
  const product = await call('POST', '/api/products', {
    name: `${prefix} Product`,
    sku: `${prefix}-SKU-1`,
    brand_id: brand.id,
    category_id: child.id,
    description: 'A product to aim junk at',
    mrp: 120.5,
  });
  const list = await call('POST', `/api/products/${product.id}/lists`, {
    title: 'Features',
    items: [{ caption: 'Sturdy' }, { caption: 'Light' }],
  });
  const specGroup = await call('POST', `/api/products/${product.id}/spec-groups`, {
    name: 'Dimensions',
    specs: [{ label: 'Width', value: '10', unit: 'cm' }],
  });
  const table = await call('POST', `/api/products/${product.id}/tables`, {
    heading: 'Sizes',
    columns: ['Size', 'Weight'],
    rows: [['S', '1 kg']],
  });
  const images = await upload(`/api/products/${product.id}/images/batch`, {}, 'images[]', '#11a');
  const discount = await call('POST', '/api/discounts', {
    type: 'percent',
    value: 10,
    applies_to: 'brand',
    brand_id: brand.id,
  });
  // Each seed's own visitor, in a company of its own: its customer and company are the seed's.
  const inquiry = await ctx.as().post('/api/inquiries', {
    name: 'Seed Visitor',
    email: `${prefix.toLowerCase()}-visitor@example.com`,
    company: `${prefix} Company`,
    subject: 'Quote',
    message: 'How much for ten?',
    product_id: product.id,
  });
  if (inquiry.statusCode !== 201) throw new Error(`seed inquiry: ${inquiry.statusCode} ${inquiry.body}`);
  // A sent quote (its token opens the customer's page) and a draft revising it.
  const inquiryId = inquiry.json().id as number;
  const first = await call('POST', `/api/inquiries/${inquiryId}/quotes`, {});
  await call('PUT', `/api/quotes/${first.id}`, {
    lines: [{ name: `${prefix} line`, quantity: 2, unit_price: 10 }],
  });
  const sent = await call('POST', `/api/quotes/${first.id}/send`, {});
  const draft = await call('POST', `/api/quotes/${first.id}/revise`, {});
  // An order: a second request's quote, sent and accepted by its customer.
  const buyer = await ctx.as().post('/api/inquiries', {
    name: 'Seed Buyer',
    email: 'buyer@example.com',
    subject: 'Order',
    message: 'Ten, please.',
  });
  if (buyer.statusCode !== 201) throw new Error(`seed inquiry: ${buyer.statusCode} ${buyer.body}`);
  const ordered = await call('POST', `/api/inquiries/${buyer.json().id}/quotes`, {});
  await call('PUT', `/api/quotes/${ordered.id}`, {
    lines: [{ name: `${prefix} ordered`, quantity: 1, unit_price: 5 }],
  });
  const orderedSent = await call('POST', `/api/quotes/${ordered.id}/send`, {});
  const accepted = await ctx
    .as()
    .post(`/api/public/quotes/${orderedSent.token}/accept`, { name: 'Seed Buyer' });
  if (accepted.statusCode !== 200) throw new Error(`seed accept: ${accepted.statusCode} ${accepted.body}`);
  const orderList = (await ctx.as().get('/api/orders', { headers: auth })).json();
  const customer = (await ctx.as().get(`/api/inquiries/${inquiryId}`, { headers: auth })).json().customer;
  const editor = await ctx.makeUser({
    name: `${prefix} Editor`,
    email: `${prefix.toLowerCase()}-editor@example.com`,
  });
  // Off, so no suite ever sends to it; a public address, as saving refuses private ones.
  const webhook = await call('POST', '/api/webhooks', {
    url: 'https://93.184.215.14/hooks',
    events: ['order.updated'],
    enabled: false,
  });
  const [variant] = listOf<{ id: number }>(
    (await ctx.as().get(`/api/products/${product.id}/variants`, { headers: auth })).json(),
  );
  const priceList = await call('POST', '/api/price-lists', {
    name: `${prefix} Agreement`,
    type: 'fixed',
    company_ids: customerCompany(await ctx.as().get(`/api/inquiries/${inquiryId}`, { headers: auth })),
  });
  const layout = (await ctx.as().get(`/api/products/${product.id}/layout`, { headers: auth })).json();
  const imageList = (await ctx.as().get(`/api/products/${product.id}/images`, { headers: auth })).json();
  const seeded = {
    categoryId: category.id as number,
    childCategoryId: child.id as number,
    brandId: brand.id as number,
    productId: product.id as number,
    productSlug: product.slug as string,
    listId: list.id as number,
    specGroupId: specGroup.id as number,
    tableId: table.id as number,
    imageId: listOf<{ id: number }>(imageList)[0]?.id ?? listOf<{ id: number }>(images)[0]?.id,
    blockId: (layout.blocks as { id: number }[]).at(-1)?.id as number,
    /** The product's sections (content blocks), in their order. */
    sectionIds: (layout.blocks as { id: number; block_type: string }[])
      .filter((b) => b.block_type !== 'basic' && b.block_type !== 'images')
      .map((b) => b.id),
    discountId: discount.id as number,
    inquiryId,
    quoteId: draft.id as number,
    quoteToken: sent.token as string,
    orderId: listOf<{ id: number }>(orderList)[0]?.id,
    customerId: customer?.id as number,
    companyId: customer?.company?.id as number,
    editorId: editor.user.id,
    webhookId: webhook.id as number,
    variantId: variant?.id,
    priceListId: priceList.id as number,
    editorToken: editor.token,
  };
  for (const [key, value] of Object.entries(seeded))
    if (value === undefined) throw new Error(`seed: no ${key} (did a response shape change?)`);
  return seeded;
}

/** The company of a request's customer, as a list of ids to assign (none when it has none). */
const customerCompany = (inquiry: { json: () => { customer?: { company?: { id: number } | null } } }) => {
  const id = inquiry.json().customer?.company?.id;
  return id === undefined ? [] : [id];
};

const listOf = <T>(body: unknown): T[] =>
  (Array.isArray(body) ? body : ((body as { data?: T[] }).data ?? [])) as T[];

/** The seeded id that fits a path parameter of a route, by the parameter's name and place. */
export function seededIdFor(seed: Seed, url: string, param: string): string {
  if (param === 'slug') return seed.productSlug;
  if (param === 'token') return seed.quoteToken;
  if (param === 'type') return 'product';
  if (param === 'locale') return 'de';
  const byParam: Record<string, number> = {
    imageId: seed.imageId,
    blockId: seed.blockId,
    listId: seed.listId,
    groupId: seed.specGroupId,
    tableId: seed.tableId,
  };
  if (byParam[param] !== undefined) return String(byParam[param]);
  const byResource: [RegExp, number][] = [
    [/^\/api\/users\//, seed.editorId],
    [/^\/api\/categories\//, seed.categoryId],
    [/^\/api\/brands\//, seed.brandId],
    [/^\/api\/products\//, seed.productId],
    [/^\/api\/discounts\//, seed.discountId],
    [/^\/api\/inquiries\//, seed.inquiryId],
    [/^\/api\/quotes\//, seed.quoteId],
    [/^\/api\/orders\//, seed.orderId],
    [/^\/api\/customers\//, seed.customerId],
    [/^\/api\/companies\//, seed.companyId],
    [/^\/api\/webhooks\//, seed.webhookId],
    [/^\/api\/variants\//, seed.variantId],
    [/^\/api\/price-lists\//, seed.priceListId],
  ];
  return String(byResource.find(([re]) => re.test(url))?.[1] ?? 1);
}

/** Path parameters of a route pattern ("/a/:id/b/:bId" → ["id", "bId"]). */
export const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** Fills a route pattern's parameters (escaped, unless raw: then as given, broken escapes and all). */
export const fillPath = (url: string, values: Record<string, string>, raw = false) =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    raw ? (values[name] ?? '1') : encodeURIComponent(values[name] ?? '1'),
  );

/** Routes the suites walk: the API's, read from the route table (HEAD mirrors GET). */
export function apiRoutes(ctx: TestContext) {
  return ctx.app.routeTable.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );
}

/**
 * Routes that take no body at all and ignore whatever is sent. Sign-out is among them, so the
 * body probes leave it out: its 204 would end the session the suite works with.
 */
export const NO_BODY_ROUTES = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'POST /api/products/:id/images/:imageId/delete',
  'POST /api/quotes/:id/send',
  'POST /api/quotes/:id/revise',
  'POST /api/products/:id/duplicate',
  'POST /api/products/:id/variants/generate',
  'POST /api/history/:id/restore',
  'POST /api/trash/:type/:id/restore',
  'POST /api/outbox/:id/retry',
  'POST /api/webhooks/:id/roll-secret',
  'POST /api/webhooks/:id/test',
  'POST /api/webhook-deliveries/:id/redeliver',
  'POST /api/account/logout',
]);

/** Routes anyone may call without a token (the same allow-list the access suite checks). */
export const PUBLIC_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/inquiries',
  'GET /api/public/categories',
  'GET /api/public/brands',
  'GET /api/public/products',
  'GET /api/public/products/slug/:slug/bundle',
  'GET /api/public/brands/slug/:slug',
  'GET /api/locales',
  'GET /api/public/settings',
  'GET /api/public/quotes/:token',
  'POST /api/public/quotes/:token/accept',
  'POST /api/public/quotes/:token/decline',
  'POST /api/public/quotes/:token/changes',
  // The buyer portal's sign-in: a link asked for by e-mail, exchanged for a buyer token.
  'POST /api/account/login-link',
  'POST /api/account/session',
]);

/**
 * The buyer portal's routes (ADR 0023): neither public nor staff. They take a buyer token only,
 * refuse every staff and API token with 401, and declare no permission; their own suite walks
 * them (server/modules/account/account.test.ts).
 */
export const isBuyerRoute = (route: { method: string; url: string }) =>
  route.url.startsWith('/api/account') && !PUBLIC_ROUTES.has(`${route.method} ${route.url}`);

/**
 * A buyer token for the customer with this e-mail, its session written straight to the table (the
 * e-mailed link's way is account.test.ts's): for suites that walk the buyer's routes too.
 */
export async function buyerSession(ctx: TestContext, email: string): Promise<string> {
  const token = `by_${randomBytes(32).toString('base64url')}`;
  const { rowCount } = await ctx.database.pool.query(
    `insert into account_sessions (customer_id, token_hash, expires_at)
      select id, $2, now() + interval '1 day' from customers where lower(email) = lower($1)`,
    [email, createHash('sha256').update(token).digest('hex')],
  );
  if (rowCount !== 1) throw new Error(`buyerSession: no customer ${email}`);
  return token;
}

/** The environment the junk suites run with: limits high enough that junk reaches validation. */
export const RELAXED_LIMITS = {
  INQUIRY_RATE_MAX: '1000000',
  QUOTE_PAGE_RATE_MAX: '1000000',
  LOGIN_MAX_FAILURES_PER_PAIR: '1000000',
  LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
  PASSWORD_CHANGE_MAX_FAILURES: '1000000',
  ACCOUNT_LINK_EMAIL_MAX: '1000000',
  ACCOUNT_LINK_RATE_MAX: '1000000',
  // A second language, so the translation routes' seeded locale (de) is one the suites can write.
  LOCALES: 'en,de',
};

/**
 * A multipart body built byte by byte, so file names can carry what a browser would escape
 * (quotes, NUL, newlines). FormData is no use for that.
 */
const RAW_BOUNDARY = '----stockroomSecurityBoundary';
export function rawMultipart(
  parts: (
    | { field: string; value: string }
    | { field: string; filename: string; type: string; bytes: Buffer }
  )[],
  opts: { broken?: boolean } = {},
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${RAW_BOUNDARY}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n${
            part.type ? `Content-Type: ${part.type}\r\n` : ''
          }\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  if (!opts.broken) chunks.push(Buffer.from(`--${RAW_BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${RAW_BOUNDARY}` },
  };
}
