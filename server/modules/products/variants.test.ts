import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_MESSAGES } from '#domain/variants';
import { createProduct, createProductWithVariants } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

const product = (name: string, sku: string | null, mrp = 10) => createProduct(ctx.admin, { name, sku, mrp });

/** Every variant of the product as stored, with its values' texts, in order. */
const variantRows = (productId: number) =>
  q(
    `select v.sku, v.mrp::text as mrp, v.status, v.position,
       concat_ws(' / ', v1.value, v2.value, v3.value) as title
     from product_variants v
     left join product_option_values v1 on v1.id = v.option1_value_id
     left join product_option_values v2 on v2.id = v.option2_value_id
     left join product_option_values v3 on v3.id = v.option3_value_id
     where v.product_id = $1 order by v.position, v.id`,
    [productId],
  );
const productRow = async (id: number) =>
  (
    await q<{ sku: string | null; mrp: string; mrp_max: string | null }>(
      'select sku, mrp::text as mrp, mrp_max::text as mrp_max from products where id = $1',
      [id],
    )
  )[0];

const sized = (name: string, sku: string, values = ['S', 'M', 'L']) =>
  createProductWithVariants(ctx.admin, { product: { name, sku }, values });

describe('options', () => {
  it("adds an option: the default variant takes its first value, and generate adds the rest at the product's price", async () => {
    const made = await product('Work Glove', 'GLV');
    const res = await ctx.admin.post(`/api/products/${made.id}/options`, {
      name: 'Size',
      values: ['S', 'M', 'L'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Size',
      values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }],
    });
    expect(await variantRows(made.id)).toEqual([
      { sku: 'GLV', mrp: '10.00', status: 'active', position: 0, title: 'S' },
    ]);
    const generated = await ctx.admin.post(`/api/products/${made.id}/variants/generate`);
    expect(generated.json()).toEqual({ created: 2 });
    expect((await variantRows(made.id)).map((v) => [v.sku, v.title, v.mrp])).toEqual([
      ['GLV', 'S', '10.00'],
      ['GLV-M', 'M', '10.00'],
      ['GLV-L', 'L', '10.00'],
    ]);
    // Again: nothing is missing.
    expect((await ctx.admin.post(`/api/products/${made.id}/variants/generate`)).json()).toEqual({
      created: 0,
    });
    const list = await ctx.admin.get(`/api/products/${made.id}/variants`);
    expect(list.json().data[1]).toMatchObject({
      sku: 'GLV-M',
      title: 'M',
      options: { Size: 'M' },
      mrp: 10,
      price: { mrp: 10, final: 10 },
      status: 'active',
      image: null,
    });
  });

  it('a second option gives every variant its first value; generate fills the grid', async () => {
    const { id } = await sized('Hex Bolt', 'BOLT', ['M8', 'M10']);
    const finish = await ctx.admin.post(`/api/products/${id}/options`, {
      name: 'Finish',
      values: ['Zinc', 'Steel'],
    });
    expect(finish.statusCode, finish.body).toBe(201);
    expect((await variantRows(id)).map((v) => v.title)).toEqual(['M8 / Zinc', 'M10 / Zinc']);
    expect((await ctx.admin.post(`/api/products/${id}/variants/generate`)).json()).toEqual({ created: 2 });
    expect((await variantRows(id)).map((v) => [v.sku, v.title])).toEqual([
      ['BOLT', 'M8 / Zinc'],
      ['BOLT-M10', 'M10 / Zinc'],
      ['BOLT-M8-Steel', 'M8 / Steel'],
      ['BOLT-M10-Steel', 'M10 / Steel'],
    ]);
  });

  it('refuses a fourth option, and a taken name, changing nothing', async () => {
    const made = await product('Many Options', 'MO');
    for (const name of ['A', 'B', 'C'])
      expect(
        (await ctx.admin.post(`/api/products/${made.id}/options`, { name, values: ['x'] })).statusCode,
      ).toBe(201);
    const fourth = await ctx.admin.post(`/api/products/${made.id}/options`, { name: 'D', values: ['x'] });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().error).toBe(VARIANT_MESSAGES.tooManyOptions);
    const again = await ctx.admin.post(`/api/products/${made.id}/options`, { name: 'a', values: ['x'] });
    expect(again.statusCode).toBe(400);
    const taken = await sized('Taken Name', 'TN');
    const dup = await ctx.admin.post(`/api/products/${taken.id}/options`, { name: 'size', values: ['x'] });
    expect(dup.statusCode).toBe(409);
    expect(await q('select name from product_options where product_id = $1', [taken.id])).toEqual([
      { name: 'Size' },
    ]);
  });

  it('renames and reorders values keeping their ids; refuses to remove a value in use', async () => {
    const { id, option } = await sized('Rename Glove', 'RG');
    const before = await q<{ id: number; value: string }>(
      'select id, value from product_option_values where option_id = $1 order by id',
      [option.id],
    );
    const renamed = await ctx.admin.patch(`/api/products/${id}/options/${option.id}`, {
      name: 'Glove size',
      values: ['l', 'M', 'S', 'XL'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().values.map((v: { value: string }) => v.value)).toEqual(['l', 'M', 'S', 'XL']);
    const byText = new Map(before.map((v) => [v.value.toLowerCase(), v.id]));
    for (const v of renamed.json().values.slice(0, 3)) expect(v.id).toBe(byText.get(v.value.toLowerCase()));
    const refused = await ctx.admin.patch(`/api/products/${id}/options/${option.id}`, { values: ['S', 'M'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(VARIANT_MESSAGES.valueInUse('l'));
    expect(
      await q('select count(*)::int as n from product_option_values where option_id = $1', [option.id]),
    ).toEqual([{ n: 4 }]);
    // XL has no variant: it may go.
    const dropped = await ctx.admin.patch(`/api/products/${id}/options/${option.id}`, {
      values: ['S', 'M', 'L'],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().values.map((v: { value: string }) => v.value)).toEqual(['S', 'M', 'L']);
  });

  it('deletes an option where the variants stay distinct, moving the later options up', async () => {
    const { id } = await sized('Split Bolt', 'SB', ['M8']);
    const finish = (
      await ctx.admin.post(`/api/products/${id}/options`, { name: 'Finish', values: ['Zinc', 'Steel'] })
    ).json();
    await ctx.admin.post(`/api/products/${id}/variants/generate`);
    // Size has one value: without it, Zinc and Steel still differ.
    const sizeId = (
      await q<{ id: number }>('select id from product_options where product_id = $1 and position = 1', [id])
    )[0].id;
    // Finish would leave M8 twice.
    const split = await ctx.admin.delete(`/api/products/${id}/options/${finish.id}`);
    expect(split.statusCode).toBe(409);
    expect(split.json().error).toBe(VARIANT_MESSAGES.optionsSplit);
    expect((await variantRows(id)).map((v) => v.title)).toEqual(['M8 / Zinc', 'M8 / Steel']);
    const gone = await ctx.admin.delete(`/api/products/${id}/options/${sizeId}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await variantRows(id)).map((v) => v.title)).toEqual(['Zinc', 'Steel']);
    expect(await q('select name, position from product_options where product_id = $1', [id])).toEqual([
      { name: 'Finish', position: 1 },
    ]);
    // The last option goes only with one variant left, which becomes the default.
    const last = await ctx.admin.delete(`/api/products/${id}/options/${finish.id}`);
    expect(last.statusCode).toBe(409);
    const steel = (await ctx.admin.get(`/api/products/${id}/variants`)).json().data[1];
    expect((await ctx.admin.delete(`/api/variants/${steel.id}`)).statusCode).toBe(204);
    expect((await ctx.admin.delete(`/api/products/${id}/options/${finish.id}`)).statusCode).toBe(204);
    expect(await variantRows(id)).toEqual([
      { sku: 'SB', mrp: '10.00', status: 'active', position: 0, title: '' },
    ]);
    expect(await productRow(id)).toEqual({ sku: 'SB', mrp: '10.00', mrp_max: null });
  });
});

describe('variants', () => {
  it('creates a variant; refuses unknown options and values, a missing value, a taken combination or SKU', async () => {
    const { id } = await sized('Create Glove', 'CG', ['S', 'M']);
    await ctx.admin.patch(
      `/api/products/${id}/options/${(await q<{ id: number }>('select id from product_options where product_id = $1', [id]))[0].id}`,
      {
        values: ['S', 'M', 'XL'],
      },
    );
    const before = await variantRows(id);
    const cases: [object, number, string][] = [
      [{ sku: 'CG-X', options: { Colour: 'Red', Size: 'XL' }, mrp: 10 }, 400, 'options.Colour'],
      [{ sku: 'CG-X', options: { Size: 'XXL' }, mrp: 10 }, 400, 'options.Size'],
      [{ sku: 'CG-X', options: {}, mrp: 10 }, 400, 'options.Size'],
      [{ sku: 'CG-X', options: { Size: 'M' }, mrp: 10 }, 409, 'options'],
      [{ sku: 'CG-M', options: { Size: 'XL' }, mrp: 10 }, 409, 'sku'],
    ];
    const other = await product('Other Product', 'OTHER-1');
    cases.push([{ sku: 'OTHER-1', options: { Size: 'XL' }, mrp: 10 }, 409, 'sku']);
    for (const [body, status, field] of cases) {
      const res = await ctx.admin.post(`/api/products/${id}/variants`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json().details ?? {})).toContain(field);
    }
    expect(await variantRows(id)).toEqual(before);
    // A product's SKU may not be another product's variant's either.
    const clash = await ctx.admin.put(`/api/products/${other.id}`, {
      name: 'Other Product',
      sku: 'CG-M',
      pricing: { mrp: 10 },
    });
    expect(clash.statusCode).toBe(409);
    const made = await ctx.admin.post(`/api/products/${id}/variants`, {
      sku: 'CG-XL',
      options: { size: 'xl' },
      mrp: 14,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ sku: 'CG-XL', title: 'XL', options: { Size: 'XL' }, mrp: 14 });
    expect(await productRow(id)).toMatchObject({ mrp: '10.00', mrp_max: '14.00' });
  });

  it("keeps the product's price the lowest active variant's through edits and discontinuing", async () => {
    const { id, slug, variants } = await sized('Price Glove', 'PG');
    const [s, m, l] = variants;
    expect((await ctx.admin.patch(`/api/variants/${m.id}`, { mrp: 12.5 })).statusCode).toBe(200);
    expect((await ctx.admin.patch(`/api/variants/${l.id}`, { mrp: 15 })).statusCode).toBe(200);
    expect(await productRow(id)).toMatchObject({ mrp: '10.00', mrp_max: '15.00' });
    expect((await ctx.admin.patch(`/api/variants/${s.id}`, { status: 'discontinued' })).statusCode).toBe(200);
    expect(await productRow(id)).toMatchObject({ mrp: '12.50', mrp_max: '15.00' });
    expect((await ctx.admin.patch(`/api/variants/${l.id}`, { status: 'discontinued' })).statusCode).toBe(200);
    expect(await productRow(id)).toMatchObject({ mrp: '12.50', mrp_max: null });
    const bundle = (await ctx.admin.get(`/api/products/slug/${slug}/bundle`)).json();
    expect(bundle.base.mrp).toBe(12.5);
    expect(bundle.price_range).toBeNull();
    expect(bundle.variants.map((v: { status: string }) => v.status)).toEqual([
      'discontinued',
      'active',
      'discontinued',
    ]);
    // Changing the product's MRP is refused now: its price is its variants'; an unchanged one passes.
    const put = (mrp: number) =>
      ctx.admin.put(`/api/products/${id}`, { name: 'Price Glove', sku: 'PG', pricing: { mrp } });
    const refused = await put(9);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(VARIANT_MESSAGES.priceIsVariants);
    expect((await put(12.5)).statusCode).toBe(200);
    expect(await productRow(id)).toMatchObject({ mrp: '12.50' });
  });

  it("prices each variant with the product's best live discount", async () => {
    const { id, slug, variants } = await sized('Discount Glove', 'DG');
    await ctx.admin.patch(`/api/variants/${variants[2].id}`, { mrp: 20 });
    const discount = await ctx.admin.post('/api/discounts', {
      name: 'Glove sale',
      type: 'percent',
      value: 10,
      applies_to: 'product',
      product_id: id,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const list = (await ctx.admin.get(`/api/products/${id}/variants`)).json().data;
    expect(list.map((v: { price: unknown }) => v.price)).toEqual([
      { mrp: 10, final: 9 },
      { mrp: 10, final: 9 },
      { mrp: 20, final: 18 },
    ]);
    const bundle = (await ctx.admin.get(`/api/products/slug/${slug}/bundle`)).json();
    expect(bundle.variants[2].price).toEqual({ mrp: 20, final: 18 });
    expect(bundle.price_range).toEqual({ min: 10, max: 20 });
  });

  it('refuses an image outside the gallery, an unknown variant, and deleting the last variant', async () => {
    const made = await product('Lonely', 'LONE');
    const [only] = (await ctx.admin.get(`/api/products/${made.id}/variants`)).json().data;
    const image = await ctx.admin.patch(`/api/variants/${only.id}`, { image_id: 999999 });
    expect(image.statusCode).toBe(400);
    expect(image.json().details).toEqual({ image_id: VARIANT_MESSAGES.imageNotInGallery });
    expect((await ctx.admin.patch('/api/variants/999999', { sku: 'X' })).statusCode).toBe(404);
    const last = await ctx.admin.delete(`/api/variants/${only.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(VARIANT_MESSAGES.lastVariant);
    expect(await variantRows(made.id)).toHaveLength(1);
    // The default variant's SKU and price are the product's.
    expect((await ctx.admin.patch(`/api/variants/${only.id}`, { sku: 'LONE-2', mrp: 11 })).statusCode).toBe(
      200,
    );
    expect(await productRow(made.id)).toEqual({ sku: 'LONE-2', mrp: '11.00', mrp_max: null });
  });

  it('answers a product without options as before: its SKU and price, one default variant, no range', async () => {
    const made = await product('Plain Drill', 'DRILL-1', 99.5);
    const bundle = (await ctx.admin.get(`/api/products/slug/${made.slug}/bundle`)).json();
    expect(bundle.base).toMatchObject({ sku: 'DRILL-1', mrp: 99.5 });
    expect(bundle.options).toEqual([]);
    expect(bundle.variants).toEqual([
      expect.objectContaining({ sku: 'DRILL-1', title: '', options: {}, mrp: 99.5, status: 'active' }),
    ]);
    expect(bundle.price_range).toBeNull();
  });
});

describe('rights', () => {
  it("needs product.price for a variant's price and product.publish for its status", async () => {
    const { id, variants } = await sized('Rights Glove', 'RIG');
    await ctx.database.pool.query(
      `insert into roles (key, name, permissions) values ('variant-editor', 'Variant editor', array['catalogue.read', 'product.edit'])`,
    );
    const { token } = await ctx.makeUser({
      name: 'Vera Variant',
      email: 'vera@example.com',
      role: 'variant-editor',
    });
    const editor = ctx.as(token);
    const price = await editor.patch(`/api/variants/${variants[1].id}`, { mrp: 30 });
    expect(price.statusCode).toBe(403);
    expect(price.json().error).toMatch(/price/i);
    const status = await editor.patch(`/api/variants/${variants[1].id}`, { status: 'discontinued' });
    expect(status.statusCode).toBe(403);
    expect(await variantRows(id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ sku: 'RIG-M', mrp: '10.00', status: 'active' })]),
    );
    // The same price and status need nothing more; the SKU needs product.edit alone.
    const sku = await editor.patch(`/api/variants/${variants[1].id}`, {
      sku: 'RIG-MED',
      mrp: 10,
      status: 'active',
    });
    expect(sku.statusCode, sku.body).toBe(200);
    // A new variant at the product's price needs product.edit; at another price product.price too.
    await ctx.admin.patch(
      `/api/products/${id}/options/${(await q<{ id: number }>('select id from product_options where product_id = $1', [id]))[0].id}`,
      {
        values: ['S', 'M', 'L', 'XL', 'XXL'],
      },
    );
    expect(
      (await editor.post(`/api/products/${id}/variants`, { sku: 'RIG-XL', options: { Size: 'XL' }, mrp: 10 }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await editor.post(`/api/products/${id}/variants`, {
          sku: 'RIG-XXL',
          options: { Size: 'XXL' },
          mrp: 11,
        })
      ).statusCode,
    ).toBe(403);
    const sales = await ctx.makeUser({ name: 'Sam Sales', email: 'sam@example.com', role: 'sales' });
    expect((await ctx.as(sales.token).post(`/api/products/${id}/variants/generate`)).statusCode).toBe(403);
  });
});

describe('trash, history and duplicate', () => {
  it('brings options and variants back from the trash as they were', async () => {
    const { id, variants } = await sized('Trash Glove', 'TG');
    await ctx.admin.patch(`/api/variants/${variants[2].id}`, { mrp: 17, status: 'discontinued' });
    const before = (await ctx.admin.get(`/api/products/${id}/variants`)).json();
    const options = await q(
      'select o.name, v.value, v.position from product_options o join product_option_values v on v.option_id = o.id where o.product_id = $1 order by v.position',
      [id],
    );
    expect((await ctx.admin.delete(`/api/products/${id}`)).statusCode).toBe(204);
    expect(await q('select 1 from product_variants where product_id = $1', [id])).toEqual([]);
    const restored = await ctx.admin.post(`/api/trash/product/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await ctx.admin.get(`/api/products/${id}/variants`)).json()).toEqual(before);
    expect(
      await q(
        'select o.name, v.value, v.position from product_options o join product_option_values v on v.option_id = o.id where o.product_id = $1 order by v.position',
        [id],
      ),
    ).toEqual(options);
    expect(await productRow(id)).toEqual({ sku: 'TG', mrp: '10.00', mrp_max: null });
  });

  it("shows variant changes in the product's history", async () => {
    const { id, variants } = await sized('History Glove', 'HG');
    await ctx.admin.patch(`/api/variants/${variants[1].id}`, { mrp: 12 });
    const history = (await ctx.admin.get(`/api/history?entity_type=product&entity_id=${id}`)).json().data as {
      changes: Record<string, { before: unknown; after: unknown }>;
    }[];
    const priced = history.find((e) => e.changes.variants && e.changes.mrp_max);
    expect(priced?.changes.variants).toEqual({
      before: [expect.objectContaining({ title: 'M', sku: 'HG-M', mrp: 10 })],
      after: [expect.objectContaining({ title: 'M', sku: 'HG-M', mrp: 12 })],
    });
    expect(history.some((e) => e.changes.options)).toBe(true);
  });

  it('a duplicate copies options and variants, without SKUs', async () => {
    const { id, variants } = await sized('Copy Glove', 'CPG');
    await ctx.admin.patch(`/api/variants/${variants[1].id}`, { mrp: 13 });
    const copy = await ctx.admin.post(`/api/products/${id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = await variantRows(copy.json().id);
    expect(copied.map((v) => [v.sku, v.title, v.mrp])).toEqual([
      [null, 'S', '10.00'],
      [null, 'M', '13.00'],
      [null, 'L', '10.00'],
    ]);
    expect(await productRow(copy.json().id)).toEqual({ sku: null, mrp: '10.00', mrp_max: '13.00' });
  });
});
