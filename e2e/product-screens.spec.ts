import { expect, test } from '@playwright/test';
import { apiCreateBrand, apiCreateCategory, pngFile, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';
import {
  apiAddSampleSections,
  apiCreateProduct,
  apiSetDiscount,
  apiUploadImages,
  sectionCard,
} from './products';

// Captures the product screens at desktop and phone widths into .tmp/screens for people to look
// at, like screens.spec.ts; each capture first waits for the screen's own content.
const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

for (const size of widths) {
  test(`product screens at ${size.label} width`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
    const shot = async (name: string, fullPage = false) => {
      // Dialogs fade in and images decode; capture once settled.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `.tmp/screens/${size.label}-${name}.png`, fullPage });
      // Usable at phone width means nothing sticks out sideways (wide tables scroll inside).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    };

    const tag = uniqueTag('shot');
    const brand = await apiCreateBrand(request, { name: `Nordic ${tag}` });
    const category = await apiCreateCategory(request, { name: `Living room ${tag}` });
    await apiCreateProduct(request, {
      name: `Plain stool ${tag}`,
      description: 'No picture, no discount',
      mrp: 45,
    });
    const lamp = await apiCreateProduct(request, {
      name: `Brass table lamp ${tag}`,
      sku: `LMP-${tag}`,
      brand_id: brand.id,
      category_id: category.id,
      description: 'A warm, dimmable lamp with a linen shade and a solid brass base.',
      mrp: 19.99,
    });
    await apiSetDiscount(request, lamp, { discountAmount: 5 });
    const sofa = await apiCreateProduct(request, {
      name: `Three-seat sofa ${tag}`,
      sku: `SOFA-${tag}`,
      brand_id: brand.id,
      category_id: category.id,
      description: 'Deep seats, removable covers and oak legs. Made to order in six weeks.',
      mrp: 1299,
    });
    await apiSetDiscount(request, sofa, { discountPercent: 15 });
    await apiUploadImages(request, lamp.id, [await pngFile('lamp.png', '#e8b04b')]);
    await apiUploadImages(request, sofa.id, [
      await pngFile('sofa.png', '#4c6ef5'),
      await pngFile('sofa2.png', '#12b886'),
      await pngFile('sofa3.png', '#fa5252'),
    ]);
    const titles = await apiAddSampleSections(request, sofa.id, tag);

    await page.goto('/products');
    await page.getByLabel('Search', { exact: true }).fill(tag);
    await expect(page.getByTestId('product-card')).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    await shot('products', true);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Product' })).toBeVisible();
    await shot('products-create');
    await page.keyboard.press('Escape');

    await page.goto(`/product/${sofa.slug}`);
    await expect(sectionCard(page, titles.table)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot('product-editor', true);

    const basic = sectionCard(page, 'Basic and Price');
    await basic.getByRole('button', { name: 'Edit' }).click();
    await expect(basic.getByTestId('final-price-preview')).toBeVisible();
    await shot('product-editor-edit', true);
    await basic.getByRole('button', { name: 'Cancel' }).click();

    await sectionCard(page, titles.table).getByRole('button', { name: 'Edit' }).click();
    await sectionCard(page, titles.specs).getByRole('button', { name: 'Edit' }).click();
    await expect(sectionCard(page, titles.table).getByLabel('Columns')).toBeVisible();
    await shot('product-editor-sections-edit', true);

    await page.getByRole('button', { name: 'Add Section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Section' });
    await expect(dialog.getByText('Choose a section to continue.')).toBeVisible();
    await shot('product-add-section');
    await dialog.getByRole('radio', { name: 'Table' }).click();
    await dialog.getByLabel('Columns').fill('Size, Seats, Price');
    await shot('product-add-section-table');
    await page.keyboard.press('Escape');

    await page.goto(`/product/${sofa.slug}/preview`);
    await expect(page.getByRole('heading', { level: 1, name: sofa.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot('product-preview', true);
    await page.getByRole('button', { name: 'Request Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Request Quote' })).toBeVisible();
    await shot('product-preview-quote');
  });
}
