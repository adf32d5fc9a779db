import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCreateBrand, apiCreateCategory, authHeaders, bodyRows, rowWith, uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage } from './fixtures';
import { apiAddSampleSections, apiCreateProduct } from './products';

/** The point at the middle of an element shows that element, not something laid over it. */
async function expectUncovered(el: Locator) {
  const box = await el.boundingBox();
  expect(box).not.toBeNull();
  const hit = await el.evaluate(
    (node, [x, y]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (node === top || node.contains(top));
    },
    [box!.x + box!.width / 2, box!.y + box!.height / 2] as const,
  );
  expect(hit).toBe(true);
}

/** A row's buttons are on screen as the list opens, without scrolling the table sideways. */
async function expectActionsInReach(page: Page, row: Locator, open: string) {
  for (const name of [open, 'Delete']) {
    const button = row.getByRole('button', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    await expectUncovered(button);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('on a phone every list table keeps its row buttons on screen', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const tag = uniqueTag('phone');
  const brand = await apiCreateBrand(request, { name: `Acme ${tag}` });
  const category = await apiCreateCategory(request, { name: `Lamps ${tag}` });
  const user = await createUser(request, { name: `Phone ${tag}` });
  const discount = await request.post('/api/discounts', {
    headers: await authHeaders(request),
    data: { name: `Sale ${tag}`, type: 'percent', value: 15, applies_to: 'brand', brand_id: brand.id },
  });
  expect(discount.status(), await discount.text()).toBe(201);

  const lists = [
    { path: `/brands?q=${tag}`, row: brand.name, open: 'Edit' },
    { path: `/categories?q=${tag}`, row: category.name, open: 'Edit' },
    { path: `/users?q=${encodeURIComponent(user.email)}`, row: user.email, open: 'Profile' },
    { path: `/discounts?q=${tag}`, row: `Sale ${tag}`, open: 'Edit' },
  ];
  for (const list of lists) {
    await page.goto(list.path);
    const row = bodyRows(page).filter({ hasText: list.row });
    await expect(row).toBeVisible();
    await expectActionsInReach(page, row, list.open);
  }

  // And they work from there.
  await page.goto(`/brands?q=${tag}`);
  await rowWith(page, brand.name).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Brand' })).toBeVisible();
});

test("on a phone the product editor's action bar covers none of the page", async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  const tag = uniqueTag('bar');
  const product = await apiCreateProduct(request, { name: `Long page ${tag}`, description: 'Tall.' });
  const titles = await apiAddSampleSections(request, product.id, tag);
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();

  // Each section's heading, brought to the bottom edge of the screen, is still the thing shown
  // there: no bar is floating over it.
  for (const title of Object.values(titles)) {
    const heading = page.getByRole('heading', { name: title });
    await heading.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expectUncovered(heading);
  }
  // The bar itself sits after the content, its buttons in reach once scrolled to.
  const add = page.getByRole('button', { name: 'Add Section' });
  await add.scrollIntoViewIfNeeded();
  await expectUncovered(add);
});
