import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_ALT_MAX_LENGTH, IMAGE_MAX_BYTES } from '#domain/images';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { PRODUCT_MESSAGES } from '#domain/products';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { png, text, uploadedFiles } from '../../test/images';
import { uploadImages } from '../../test/uploads';

/**
 * Arranging a gallery through the API: its order (the first image is the primary one on cards, in
 * the bundle and in the shop's link preview), each image's alt text, and batches where some files
 * are refused while the others are stored.
 */
const PUBLIC_URL = 'https://shop.example.com';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
});
afterAll(() => ctx.close());

type Image = { id: number; url: string; alt: string | null };

let made = 0;
async function productWithImages(name: string, colors: string[]) {
  const product = await createProduct(ctx.admin, { name: `${name} ${++made}`, mrp: 10, sku: undefined });
  const images: Image[] = [];
  if (colors.length > 0) {
    const upload = await uploadImages(
      ctx.as(ctx.adminToken),
      product.id,
      await Promise.all(colors.map(async (c, i) => ({ name: `${i}.png`, bytes: await png(c) }))),
    );
    expect(upload.statusCode, upload.body).toBe(201);
    images.push(...upload.json().data);
  }
  return { ...product, images };
}

/** The gallery's rows as stored: id, position and alt, in position order. */
const rows = async (productId: number) =>
  (
    await ctx.database.pool.query(
      'select id, position, alt from product_images where product_id = $1 order by position, id',
      [productId],
    )
  ).rows as { id: number; position: number; alt: string | null }[];

