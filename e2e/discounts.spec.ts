import { expect, type Locator, type Page, test } from '@playwright/test';
import { DISCOUNT_TEXT } from '#domain/discounts';
import { HISTORY_TEXT } from '#domain/history';
import { apiCreateBrand, authHeaders, countWrites, pickOption, rowWith, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiCreateProduct } from './products';

const openDiscounts = async (page: Page, search?: string) => {
  await page.goto('/discounts');
  await expect(page.getByRole('heading', { name: 'Discounts', level: 1 })).toBeVisible();
  if (!search) return;
  await page.getByLabel('Search', { exact: true }).fill(search);
  // Rows move when the filtered answer replaces the first page: wait for it before clicking one.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${search}`));
  await expect(page.getByRole('table', { name: 'Discounts' })).toHaveAttribute('aria-busy', 'false');
};

/** A segmented control's option: its radio is visually hidden, so a person clicks its label. */
const segment = (scope: Locator, name: string) =>
  scope.locator('label').getByText(name, { exact: true }).click();

const productCard = (page: Page, name: string) => page.getByTestId('product-card').filter({ hasText: name });

/** The product's card on /products: the final price, and the MRP struck through when discounted. */
async function expectCardPrice(page: Page, name: string, final: string, mrp: string | null) {
  await page.goto('/products');
  await page.getByLabel('Search', { exact: true }).fill(name);
  const card = productCard(page, name);
  await expect(card.getByTestId('final-price')).toHaveText(final);
  if (mrp) await expect(card.getByTestId('mrp')).toHaveText(`MRP ${mrp}`);
  else await expect(card.getByTestId('mrp')).toHaveCount(0);
}

const apiDiscounts = async (page: Page) => {
  const res = await page.request.get('/api/discounts', { headers: await authHeaders(page.request) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: number; name: string; active: 0 | 1; value: number }[];
};

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('a product discount changes the product price; edit, switch off and delete it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('disc');
  const product = await apiCreateProduct(request, { name: `Desk Lamp ${tag}`, mrp: 100 });
  const title = `Spring sale ${tag}`;

  await openDiscounts(page, tag);
  await expect(page.getByText('No discounts found.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByRole('radio', { name: 'Percent' })).toBeChecked();
  await dialog.getByLabel('Value').fill('15');
  await expect(dialog.getByRole('radio', { name: 'Product' })).toBeChecked();
  // Typed: the product list is searched on the server.
  await pickOption(page, dialog, 'Target', product.name, true);
  await expect(dialog.getByLabel('Active')).toBeChecked();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/discounts'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await posted).postDataJSON()).toEqual({
    name: title,
    type: 'percent',
    value: 15,
    applies_to: 'product',
    product_id: product.id,
    category_id: null,
    brand_id: null,
    starts_at: null,
    ends_at: null,
    active: 1,
  });
  await expect(toast(page, DISCOUNT_TEXT.created)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = rowWith(page, title);
  await expect(row.getByRole('cell')).toHaveText([
    `Product: ${product.name}`,
    'Percent 15%',
    'Always',
    '',
    'EditDelete',
  ]);
  await expect(row.getByRole('switch', { name: 'Active' })).toBeChecked();

  await expectCardPrice(page, product.name, '$85.00', '$100.00');

  // Clicking the row opens its edit dialog.
  await openDiscounts(page, tag);
  await rowWith(page, title).getByRole('cell').nth(2).click();
  const edit = page.getByRole('dialog', { name: 'Edit Discount' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Value')).toHaveValue('15');
  await expect(edit.getByLabel('Target', { exact: true })).toHaveValue(product.name);
  await segment(edit, 'Amount');
  await edit.getByLabel('Value').fill('30');
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/discounts/'));
  await edit.getByRole('button', { name: 'Save' }).click();
  const body = (await put).postDataJSON();
  expect(body).toMatchObject({ title, type: 'amount', value: 30, product_id: product.id, active: 1 });
  expect(body).not.toHaveProperty('name');
  await expect(toast(page, DISCOUNT_TEXT.updated)).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(rowWith(page, title).getByRole('cell').nth(1)).toHaveText('Amount $30.00');

  await expectCardPrice(page, product.name, '$70.00', '$100.00');

  // The switch saves at once, without opening the dialog.
  await openDiscounts(page, tag);
  const activeSwitch = rowWith(page, title).getByRole('switch', { name: 'Active' });
  // Force skips the checks that the input is enabled, and the switch stays disabled until the
  // caller's rights have loaded: wait for that first, or the click lands on a dead switch.
  await expect(activeSwitch).toBeChecked();
  await expect(activeSwitch).toBeEnabled();
  // The input sits under its drawn track; force clicks where a person clicks, on the track.
  await activeSwitch.click({ force: true });
  await expect(toast(page, DISCOUNT_TEXT.updated)).toBeVisible();
  await expect(activeSwitch).not.toBeChecked();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(async () => (await apiDiscounts(page)).find((d) => d.name === title)?.active).toBe(0);

  await expectCardPrice(page, product.name, '$100.00', null);

  await openDiscounts(page, tag);
  await rowWith(page, title).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete discount?' });
  await expect(confirm).toContainText(title);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(title))).toBeVisible();
  await expect(rowWith(page, title)).toHaveCount(0);
  await expect(page.getByText('No discounts found.')).toBeVisible();
  expect((await apiDiscounts(page)).some((d) => d.name === title)).toBe(false);
});

test('opens a row with Enter, for keyboard users', async ({ page, request }) => {
  const tag = uniqueTag('disc');
  const product = await apiCreateProduct(request, { name: `Kettle ${tag}`, mrp: 40 });
  const res = await request.post('/api/discounts', {
    headers: await authHeaders(request),
    data: {
      name: `Kettle deal ${tag}`,
      type: 'amount',
      value: 5,
      applies_to: 'product',
      product_id: product.id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await openDiscounts(page, tag);
  await rowWith(page, `Kettle deal ${tag}`).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Discount' });
  await expect(edit.getByLabel('Title')).toHaveValue(`Kettle deal ${tag}`);
  await expect(edit.getByRole('radio', { name: 'Amount' })).toBeChecked();
  await expect(edit.getByLabel('Target', { exact: true })).toHaveValue(product.name);
});

test('refuses a discount without a value or a target, with no request', async ({ page }) => {
  const writes = countWrites(page, '/api/discounts');
  await openDiscounts(page);
  await page.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, DISCOUNT_TEXT.required)).toBeVisible();

  // A value alone is not enough: the target is required too.
  await dialog.getByLabel('Value').fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, DISCOUNT_TEXT.required)).toBeVisible();
  // The field takes no minus sign: a value is never below 0.
  await dialog.getByLabel('Value').fill('-5');
  await expect(dialog.getByLabel('Value')).toHaveValue('5');
  await expect(dialog).toBeVisible();
  expect(writes).toEqual([]);
});

