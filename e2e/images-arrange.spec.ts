import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { VALIDATION } from '#domain/messages';
import { GALLERY_TEXT, PRODUCT_TOAST } from '#domain/products';
import { pngFile, textFile, type UploadFile, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiBundleOf, apiCreateProduct, apiUploadImages, openEditor, sectionCard } from './products';

/**
 * Arranging a product's gallery in the editor: by dragging with the mouse, by keyboard, with the
 * named Move and Make primary buttons; the order is checked where it is stored (the API) and on
 * the products list's card. Also alt text, and files dropped or refused in a batch.
 */
test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

async function galleryProduct(page: Page, request: Parameters<typeof apiCreateProduct>[0], prefix: string) {
  const tag = uniqueTag(prefix);
  const product = await apiCreateProduct(request, { name: `Gallery ${tag}`, mrp: 20 });
  await apiUploadImages(request, product.id, [
    await pngFile('a.png', '#aa0000'),
    await pngFile('b.png', '#00aa00'),
    await pngFile('c.png', '#0000aa'),
  ]);
  const ids = (await apiBundleOf(request, product.slug)).images.map((i) => i.id);
  await openEditor(page, product);
  const card = sectionCard(page, 'Images');
  await expect(card.getByRole('listitem')).toHaveCount(3);
  return { product, ids, card };
}

const storedOrder = async (request: Parameters<typeof apiBundleOf>[0], slug: string) =>
  (await apiBundleOf(request, slug)).images.map((i) => i.id);

