import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_TEXT } from '#domain/discounts';
import { API_ERROR } from '#domain/messages';
import { PRODUCT_MESSAGES } from '#domain/products';
import { createBrand, createCategory } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let token: string;
let product: { id: number; slug: string };
let brandId: number;
let parentCat: number;
let childCat: number;

const price = async () => (await ctx.as().get(`/api/public/products/slug/${product.slug}/bundle`)).json();
const card = async () => (await ctx.as(token).get('/api/products?q=Deal%20Product')).json().data[0];
const count = async () =>
  Number((await ctx.database.pool.query('select count(*) from discounts')).rows[0].count);

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Deal Maker', email: 'deals@example.com' })).token;
  brandId = (await createBrand(ctx.as(token), { name: 'Deal Brand' })).id;
  parentCat = (await createCategory(ctx.as(token), { name: 'Deal Parent' })).id;
  childCat = (await createCategory(ctx.as(token), { name: 'Deal Child', parent_id: parentCat })).id;
  product = (
    await ctx.as(token).post('/api/products', {
      name: 'Deal Product',
      mrp: 19.99,
      brand_id: brandId,
      category_id: childCat,
    })
  ).json();
});
afterAll(() => ctx.close());

describe('access', () => {
  it.each([
    ['GET', '/api/discounts'],
    ['POST', '/api/discounts'],
    ['PUT', '/api/discounts/1'],
    ['DELETE', '/api/discounts/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await ctx.as().send(method, url, {})).statusCode).toBe(401);
  });
});

describe('create, edit, toggle, delete, and prices follow at once', () => {
  it('walks one discount through its life', async () => {
    const created = await ctx.as(token).post('/api/discounts', {
      name: 'Spring sale',
      type: 'percent',
      value: 15,
      applies_to: 'product',
      product_id: product.id,
      category_id: null,
      brand_id: null,
      starts_at: '2020-01-01 00:00:00',
      ends_at: '',
      active: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json();
    expect(d).toMatchObject({
      name: 'Spring sale',
      title: 'Spring sale',
      value: 15,
      target_name: 'Deal Product',
      starts_at: '2020-01-01T00:00:00.000Z',
      ends_at: null,
      active: 1,
      editor_owned: false,
    });
    expect((await price()).price).toEqual({ mrp: 19.99, final: 16.99 });
    expect((await card()).price).toEqual({ mrp: 19.99, final: 16.99 });

    const list = (await ctx.as(token).get('/api/discounts')).json();
    expect(list.data.find((x: { id: number }) => x.id === d.id)).toMatchObject({ title: 'Spring sale' });

    // PUT sends title in place of name.
    const edited = await ctx.as(token).put(`/api/discounts/${d.id}`, {
      title: 'Spring sale II',
      type: 'amount',
      value: '5.50',
      applies_to: 'product',
      product_id: product.id,
      active: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Spring sale II',
      type: 'amount',
      value: 5.5,
      starts_at: '2020-01-01T00:00:00.000Z',
    });
    expect((await price()).price.final).toBe(14.49);

    const off = await ctx.as(token).put(`/api/discounts/${d.id}`, {
      ...edited.json<object>(),
      title: 'Spring sale II',
      active: 0,
      name: undefined,
      id: undefined,
      target_name: undefined,
      created_at: undefined,
      updated_at: undefined,
      editor_owned: undefined,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(0);
    expect((await price()).price.final).toBe(19.99);

    expect((await ctx.as(token).delete(`/api/discounts/${d.id}`)).statusCode).toBe(204);
    expect((await ctx.as(token).delete(`/api/discounts/${d.id}`)).statusCode).toBe(404);
  });

  it('scopes to an ancestor category and to the brand; scheduled and expired ones do not count', async () => {
    const make = (payload: object) =>
      ctx.as(token).post('/api/discounts', { type: 'percent', active: true, ...payload });
    const cat = (await make({ value: 10, applies_to: 'category', category_id: parentCat })).json();
    expect((await price()).discounts.best).toMatchObject({ id: cat.id, save_amount: 2 });
    // The list prices in its own statement (productPricing with a moment): same answer.
    expect((await card()).best_discount).toEqual({ type: 'percent', value: 10 });
    const future = (
      await make({ value: 50, applies_to: 'brand', brand_id: brandId, starts_at: '2999-01-01 00:00:00' })
    ).json();
    const past = (
      await make({ value: 60, applies_to: 'brand', brand_id: brandId, ends_at: '2001-01-01 00:00:00' })
    ).json();
    expect((await price()).discounts.best.id).toBe(cat.id);
    expect((await card()).best_discount).toEqual({ type: 'percent', value: 10 });
    const brand = (await make({ value: 20, applies_to: 'brand', brand_id: brandId })).json();
    expect((await price()).discounts.best).toMatchObject({ id: brand.id, save_amount: 4 });
    expect((await card()).best_discount).toEqual({ type: 'percent', value: 20 });
    for (const x of [cat, future, past, brand]) await ctx.as(token).delete(`/api/discounts/${x.id}`);
  });

  it('follows the category tree as it changes: a move, a new ancestor, a deleted one', async () => {
    const category = async (name: string, parent_id: number | null = null) =>
      (await ctx.as(token).post('/api/categories', { name, parent_id })).json().id as number;
    const top = await category('Tree Top');
    const mid = await category('Tree Mid', top);
    const leaf = await category('Tree Leaf', mid);
    const other = await category('Tree Other');
    const item = (
      await ctx.as(token).post('/api/products', { name: 'Tree Product', mrp: 100, category_id: leaf })
    ).json();
    const bundleBest = async () =>
      (await ctx.as().get(`/api/public/products/slug/${item.slug}/bundle`)).json().discounts.best;
    const cardBest = async () =>
      (await ctx.as(token).get('/api/products?q=Tree%20Product')).json().data[0].best_discount;
    const discount = async (value: number, category_id: number) =>
      (
        await ctx.as(token).post('/api/discounts', {
          type: 'percent',
          value,
          active: true,
          applies_to: 'category',
          category_id,
        })
      ).json();

    const onTop = await discount(10, top);
    expect(await bundleBest()).toMatchObject({ id: onTop.id, save_amount: 10 });
    expect(await cardBest()).toEqual({ type: 'percent', value: 10 });

    // Moving the middle away takes the leaf out of the top's reach.
    expect(
      (await ctx.as(token).put(`/api/categories/${mid}`, { name: 'Tree Mid', parent_id: other })).statusCode,
    ).toBe(200);
    expect(await bundleBest()).toBeNull();
    expect(await cardBest()).toBeNull();
    const onOther = await discount(25, other);
    expect(await bundleBest()).toMatchObject({ id: onOther.id, save_amount: 25 });
    expect(await cardBest()).toEqual({ type: 'percent', value: 25 });

    // Deleting the new ancestor makes the middle a root: nothing above it is left to apply.
    expect((await ctx.as(token).delete(`/api/categories/${other}`)).statusCode).toBe(204);
    expect(await bundleBest()).toBeNull();
    expect(await cardBest()).toBeNull();
    const onMid = await discount(5, mid);
    expect(await bundleBest()).toMatchObject({ id: onMid.id, save_amount: 5 });
    expect(await cardBest()).toEqual({ type: 'percent', value: 5 });
    for (const x of [onTop, onOther, onMid]) await ctx.as(token).delete(`/api/discounts/${x.id}`);
  });

  it("lists the product editor's own discount as editor-owned", async () => {
    await ctx.as(token).put(`/api/products/${product.id}`, {
      name: 'Deal Product',
      brand_id: brandId,
      category_id: childCat,
      pricing: { mrp: 19.99, discountPercent: 5 },
    });
    const own = (await ctx.as(token).get('/api/discounts'))
      .json()
      .data.find((x: { editor_owned: boolean }) => x.editor_owned);
    expect(own).toMatchObject({ applies_to: 'product', product_id: product.id, value: 5 });
    await ctx.as(token).put(`/api/products/${product.id}`, {
      name: 'Deal Product',
      brand_id: brandId,
      category_id: childCat,
      pricing: { mrp: 19.99 },
    });
  });
});

describe('validation', () => {
  const base = { name: 'X', type: 'percent', value: 10, applies_to: 'product', active: 1 };
  const target = () => ({ product_id: product.id });
  it.each([
    [{ value: '' }, DISCOUNT_TEXT.required],
    [{ value: 101 }, DISCOUNT_TEXT.percentTooHigh],
    [{ value: -1 }, PRODUCT_MESSAGES.discountInvalid],
    [{ value: '1.234' }, PRODUCT_MESSAGES.discountInvalid],
    [{ applies_to: 'everything' }, 'applies_to must be product, category or brand'],
    [{ type: 'bogo' }, 'type must be percent or amount'],
    [{ starts_at: 'tomorrow' }, DISCOUNT_TEXT.badDate],
    [{ active: 'yes' }, 'active must be 0 or 1'],
    [{ editor_owned: true }, API_ERROR.unknownField('editor_owned')],
  ])('refuses %j and stores nothing', async (change, message) => {
    const before = await count();
    const res = await ctx.as(token).post('/api/discounts', { ...base, ...target(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses a discount without its target', async () => {
    expect((await ctx.as(token).post('/api/discounts', base)).json().error).toBe(DISCOUNT_TEXT.required);
    const wrongScope = await ctx
      .as(token)
      .post('/api/discounts', { ...base, applies_to: 'brand', ...target() });
    expect(wrongScope.json().error).toBe(DISCOUNT_TEXT.required);
  });

  it('refuses a target that does not match applies_to, or does not exist', async () => {
    const mismatch = await ctx.as(token).post('/api/discounts', {
      ...base,
      product_id: product.id,
      brand_id: brandId,
    });
    expect(mismatch.json().error).toBe(DISCOUNT_TEXT.targetMismatch);
    const missing = await ctx.as(token).post('/api/discounts', { ...base, product_id: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(DISCOUNT_TEXT.targetNotFound('product'));
  });

  it('refuses an end before the start, on create and on update', async () => {
    const res = await ctx.as(token).post('/api/discounts', {
      ...base,
      product_id: product.id,
      starts_at: '2026-05-02 00:00:00',
      ends_at: '2026-05-01 00:00:00',
    });
    expect(res.json().error).toBe(DISCOUNT_TEXT.endBeforeStart);
    const d = (
      await ctx.as(token).post('/api/discounts', {
        ...base,
        product_id: product.id,
        starts_at: '2026-05-02 00:00:00',
      })
    ).json();
    const upd = await ctx.as(token).put(`/api/discounts/${d.id}`, {
      ...base,
      title: 'X',
      product_id: product.id,
      ends_at: '2026-05-01 00:00:00',
    });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().error).toBe(DISCOUNT_TEXT.endBeforeStart);
    await ctx.as(token).delete(`/api/discounts/${d.id}`);
  });

  it('answers 404 when updating a missing discount', async () => {
    expect(
      (await ctx.as(token).put('/api/discounts/999999', { ...base, product_id: product.id })).statusCode,
    ).toBe(404);
  });
});
