import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_TEXT } from '#domain/shop-texts';
import { createCustomer, createProduct, createProductWithVariants, signInBuyer } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Customer prices in the shop (ADR 0031) through the real app: the product page lists the chosen
 * variant's quantity breaks at what a visitor pays there (the one rule, discounts on top), a
 * break written clears the cached page, the cached pages carry only what the script asks for and
 * never a buyer's price, and the buyer's call prices a card's or a basket line's product by its
 * cheapest variant for them.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ INQUIRY_RATE_MAX: '1000' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const visit = (url: string) => ctx.as().get(url);

async function defaultVariant(productId: number) {
  const [variant] = (await ctx.admin.ok('GET', `/api/products/${productId}/variants`)).data as {
    id: number;
  }[];
  return variant.id;
}

/** The product page's list of breaks, as text per item. */
const tierItems = (html: string) => {
  const list = /<ul class="price-tiers"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
};

describe("the product page's quantity breaks", () => {
  it('lists each break at what a visitor pays there, after the live discount, and follows a change at once', async () => {
    const product = await createProduct(ctx.admin, { name: 'Tiered tape', mrp: 12 });
    const variant = await defaultVariant(product.id);
    await ctx.admin.ok('PUT', `/api/variants/${variant}/tiers`, {
      tiers: [
        { min_quantity: 10, mrp: 10 },
        { min_quantity: 100, mrp: 9 },
      ],
    });
    await ctx.admin.ok('POST', '/api/discounts', {
      name: 'Five off tape',
      type: 'percent',
      value: 5,
      applies_to: 'product',
      product_id: product.id,
    });
    const page = await visit(`/shop/${product.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`aria-label="${SHOP_TEXT.tiersLabel}"`);
    // 10.00 and 9.00 less 5%.
    expect(tierItems(page.body)).toEqual(['10+ $9.50 each', '100+ $8.55 each']);

    // A break written is on the page at once: the cached page goes with it.
    await ctx.admin.ok('PUT', `/api/variants/${variant}/tiers`, { tiers: [{ min_quantity: 25, mrp: 8 }] });
    expect(tierItems((await visit(`/shop/${product.slug}`)).body)).toEqual(['25+ $7.60 each']);
    await ctx.admin.ok('PUT', `/api/variants/${variant}/tiers`, { tiers: [] });
    const without = (await visit(`/shop/${product.slug}`)).body;
    expect(without).not.toContain('class="price-tiers"');
    expect(without).toContain('<div data-variant-tiers></div>');
  });

  it("of a product with options, shows the chosen variant's breaks and hands the others to the picker", async () => {
    const made = await createProductWithVariants(ctx.admin, {
      values: ['S', 'M'],
      product: { name: 'Tiered gloves', mrp: 6 },
    });
    const [small, medium] = made.variants;
    await ctx.admin.ok('PUT', `/api/variants/${small.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 5 }] });
    await ctx.admin.ok('PUT', `/api/variants/${medium.id}/tiers`, { tiers: [{ min_quantity: 20, mrp: 4 }] });
    const first = (await visit(`/shop/${made.slug}`)).body;
    expect(tierItems(first)).toEqual(['10+ $5.00 each']);
    // A buyer's price is asked for the chosen variant, the others with it for the picker.
    expect(first).toContain(
      `data-your-price data-variant-id="${small.id}" data-price="6" data-currency="USD" data-variant-ids="${small.id},${medium.id}" hidden`,
    );
    const data = JSON.parse(
      /<script type="application\/json" data-variant-data>(.*?)<\/script>/s.exec(first)?.[1] ?? '{}',
    ) as { variants: { id: number; tiersHtml: string }[] };
    expect(data.variants.find((v) => v.id === medium.id)?.tiersHtml).toContain('20+ $4.00 each');
    expect(tierItems((await visit(`/shop/${made.slug}?variant=${medium.id}`)).body)).toEqual([
      '20+ $4.00 each',
    ]);
  });
});