/** Drags from the middle of one element to the middle of another in small steps, as a hand does. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the sensor's few pixels first, so the drag starts, then over to the target.
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('drags an image to the front; the order is stored and the product card shows it', async ({
  page,
  request,
}) => {
  const { product, ids, card } = await galleryProduct(page, request, 'imgdrag');
  const [a, b, c] = ids;
  const tiles = card.getByRole('listitem');

  await drag(page, card.getByRole('button', { name: 'Drag image 3' }), tiles.nth(0));
  await expect.poll(() => storedOrder(request, product.slug)).toEqual([c, a, b]);
  await expect(tiles.nth(0).getByText(GALLERY_TEXT.primary, { exact: true })).toBeVisible();

  // After a reload the editor shows the stored order.
  const bundle = await apiBundleOf(request, product.slug);
  await page.reload();
  await expect(tiles.nth(0).getByRole('img')).toHaveAttribute(
    'src',
    bundle.images[0].url.replace('.webp', '-thumb.webp'),
  );

  // The products list's card shows the primary image.
  await page.goto('/products');
  await page.getByLabel('Search', { exact: true }).fill(product.name);
  const productCard = page.getByTestId('product-card').filter({ hasText: product.name });
  // The card's picture is decorative (alt=""), its name is beside it.
  const picture = productCard.locator('img');
  await expect(picture).toHaveAttribute('src', /-thumb\.webp$/);
  const src = await picture.getAttribute('src');
  expect(src?.endsWith(bundle.images[0].url.replace('.webp', '-thumb.webp'))).toBe(true);
});

test('reorders by keyboard with the grip, and with the named Move and Make primary buttons', async ({
  page,
  request,
}) => {
  const { product, ids, card } = await galleryProduct(page, request, 'imgkeys');
  const [a, b, c] = ids;
  // Every control of the gallery has a name, the drop zone's own input hidden from screen readers.
  // Contrast is left out here: it flags the page header's status badge and the file field's icon,
  // stock Mantine colours that the theme decides, not the gallery.
  const axe = await new AxeBuilder({ page }).include('main').disableRules(['color-contrast']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

  // The grip: Space picks the image up, the arrow moves it, Space drops it; each step is announced.
  const grip = card.getByRole('button', { name: 'Drag image 1' });
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up image 1, at position 1 of 3.')).toBeAttached();
  // The keyboard sensor listens for the arrows only from a timer it sets on pick-up; a timer set
  // now runs after it, so the arrow is never pressed before anything listens.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Image 1 is over position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Image 1 was dropped at position 2 of 3.')).toBeAttached();
  await expect.poll(() => storedOrder(request, product.slug)).toEqual([b, a, c]);

  // Make primary moves an image to the front.
  await card.getByRole('button', { name: 'Make image 3 primary' }).click();
  await expect(page.getByRole('status').filter({ hasText: GALLERY_TEXT.madePrimary(3) })).toBeAttached();
  await expect.poll(() => storedOrder(request, product.slug)).toEqual([c, b, a]);
  await expect(card.getByRole('button', { name: 'Make image 1 primary' })).toHaveCount(0);

  // Move right by keyboard: the button is reached with Tab and pressed with Enter.
  await card.getByRole('button', { name: 'Move image 1 right' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => storedOrder(request, product.slug)).toEqual([b, c, a]);
  await expect(card.getByRole('button', { name: 'Move image 1 left' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Move image 3 right' })).toBeDisabled();

  await page.reload();
  await expect(
    card.getByRole('listitem').nth(0).getByText(GALLERY_TEXT.primary, { exact: true }),
  ).toBeVisible();
  expect(await storedOrder(request, product.slug)).toEqual([b, c, a]);
});

test('edits alt text, which the shop then uses; delete asks first and Cancel keeps the image', async ({
  page,
  request,
}) => {
  const { product, ids, card } = await galleryProduct(page, request, 'imgalt');
  await card.getByRole('button', { name: 'Edit alt text of image 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alt text for image 2' });
  const field = dialog.getByLabel('Alt text');
  await expect(field).toHaveValue(product.name);
  await field.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Alt text is required')).toBeVisible();
  await field.fill('Green chair from the side');
  await field.press('Enter');
  await expect(toast(page, GALLERY_TEXT.altSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('listitem').nth(1)).toContainText('Green chair from the side');
  const stored = await apiBundleOf(request, product.slug);
  expect(stored.images.find((i) => i.id === ids[1])?.alt).toBe('Green chair from the side');

  await page.goto(`/shop/${product.slug}`);
  await expect(page.locator('[data-gallery-thumb]').nth(1)).toHaveAttribute(
    'data-alt',
    'Green chair from the side',
  );

  await openEditor(page, product);
  await card.getByRole('button', { name: 'Delete image 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete image?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('listitem')).toHaveCount(3);
  expect(await storedOrder(request, product.slug)).toEqual(ids);
});

test('a batch with a bad file keeps the good ones and names the bad one; dropped files upload', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('imgbatch');
  const product = await apiCreateProduct(request, { name: `Batch ${tag}`, mrp: 20 });
  await openEditor(page, product);
  const card = sectionCard(page, 'Images');

  // Declared a PNG, so the page lets it through; the server decodes it and refuses it alone.
  const fake: UploadFile = { ...textFile, name: 'notes.png', mimeType: 'image/png' };
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Add images', { exact: true }).click();
  await (await chooser).setFiles([await pngFile('good.png'), fake]);
  await card.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, PRODUCT_TOAST.imagesUploaded)).toBeVisible();
  const alert = card.getByRole('alert').filter({ hasText: GALLERY_TEXT.refusedTitle });
  await expect(alert).toContainText(`notes.png: ${VALIDATION.imageType}`);
  // One tile per stored image (the alert's list has items too).
  const tiles = card.getByRole('button', { name: /^Drag image \d+$/ });
  await expect(tiles).toHaveCount(1);
  expect((await apiBundleOf(request, product.slug)).images).toHaveLength(1);

  // Files dropped onto the gallery upload at once.
  const dropped = await pngFile('dropped.png');
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: 'image/png' }));
      return transfer;
    },
    { name: dropped.name, base64: dropped.buffer.toString('base64') },
  );
  const zone = card.getByLabel('Drop images to upload');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(tiles).toHaveCount(2);
  expect((await apiBundleOf(request, product.slug)).images).toHaveLength(2);
});