test('changing the scope clears the target; a brand discount keeps its window', async ({ page, request }) => {
  const tag = uniqueTag('disc');
  const product = await apiCreateProduct(request, { name: `Chair ${tag}` });
  const brand = await apiCreateBrand(request, { name: `Acme ${tag}` });
  const title = `Acme week ${tag}`;

  await openDiscounts(page);
  await page.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });
  const target = dialog.getByLabel('Target', { exact: true });
  await pickOption(page, dialog, 'Target', product.name, true);
  await expect(target).toHaveValue(product.name);
  await segment(dialog, 'Brand');
  await expect(target).toHaveValue('');
  await pickOption(page, dialog, 'Target', brand.name, true);
  await expect(target).toHaveValue(brand.name);
  await segment(dialog, 'Category');
  await expect(target).toHaveValue('');
  await segment(dialog, 'Brand');
  await expect(target).toHaveValue('');

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Value').fill('10');
  await pickOption(page, dialog, 'Target', brand.name, true);
  await dialog.getByLabel('Ends', { exact: true }).fill('2031-03-04T05:06');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, DISCOUNT_TEXT.created)).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill(tag);
  const row = rowWith(page, title);
  await expect(row.getByRole('cell').first()).toHaveText(`Brand: ${brand.name}`);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Until 2031-03-04 05:06');

  // The saved target's name shows when editing, before any option list is searched.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Discount' });
  await expect(edit.getByRole('radio', { name: 'Brand' })).toBeChecked();
  await expect(edit.getByLabel('Target', { exact: true })).toHaveValue(brand.name);
  await expect(edit.getByLabel('Ends', { exact: true })).toHaveValue('2031-03-04T05:06');
  await edit.getByRole('button', { name: 'Clear ends' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, DISCOUNT_TEXT.updated)).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('Always');
});
