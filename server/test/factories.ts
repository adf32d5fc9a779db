import type { Client } from './client';
import type { TestContext } from './harness';
import { until } from './until';

/**
 * Rows made through the API, as a caller would make them, so a test sees what the routes really
 * store. Each call fails the test unless its route answers 2xx, and answers the route's JSON.
 * Defaults are unique (a worker keeps this module between files, so the counter never repeats
 * within a database); a test's overrides win over them, and an override of `undefined` leaves
 * the field out of the request.
 */

let serial = 0;
const next = () => ++serial;

// biome-ignore lint/suspicious/noExplicitAny: a test reads the answer as the route shapes it
type Answer = { id: number } & Record<string, any>;

export async function createProduct(client: Client, overrides: object = {}) {
  const n = next();
  return (await client.ok('POST', '/api/products', {
    name: `Factory product ${n}`,
    sku: `FP-${n}`,
    mrp: 10,
    status: 'published',
    ...overrides,
  })) as Answer & { slug: string; name: string; sku: string | null; status: string };
}

/**
 * `count` products made one after another, so their ids (and the lists' newest first) follow the
 * order asked; `overrides` may be a function of the index for fields each one needs of its own (a
 * SKU an import will find). Answers them in that order.
 */
export async function createProducts(
  client: Client,
  count: number,
  overrides: object | ((index: number) => object) = {},
) {
  const made: Awaited<ReturnType<typeof createProduct>>[] = [];
  for (let i = 0; i < count; i++)
    made.push(await createProduct(client, typeof overrides === 'function' ? overrides(i) : overrides));
  return made;
}

/**
 * A spec group on a product, as the editor adds one: its specs are what the product page's spec
 * table, the shop's facets and the search read. Answers the group.
 */
export async function createSpecGroup(
  client: Client,
  productId: number,
  specs: { label: string; value: string; unit?: string }[],
  overrides: object = {},
) {
  return (await client.ok('POST', `/api/products/${productId}/spec-groups`, {
    name: `Factory specs ${next()}`,
    specs,
    ...overrides,
  })) as Answer;
}

/**
 * A product with one option and a variant for each of its values (generate prices them at the
 * product's MRP); the product, the option, and its variants as the variants list answers them.
 */
export async function createProductWithVariants(
  client: Client,
  {
    option = 'Size',
    values = ['S', 'M', 'L'],
    product = {},
  }: { option?: string; values?: string[]; product?: object } = {},
) {
  const made = await createProduct(client, product);
  const madeOption = (await client.ok('POST', `/api/products/${made.id}/options`, {
    name: option,
    values,
  })) as Answer;
  await client.ok('POST', `/api/products/${made.id}/variants/generate`);
  const variants = (await client.ok('GET', `/api/products/${made.id}/variants`)).data as {
    id: number;
    sku: string;
    title: string;
    mrp: number;
  }[];
  return { ...made, option: madeOption, variants };
}

export async function createCategory(client: Client, overrides: object = {}) {
  return (await client.ok('POST', '/api/categories', {
    name: `Factory category ${next()}`,
    ...overrides,
  })) as Answer & { name: string; slug: string };
}

export async function createBrand(client: Client, overrides: object = {}) {
  return (await client.ok('POST', '/api/brands', {
    name: `Factory brand ${next()}`,
    ...overrides,
  })) as Answer & { name: string; slug: string };
}

/**
 * A visitor's quote request, each from an address of its own so a file stays under the rate limit
 * (a test of that limit names the address it sends from).
 */
export async function createQuoteRequest(
  visitor: Client,
  overrides: object = {},
  { remoteAddress }: { remoteAddress?: string } = {},
) {
  const n = next();
  return (await visitor.ok(
    'POST',
    '/api/inquiries',
    {
      name: 'Factory Buyer',
      email: `buyer.${n}@example.com`,
      subject: 'A quote',
      message: 'Please.',
      ...overrides,
    },
    { remoteAddress: remoteAddress ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
  )) as Answer & { reference: string };
}

/** A draft quote on a request, as staff start one (from its basket, or a template or quote named in `body`). */
export async function createDraftQuote(staff: Client, inquiryId: number, body?: object) {
  return (await staff.ok('POST', `/api/inquiries/${inquiryId}/quotes`, body)) as Answer;
}

/**
 * A customer exists once a request names their e-mail: the customer one request made, with that
 * request.
 */
export async function createCustomer(ctx: Pick<TestContext, 'as' | 'admin'>, request: object = {}) {
  const asked = await createQuoteRequest(ctx.as(), request);
  const inquiry = await ctx.admin.ok('GET', `/api/inquiries/${asked.id}`);
  const customer = (await ctx.admin.ok('GET', `/api/customers/${inquiry.customer.id}`)) as Answer;
  return Object.assign(customer, { request: asked });
}

/** A staff member holding `role`, with a token. */
export async function userWithRole(ctx: Pick<TestContext, 'makeUser'>, role: string) {
  const n = next();
  return ctx.makeUser({ name: `Factory ${role} ${n}`, email: `staff.${role}.${n}@example.com`, role });
}

/**
 * A buyer's portal token for a customer's e-mail, as the buyer gets one: the sign-in link asked
 * for, read from the outbox, exchanged for a session.
 */
export async function signInBuyer(ctx: Pick<TestContext, 'as' | 'database'>, email: string) {
  await ctx
    .as()
    .ok('POST', '/api/account/login-link', { email }, { remoteAddress: `10.250.${next() & 255}.1` });
  const mail = await until(
    async () =>
      (
        await ctx.database.pool.query<{ text_body: string }>(
          "select text_body from outbox where kind = 'account_login' and lower(to_address) = lower($1) order by id desc limit 1",
          [email],
        )
      ).rows[0],
    { what: `a sign-in e-mail to ${email}` },
  );
  const token = /login\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${mail.text_body}`);
  return (await ctx.as().ok('POST', '/api/account/session', { token })).token as string;
}
