import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createQuoteRequest } from '../../test/factories';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';

/**
 * What an API token changes is recorded as that token everywhere a change names its author: the
 * change log (Activity, a product's History), an order's and a request's history, and notes.
 */
let ctx: TestContext;
let token: { id: number; secret: string };
const label = `API token “ERP sync” (${ADMIN.name})`;

beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '100000', QUOTE_PAGE_RATE_MAX: '100000' });
  const res = await ctx.as(ctx.adminToken).post('/api/api-tokens', { name: 'ERP sync', role: 'admin' });
  expect(res.statusCode, res.body).toBe(201);
  token = res.json();
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const program = () => ctx.as(token.secret);
const tokenRef = () => ({ id: token.id, name: 'ERP sync', owner: ADMIN.name });

describe('an API token as the author', () => {
  it('moves an order and notes it: the rows keep the token, the order answers its name and owner', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const accepted = await ctx
      .as()
      .post(
        `/api/public/quotes/${sent.token}/accept`,
        { name: 'Quinn Customer' },
        { remoteAddress: address() },
      );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [{ id: orderId }] = await q<{ id: number }>('select id from orders where quote_id = $1', [sent.id]);

    await program().ok('PATCH', `/api/orders/${orderId}`, { status: 'in_progress' });
    await program().ok('POST', `/api/orders/${orderId}/notes`, { body: 'Picked by the ERP' });

    const events = await q(
      'select actor_id, token_id, "from", "to" from order_events where order_id = $1 order by id',
      [orderId],
    );
    expect(events).toEqual([
      // The acceptance is the customer's: no person, no token.
      { actor_id: null, token_id: null, from: null, to: 'confirmed' },
      { actor_id: null, token_id: token.id, from: 'confirmed', to: 'in_progress' },
    ]);
    expect(await q('select author_id, token_id from order_notes where order_id = $1', [orderId])).toEqual([
      { author_id: null, token_id: token.id },
    ]);

    const order = await ctx.admin.ok('GET', `/api/orders/${orderId}`);
    expect(order.history).toEqual([
      expect.objectContaining({ actor: null, token: null, to: 'confirmed' }),
      expect.objectContaining({ actor: null, token: tokenRef(), to: 'in_progress' }),
    ]);
    expect(order.notes).toEqual([expect.objectContaining({ author: null, token: tokenRef() })]);
  });

  it('moves and notes a request, and notes a customer and a company, each under the token', async () => {
    const asked = await createQuoteRequest(ctx.as(), {
      name: 'Rita Request',
      email: 'rita@example.com',
      company: 'Token Trading Ltd',
      subject: 'Chairs',
      message: 'Ten, please.',
    });
    await program().ok('PATCH', `/api/inquiries/${asked.id}`, { status: 'open' });
    await program().ok('POST', `/api/inquiries/${asked.id}/notes`, { body: 'Synced' });
    expect(
      await q('select actor_id, token_id from inquiry_events where inquiry_id = $1', [asked.id]),
    ).toEqual([{ actor_id: null, token_id: token.id }]);
    expect(
      await q('select author_id, token_id from inquiry_notes where inquiry_id = $1', [asked.id]),
    ).toEqual([{ author_id: null, token_id: token.id }]);
    const detail = await ctx.admin.ok('GET', `/api/inquiries/${asked.id}`);
    expect(detail.history).toEqual([expect.objectContaining({ actor: null, token: tokenRef(), to: 'open' })]);
    expect(detail.notes).toEqual([expect.objectContaining({ author: null, token: tokenRef() })]);

    const customerId = detail.customer?.id;
    expect(customerId).toEqual(expect.any(Number));
    await program().ok('POST', `/api/customers/${customerId}/notes`, { body: 'From the ERP' });
    expect(
      await q('select author_id, token_id from customer_notes where customer_id = $1', [customerId]),
    ).toEqual([{ author_id: null, token_id: token.id }]);
    const customer = await ctx.admin.ok('GET', `/api/customers/${customerId}`);
    expect(customer.notes).toEqual([expect.objectContaining({ author: null, token: tokenRef() })]);

    const company = { id: customer.company?.id as number };
    expect(company.id).toEqual(expect.any(Number));
    const note = await program().ok('POST', `/api/companies/${company.id}/notes`, { body: 'Terms: 30 days' });
    expect(note).toMatchObject({ author: null, token: tokenRef() });
    const read = await ctx.admin.ok('GET', `/api/companies/${company.id}`);
    expect(read.notes).toEqual([expect.objectContaining({ author: null, token: tokenRef() })]);
  });

  it('edits a product: the change log keeps the token, Activity and the History tab name it with its owner', async () => {
    const made = await createProduct(program(), { name: 'Token stool', mrp: 3 });
    await program().ok('PUT', `/api/products/${made.id}`, { name: 'Token stool', pricing: { mrp: 4 } });
    const rows = await q(
      `select actor_id, token_id, action from change_log where entity_type = 'product' and entity_id = $1 order by id`,
      [made.id],
    );
    expect(rows).toEqual([
      { actor_id: null, token_id: token.id, action: 'create' },
      { actor_id: null, token_id: token.id, action: 'update' },
    ]);
    const history = await ctx.admin.ok('GET', `/api/history?entity_type=product&entity_id=${made.id}`);
    expect(history.data.map((e: { actor_name: string }) => e.actor_name)).toEqual([label, label]);
    const byToken = await ctx.admin.ok('GET', `/api/history?token_id=${token.id}&entity_type=product`);
    expect(byToken.data[0]).toMatchObject({ actor_id: null, token_id: token.id, actor_name: label });
    const csv = await ctx.as(ctx.adminToken).get(`/api/history/export.csv?token_id=${token.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(label);
  });
});
