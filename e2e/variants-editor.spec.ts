import { expect, test } from '@playwright/test';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiBundleOf, apiCreateProduct, openEditor, sectionCard } from './products';

/**
 * The editor's Options and variants card: an option with its values, generated variants, a price
 * and a status changed in place, all read back from the API and after a reload.
 */
test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('adds Size S/M/L, generates variants, prices M and discontinues L; all of it stays after a reload', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('glove');
  const product = await apiCreateProduct(request, { name: `Glove ${tag}`, sku: `GLV-${tag}`, mrp: 10 });
  await openEditor(page, product);
  const card = sectionCard(page, 'Options and variants');

  await card.getByRole('button', { name: 'Add option' }).click();
  await card.getByLabel('Option name').fill('Size');
  const values = card.getByLabel('Values');
  for (const v of ['S', 'M', 'L']) {
    await values.fill(v);
    await values.press('Enter');
  }
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Option saved')).toBeVisible();

  await card.getByRole('button', { name: 'Generate variants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate variants?' });
  await expect(dialog).toContainText('2 variants will be created');
  await dialog.getByRole('button', { name: 'Generate variants' }).click();
  await expect(toast(page, '2 variants created')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'SKU L' })).toHaveValue(`GLV-${tag}-L`);

  const price = card.getByRole('textbox', { name: 'Price M' });
  await price.fill('12.50');
  await price.press('Enter');
  await expect(toast(page, 'Variant saved')).toBeVisible();
  const rowL = card.getByRole('row').filter({ has: page.getByRole('textbox', { name: 'SKU L' }) });
  await rowL.getByRole('button', { name: 'Discontinue' }).click();
  await expect(rowL.getByText('Discontinued', { exact: true })).toBeVisible();

  await page.reload();
  await expect(card.getByRole('textbox', { name: 'Price M' })).toHaveValue('12.50');
  await expect(rowL.getByRole('button', { name: 'Make active' })).toBeVisible();
  const stored = await apiBundleOf(request, product.slug);
  expect(stored.options.map((o) => [o.name, o.values.map((v) => v.value)])).toEqual([
    ['Size', ['S', 'M', 'L']],
  ]);
  expect(stored.variants.map((v) => [v.title, v.mrp, v.status])).toEqual([
    ['S', 10, 'active'],
    ['M', 12.5, 'active'],
    ['L', 10, 'discontinued'],
  ]);
  expect(stored.price_range).toEqual({ min: 10, max: 12.5 });

  await page.screenshot({ path: '.tmp/shots/variants/editor-1280.png', fullPage: true });

  // On a phone every variant's fields and buttons are in reach without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const remove = rowL.getByRole('button', { name: 'Delete L' });
  await remove.scrollIntoViewIfNeeded();
  const box = await remove.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expect(rowL.getByRole('button', { name: 'Make active' })).toBeInViewport();
  await card.screenshot({ path: '.tmp/shots/variants/editor-390.png' });
});