const bundle = async (slug: string) => {
  const res = await ctx.as().get(`/api/public/products/slug/${slug}/bundle`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { images: Image[] };
};

const order = (productId: number, ids: unknown) =>
  ctx.as(ctx.adminToken).put(`/api/products/${productId}/images/order`, { ids });

describe('PUT /api/products/{id}/images/order', () => {
  it('stores the order as positions 0..n-1, answers it, and the first image becomes the card image', async () => {
    const p = await productWithImages('Ordered', ['#a00000', '#00a000', '#0000a0']);
    const [a, b, c] = p.images;
    const res = await order(p.id, [c.id, a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((i: Image) => i.id)).toEqual([c.id, a.id, b.id]);
    expect(await rows(p.id)).toEqual([
      { id: c.id, position: 0, alt: p.name },
      { id: a.id, position: 1, alt: p.name },
      { id: b.id, position: 2, alt: p.name },
    ]);
    expect(
      (await ctx.as(ctx.adminToken).get(`/api/products/${p.id}/images`)).json().data.map((i: Image) => i.id),
    ).toEqual([c.id, a.id, b.id]);
    const card = (await ctx.as(ctx.adminToken).get(`/api/products?q=${encodeURIComponent(p.name)}`)).json()
      .data[0];
    expect(card.image).toBe(c.url.replace('.webp', '-thumb.webp'));
    // An image added later goes after the reordered ones.
    const more = await uploadImages(ctx.as(ctx.adminToken), p.id, [
      { name: 'late.png', bytes: await png('#333333') },
    ]);
    expect(
      more
        .json()
        .data.map((i: Image) => i.id)
        .slice(0, 3),
    ).toEqual([c.id, a.id, b.id]);
  });

  it('refuses a missing, doubled or foreign id and an unknown product, changing nothing', async () => {
    const p = await productWithImages('Strict order', ['#a10000', '#00a100', '#0000a1']);
    const other = await productWithImages('Other gallery', ['#a1a100']);
    const [a, b, c] = p.images;
    const before = await rows(p.id);
    const cases: [unknown, number, string][] = [
      [[b.id, a.id], 400, PRODUCT_MESSAGES.imageOrderIncomplete],
      [[b.id, a.id, a.id], 400, PRODUCT_MESSAGES.imageOrderDuplicate],
      [[b.id, a.id, c.id, c.id], 400, PRODUCT_MESSAGES.imageOrderDuplicate],
      [[b.id, a.id, other.images[0].id], 404, PRODUCT_MESSAGES.imageNotFound],
      [[c.id, b.id, a.id, other.images[0].id], 404, PRODUCT_MESSAGES.imageNotFound],
      [[], 400, PRODUCT_MESSAGES.imageOrderIncomplete],
      [['x'], 400, 'Image ids must be numbers'],
    ];
    for (const [ids, status, error] of cases) {
      const res = await order(p.id, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(status);
      expect([res.json().error, ...Object.values(res.json().details ?? {})]).toContain(error);
    }
    const unknown = await order(99_999, [a.id, b.id, c.id]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PRODUCT_MESSAGES.productNotFound);
    const extra = await ctx.as(ctx.adminToken).put(`/api/products/${p.id}/images/order`, {
      ids: [c.id, b.id, a.id],
      position: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe(API_ERROR.unknownField('position'));
    expect(await rows(p.id)).toEqual(before);
    expect((await rows(other.id)).map((r) => r.position)).toEqual([0]);
  });
});

describe('PATCH /api/products/{id}/images/{imageId}', () => {
  it('sets the alt text, trimmed, which the bundle carries', async () => {
    const p = await productWithImages('Described', ['#b00000', '#00b000']);
    const res = await ctx.as(ctx.adminToken).patch(`/api/products/${p.id}/images/${p.images[1].id}`, {
      alt: '  The drill from the side  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...p.images[1], alt: 'The drill from the side' });
    expect((await rows(p.id)).map((r) => r.alt)).toEqual([p.name, 'The drill from the side']);
    expect((await bundle(p.slug)).images.map((i) => i.alt)).toEqual([p.name, 'The drill from the side']);
  });

  it('refuses alt text over the limit or blank, and an image of another product or none', async () => {
    const p = await productWithImages('Alt limits', ['#c00000']);
    const other = await productWithImages('Alt other', ['#00c000']);
    const url = `/api/products/${p.id}/images/${p.images[0].id}`;
    const atLimit = await ctx.as(ctx.adminToken).patch(url, { alt: 'x'.repeat(IMAGE_ALT_MAX_LENGTH) });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const before = await rows(p.id);

    const long = await ctx.as(ctx.adminToken).patch(url, { alt: 'x'.repeat(IMAGE_ALT_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(Object.values(long.json().details ?? {})).toContain(
      VALIDATION.tooLong('Alt text', IMAGE_ALT_MAX_LENGTH),
    );
    for (const alt of ['', '   ']) {
      const blank = await ctx.as(ctx.adminToken).patch(url, { alt });
      expect(blank.statusCode).toBe(400);
      expect(Object.values(blank.json().details ?? {})).toContain(PRODUCT_MESSAGES.altRequired);
    }
    const missing = await ctx.as(ctx.adminToken).patch(url, {});
    expect(missing.statusCode).toBe(400);

    const foreign = await ctx
      .as(ctx.adminToken)
      .patch(`/api/products/${p.id}/images/${other.images[0].id}`, { alt: 'Mine' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(PRODUCT_MESSAGES.imageNotFound);
    const none = await ctx.as(ctx.adminToken).patch(`/api/products/${p.id}/images/999999`, { alt: 'Mine' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(PRODUCT_MESSAGES.imageNotFound);
    const noProduct = await ctx
      .as(ctx.adminToken)
      .patch(`/api/products/999999/images/${p.images[0].id}`, { alt: 'Mine' });
    expect(noProduct.statusCode).toBe(404);

    expect(await rows(p.id)).toEqual(before);
    expect((await rows(other.id)).map((r) => r.alt)).toEqual([other.name]);
  });
});

describe('POST /api/products/{id}/images/batch with refused files', () => {
  it('stores the good files and names each refused one with its reason', async () => {
    const p = await productWithImages('Partial batch', []);
    const oversized = Buffer.alloc(IMAGE_MAX_BYTES + 1, 1);
    const res = await uploadImages(ctx.as(ctx.adminToken), p.id, [
      { name: 'good-1.png', bytes: await png('#d00000') },
      { name: 'notes.png', bytes: text },
      { name: 'good-2.png', bytes: await png('#00d000') },
      { name: 'huge.png', bytes: oversized },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.refused).toEqual([
      { file: 'notes.png', error: VALIDATION.imageType },
      { file: 'huge.png', error: VALIDATION.imageSize },
    ]);
    expect((await rows(p.id)).map((r) => r.id)).toEqual(body.data.map((i: Image) => i.id));
    for (const image of body.data as Image[])
      expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(image.url));
  });

  it('answers a good batch as before, with no refused list', async () => {
    const p = await productWithImages('Good batch', []);
    const res = await uploadImages(ctx.as(ctx.adminToken), p.id, [
      { name: 'fine.png', bytes: await png('#e00000') },
    ]);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['data']);
  });

  it('refuses a batch with no good file, naming every file, and stores nothing', async () => {
    const p = await productWithImages('Bad batch', []);
    const before = uploadedFiles(ctx.uploadsDir);
    const res = await uploadImages(ctx.as(ctx.adminToken), p.id, [
      { name: 'a.txt.png', bytes: text },
      { name: 'b.txt.png', bytes: text },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: VALIDATION.imageType,
      details: { file: 'a.txt.png' },
      refused: [
        { file: 'a.txt.png', error: VALIDATION.imageType },
        { file: 'b.txt.png', error: VALIDATION.imageType },
      ],
    });
    expect(await rows(p.id)).toEqual([]);
    expect(uploadedFiles(ctx.uploadsDir)).toEqual(before);
  });

  it('refuses a request that is not a multipart form, or carries too many files, as a whole', async () => {
    const p = await productWithImages('Whole refusal', []);
    const json = await ctx.as(ctx.adminToken).post(`/api/products/${p.id}/images/batch`, { images: [] });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('Expected a multipart form upload');
    const many = await uploadImages(
      ctx.as(ctx.adminToken),
      p.id,
      await Promise.all(
        Array.from({ length: 11 }, async (_, i) => ({ name: `${i}.png`, bytes: await png('#101010') })),
      ),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().error).toBe(API_ERROR.tooManyFiles);
    expect(await rows(p.id)).toEqual([]);
  });

  it('refuses a batch whose only file is too large with 413', async () => {
    const p = await productWithImages('Huge batch', []);
    const res = await uploadImages(ctx.as(ctx.adminToken), p.id, [
      { name: 'huge.png', bytes: Buffer.alloc(IMAGE_MAX_BYTES + 1, 2) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(VALIDATION.imageSize);
    expect(res.json().refused).toEqual([{ file: 'huge.png', error: VALIDATION.imageSize }]);
    expect(await rows(p.id)).toEqual([]);
  });
});

describe('the shop after arranging', () => {
  it("uses each image's alt text and the first image after a reorder as og:image", async () => {
    const p = await productWithImages('Shop arranged', ['#f00000', '#00f000']);
    const [a, b] = p.images;
    const first = await ctx.as().get(`/shop/${p.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}${a.url}">`);

    expect(
      (await ctx.as(ctx.adminToken).patch(`/api/products/${p.id}/images/${b.id}`, { alt: 'Green side view' }))
        .statusCode,
    ).toBe(200);
    expect((await order(p.id, [b.id, a.id])).statusCode).toBe(200);
    // The page was cached before the writes; they must have cleared it.
    const html = (await ctx.as().get(`/shop/${p.slug}`)).body;
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}${b.url}">`);
    expect(html).toMatch(new RegExp(`<img data-gallery-main src="${b.url}" alt="Green side view"`));
    expect(html).toContain(`data-alt="${p.name}"`);
    expect((await bundle(p.slug)).images).toEqual([
      { ...b, alt: 'Green side view' },
      { ...a, alt: p.name },
    ]);
  });
});