describe("the cached pages and a buyer's prices", () => {
  it('carry what to ask for, the same for a signed-in buyer as for a visitor, and never their price', async () => {
    const buyer = await createCustomer(ctx, { company: 'Shop Agreement Co' });
    const product = await createProduct(ctx.admin, { name: 'Agreed anvil', mrp: 40 });
    const variant = await defaultVariant(product.id);
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Anvil agreement',
      type: 'fixed',
      customer_ids: [buyer.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: variant, price: 31.17 }],
    });
    const token = await signInBuyer(ctx, buyer.email);

    for (const url of [`/shop/${product.slug}`, '/shop?q=anvil', '/shop/quote']) {
      const visitor = await visit(url);
      const signedIn = await ctx.as(token).get(url);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body, url).toBe(visitor.body);
      expect(visitor.body).not.toContain('31.17');
      expect(visitor.body).not.toContain('Anvil agreement');
    }
    const page = (await visit(`/shop/${product.slug}`)).body;
    expect(page).toContain(
      `<p class="your-price" data-your-price data-product-id="${product.id}" data-price="40" data-currency="USD" hidden></p>`,
    );
    const card = (await visit('/shop?q=anvil')).body;
    expect(card).toContain(`data-your-price data-product-id="${product.id}" data-price="40"`);

    // What the script then asks: a product without options by the product; a variant by its id.
    expect(
      await ctx.as(token).ok('GET', `/api/account/prices?variant_ids=${variant}&product_ids=${product.id}`),
    ).toEqual({
      data: [
        {
          variant_id: variant,
          unit_price: 31.17,
          list_price: 40,
          source: { type: 'price_list', id: list.id, name: 'Anvil agreement' },
        },
        {
          variant_id: variant,
          product_id: product.id,
          unit_price: 31.17,
          list_price: 40,
          source: { type: 'price_list', id: list.id, name: 'Anvil agreement' },
        },
      ],
    });
  });
});

describe('a product priced for the buyer by its cheapest variant', () => {
  it('answers the variant that costs them least at the quantity, and refuses an empty or oversized ask', async () => {
    const buyer = await createCustomer(ctx, { company: 'Cheapest Variant Co' });
    const made = await createProductWithVariants(ctx.admin, {
      values: ['S', 'M', 'L'],
      product: { name: 'Priced rope', mrp: 10 },
    });
    const [small, medium, large] = made.variants;
    await ctx.admin.ok('PATCH', `/api/variants/${small.id}`, { mrp: 8 });
    await ctx.admin.ok('PATCH', `/api/variants/${large.id}`, { mrp: 12 });
    await ctx.admin.ok('PUT', `/api/variants/${medium.id}/tiers`, { tiers: [{ min_quantity: 5, mrp: 7 }] });
    const list = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'Rope deal',
      type: 'fixed',
      customer_ids: [buyer.id],
    });
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [{ variant_id: large.id, price: 7.5 }],
    });
    const token = await signInBuyer(ctx, buyer.email);
    const at = async (quantity: number) =>
      (
        await ctx
          .as(token)
          .ok('GET', `/api/account/prices?product_ids=${made.id},999999&quantity=${quantity}`)
      ).data;
    // One: L's agreed 7.50 beats S's 8.00; five: M's break at 7.00 beats both.
    expect(await at(1)).toEqual([
      {
        variant_id: large.id,
        product_id: made.id,
        unit_price: 7.5,
        list_price: 12,
        source: { type: 'price_list', id: list.id, name: 'Rope deal' },
      },
    ]);
    expect(await at(5)).toEqual([
      {
        variant_id: medium.id,
        product_id: made.id,
        unit_price: 7,
        list_price: 10,
        source: { type: 'tier', min_quantity: 5 },
      },
    ]);
    expect((await ctx.as().get(`/api/account/prices?product_ids=${made.id}`)).statusCode).toBe(401);
    expect((await ctx.as(token).get('/api/account/prices')).statusCode).toBe(400);
    expect((await ctx.as(token).get('/api/account/prices?product_ids=1,x')).statusCode).toBe(400);
    const many = Array.from({ length: 60 }, (_, i) => i + 1).join(',');
    const over = await ctx.as(token).get(`/api/account/prices?variant_ids=${many}&product_ids=${many}`);
    expect(over.statusCode).toBe(400);
  });
});
