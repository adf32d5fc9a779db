import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { thumbnailUrl } from '#domain/images';
import { expectImageLoaded, type UploadFile, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';
import { apiBundleOf, apiCreateProduct, apiUploadImages } from './products';

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

/** A photo-sized picture (1200 × 900), so the stored full image and its thumbnail differ. */
async function photo(name: string): Promise<UploadFile> {
  const buffer = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: `#${randomBytes(3).toString('hex')}` },
  })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

// Product cards load thumbnails, never full images.
test('the products list loads only thumbnails for its cards, never a full image', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('thumb');
  const products = [];
  for (let i = 1; i <= 3; i++) {
    const product = await apiCreateProduct(request, { name: `Pictured ${i} ${tag}`, mrp: 10 });
    await apiUploadImages(request, product.id, [await photo(`a-${i}.jpg`), await photo(`b-${i}.jpg`)]);
    products.push(product);
  }
  const galleries = await Promise.all(products.map(async (p) => (await apiBundleOf(request, p.slug)).images));
  const fullUrls = galleries.flat().map((image) => image.url);
  expect(fullUrls).toHaveLength(6);

  const requested: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/uploads/')) requested.push(url.pathname);
  });
  await page.goto('/products');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(3);
  for (const img of await cards.locator('img').all()) await expectImageLoaded(img);

  // Each card shows its product's first image as the thumbnail, and nothing else was fetched.
  const firstThumbs = galleries.map((g) => thumbnailUrl(g[0].url));
  for (const [i, product] of products.entries()) {
    const img = cards.filter({ hasText: product.name }).locator('img');
    await expect(img).toHaveAttribute('src', firstThumbs[i] ?? '');
  }
  const ours = requested.filter((path) =>
    galleries.flat().some((g) => path === g.url || path === thumbnailUrl(g.url)),
  );
  expect(ours.sort()).toEqual([...firstThumbs].sort());
  for (const path of requested) expect(path).toMatch(/-thumb\.webp$/);
  for (const full of fullUrls) expect(requested).not.toContain(full);
});

// The list already answers each product's thumbnail URL: the table shows it as it is, so no row
// asks for a thumbnail of the thumbnail (a 404 per row).
test('the products table shows the thumbnails the list sent, with no missing image asked for', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('thumbtable');
  const products = [];
  for (let i = 1; i <= 3; i++) {
    const product = await apiCreateProduct(request, { name: `Tabled ${i} ${tag}`, mrp: 10 });
    await apiUploadImages(request, product.id, [await photo(`t-${i}.jpg`)]);
    products.push(product);
  }
  const thumbs = await Promise.all(
    products.map(async (p) => thumbnailUrl((await apiBundleOf(request, p.slug)).images[0]?.url)),
  );

  const missing: string[] = [];
  const requested: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/uploads/')) return;
    requested.push(url.pathname);
    if (r.status() >= 400) missing.push(`${r.status()} ${url.pathname}`);
  });
  await page.goto(`/products?view=table&q=${tag}`);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(3);
  for (const [i, product] of products.entries()) {
    const img = rows.filter({ hasText: product.name }).locator('img');
    await expectImageLoaded(img);
    await expect(img).toHaveAttribute('src', thumbs[i] ?? '');
  }
  expect(missing).toEqual([]);
  expect(requested.filter((p) => p.includes('-thumb-thumb'))).toEqual([]);
});
