import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#domain/products';
import { createTestContext, type TestContext } from '../../test/harness';

// The money inputs refuse a minus sign; the API must refuse a negative amount on its own as well,
// naming the field, and store nothing.
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Minus Editor', email: 'minus-editor@example.com' })).token;
});
afterAll(() => ctx.close());

const stored = async (id: number) =>
  (await ctx.database.pool.query('select mrp from products where id = $1', [id])).rows[0];
const count = async (table: string) =>
  Number((await ctx.database.pool.query(`select count(*) from ${table}`)).rows[0].count);

describe('negative amounts', () => {
  it('a product with a negative MRP is refused with the field named', async () => {
    const before = await count('products');
    const res = await ctx.as(token).post('/api/products', { name: 'Minus', mrp: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ mrp: PRODUCT_MESSAGES.mrpInvalid });
    expect(await count('products')).toBe(before);
  });

  it('an edit to a negative MRP is refused and the stored one kept', async () => {
    const created = await ctx.as(token).post('/api/products', { name: 'Plus', mrp: 5 });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const res = await ctx.as(token).put(`/api/products/${id}`, { name: 'Plus', pricing: { mrp: -5 } });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().details ?? {})).toContain(PRODUCT_MESSAGES.mrpInvalid);
    expect((await stored(id)).mrp).toBe('5.00');
  });

  it('a discount with a negative value is refused', async () => {
    const { id } = (await ctx.as(token).post('/api/products', { name: 'Target', mrp: 5 })).json();
    const before = await count('discounts');
    const res = await ctx.as(token).post('/api/discounts', {
      type: 'amount',
      value: -1,
      applies_to: 'product',
      product_id: id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('value');
    expect(await count('discounts')).toBe(before);
  });
});
