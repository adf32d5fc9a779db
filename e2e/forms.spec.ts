import { expect, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { API_ERROR, UNSAVED as DISCARD_TEXT, VALIDATION } from '#domain/messages';
import { PRODUCT_CONFIRM, PRODUCT_MESSAGES } from '#domain/products';
import { BUILDER_TEXT } from '#domain/quote-texts';
import { apiCreateCategory, authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiCreateProduct, apiStaffBundle, openEditor } from './products';

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

const question = (page: Page) => page.getByRole('dialog', { name: DISCARD_TEXT.title });

const openAddProduct = async (page: Page) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  return page.getByRole('dialog', { name: 'Create Product' });
};

test('a dialog with unsaved changes asks before Escape throws them away', async ({ page, request }) => {
  const tag = uniqueTag('unsaved');
  await page.goto('/brands');
  await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();

  // Untouched, Escape closes at once.
  await page.getByRole('button', { name: 'Add Brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Brand' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(question(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Brand' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(`Brand ${tag}`);
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeVisible();
  await expect(question(page).getByRole('button', { name: DISCARD_TEXT.keep })).toBeFocused();
  await question(page).getByRole('button', { name: DISCARD_TEXT.keep }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(`Brand ${tag}`);

  // Escape on the question is Keep editing too.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question(page)).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: DISCARD_TEXT.discard }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  const res = await request.get(`/api/brands?q=${tag}`, { headers: await authHeaders(request) });
  expect((await res.json()).data).toEqual([]);
});

test('leaving the product editor with unsaved edits asks first', async ({ page, request }) => {
  const tag = uniqueTag('leave');
  const product = await apiCreateProduct(request, { name: `Lamp ${tag}`, mrp: 10 });
  await openEditor(page, product);
  await page.getByRole('region', { name: 'Basic and Price' }).getByRole('button', { name: 'Edit' }).click();
  // A click first: the browser asks on reload only after the user has interacted with the page.
  await page.getByLabel('Name', { exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(`Changed ${tag}`);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: DISCARD_TEXT.keep }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Changed ${tag}`);

  // A reload or closing the tab gets the browser's own question.
  const dialogs: string[] = [];
  page.once('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await page.evaluate(() => {
    window.location.reload();
  });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Changed ${tag}`);

  await page.getByRole('link', { name: 'Back' }).click();
  await question(page).getByRole('button', { name: DISCARD_TEXT.discard }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect((await (await apiStaffBundle(request, product.slug)).json()).base.name).toBe(`Lamp ${tag}`);
});

test("the server's field messages show under their inputs", async ({ page, request }) => {
  const tag = uniqueTag('field');
  const sku = `SKU-${tag}`;
  await apiCreateProduct(request, { name: `Owner ${tag}`, sku });
  const dialog = await openAddProduct(page);
  await dialog.getByLabel('Name', { exact: true }).fill(`Thief ${tag}`);
  const skuInput = dialog.getByLabel('SKU', { exact: true });
  await skuInput.fill(sku);
  await dialog.getByRole('button', { name: 'Create & Continue' }).click();
  await expect(skuInput).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await skuInput.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy?.split(' ')[0]}"]`)).toHaveText(PRODUCT_MESSAGES.skuTaken);
  // The name was fine: no message there.
  await expect(dialog.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  // Editing the field takes its message away.
  await skuInput.fill(`${sku}-2`);
  await expect(skuInput).not.toHaveAttribute('aria-invalid', 'true');

  // A category's taken slug shows under Slug.
  const taken = await apiCreateCategory(request, { name: `Taken ${tag}` });
  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: DISCARD_TEXT.discard }).click();
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const category = page.getByRole('dialog', { name: 'Add Category' });
  await category.getByLabel('Name', { exact: true }).fill(`Other ${tag}`);
  await category.getByLabel('Slug', { exact: true }).fill(taken.slug);
  await category.getByRole('button', { name: 'Save' }).click();
  await expect(category.getByLabel('Slug', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(category.getByText(API_ERROR.slugTaken)).toBeVisible();
});

test('money inputs refuse a minus sign and say so', async ({ page }) => {
  const dialog = await openAddProduct(page);
  const mrp = dialog.getByLabel('MRP', { exact: true });
  await mrp.pressSequentially('-5');
  await expect(mrp).toHaveValue('5');
  await expect(dialog.getByText(VALIDATION.noNegative)).toBeVisible();
  await expect(mrp).toHaveAttribute('aria-invalid', 'true');
  // The message stays while the field has focus and goes when the user moves on.
  await mrp.press('Tab');
  await expect(dialog.getByText(VALIDATION.noNegative)).toHaveCount(0);
  await expect(mrp).not.toHaveAttribute('aria-invalid', 'true');
});

test('deleting a product says it moved to trash and nothing about it being missing', async ({
  page,
  request,
}) => {
  const product = await apiCreateProduct(request, { name: `Doomed ${uniqueTag('del')}`, mrp: 3 });
  const bundleCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/products/slug/${product.slug}/bundle`)) bundleCalls.push(r.url());
  });
  await openEditor(page, product);
  const loads = bundleCalls.length;
  await page.getByRole('button', { name: 'Delete Product' }).click();
  await page
    .getByRole('dialog', { name: PRODUCT_CONFIRM.deleteTitle })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(product.name))).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  // Give a stray refetch time to answer.
  await page.waitForTimeout(1500);
  expect(bundleCalls).toHaveLength(loads);
  await expect(toast(page, PRODUCT_MESSAGES.productNotFound)).toHaveCount(0);
  await expect(page.getByText(PRODUCT_MESSAGES.productNotFound)).toHaveCount(0);
});

test('the parent picker lists the tree indented; typing replaces the chosen parent', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('tree');
  const root = await apiCreateCategory(request, { name: `${tag} Lighting` });
  const child = await apiCreateCategory(request, { name: `${tag} Desk`, parent_id: root.id });
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  const parent = dialog.getByLabel('Parent', { exact: true });
  await parent.fill(tag);
  const rootOption = page.getByRole('option', { name: root.name, exact: true });
  const childOption = page.getByRole('option', { name: child.name, exact: true });
  await expect(childOption).toBeVisible();
  const indent = async (option: typeof rootOption) =>
    option.locator('span').evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingInlineStart));
  expect(await indent(childOption)).toBeGreaterThan(await indent(rootOption));
  // The child comes right after its parent.
  const names = await page.getByRole('option').allTextContents();
  expect(names.indexOf(child.name)).toBe(names.indexOf(root.name) + 1);

  await childOption.click();
  await expect(parent).toHaveValue(child.name);
  await parent.click();
  await page.keyboard.type('Ligh');
  await expect(parent).toHaveValue('Ligh');
  await page.keyboard.press('Escape');
});

test('the quote builder refuses a minus and asks before leaving an unsaved draft', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('qb');
  const product = await apiCreateProduct(request, { name: `Shelf ${tag}`, mrp: 30 });
  const sent = await request.post('/api/inquiries', {
    data: {
      name: 'Una Saved',
      email: `una-${tag}@e2e.test`,
      subject: `Shelves ${tag}`,
      phone: null,
      message: 'Please quote these.',
      company: 'Buyer Ltd',
      lines: [{ product_id: product.id, quantity: 1 }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const inquiry = await sent.json();
  const headers = await authHeaders(request);
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })).json();
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  const qty = page.getByTestId('builder-line').getByLabel('Qty');
  await qty.click();
  await qty.press('End');
  await qty.press('-');
  await expect(page.getByTestId('builder-line').getByText(VALIDATION.noNegative)).toBeVisible();
  await expect(qty).toHaveValue('1');

  await qty.fill('3');
  await page.getByRole('link', { name: BUILDER_TEXT.back }).click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: DISCARD_TEXT.keep }).click();
  await expect(qty).toHaveValue('3');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  // Saved: leaving asks nothing.
  await page.getByRole('link', { name: BUILDER_TEXT.back }).click();
  await expect(page).toHaveURL(/\/inquiries\?selected=/);
  await expect(question(page)).toHaveCount(0);
});
