import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '#domain/money';
import { DEFAULT_CURRENCY } from '#domain/settings';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/** An amount as every screen and the shop show it, in the store's currency (the e2e server sets none). */
const money = (amount: `${number}`) => formatMoney(amount, DEFAULT_CURRENCY);

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
const SHOTS = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await ready();
      await page.screenshot({
        path: `${SHOTS}/${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`,
        fullPage: width < 600,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Picks a file through the import's file button, as a person does. */
async function chooseFile(page: Page, path: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('price-import-file').click(),
  ]);
  await chooser.setFiles(path);
}

test('an admin makes a price list, assigns it, prices its grid, searches, exports and imports a CSV', async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag('pl');
  const buyer = { name: `Priya ${tag}`, email: uniqueEmail('priya'), company: `Listco ${tag}` };
  const asked = await request.post('/api/inquiries', {
    data: { ...buyer, subject: `Prices ${tag}`, message: 'Our agreed prices, please.' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await apiCreateProduct(request, { name: `Hinge ${tag}`, sku: `HG-${tag}`, mrp: 12 });
  await apiCreateProduct(request, { name: `Latch ${tag}`, sku: `LT-${tag}`, mrp: 20 });
  await apiCreateProduct(request, { name: `Bolt ${tag}`, sku: `BT-${tag}`, mrp: 3 });

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Price lists' }).click();
  await expect(page).toHaveURL(/\/price-lists$/);

  // A new list, assigned to the buyer's company and the buyer.
  await page.getByRole('button', { name: 'New list' }).click();
  const dialog = page.getByRole('dialog', { name: 'New list' });
  await dialog.getByLabel('Name').fill(`Agreement ${tag}`);
  await dialog.getByLabel('Companies').fill(`Listco ${tag}`);
  await page.getByRole('option', { name: `Listco ${tag}` }).click();
  await dialog.getByLabel('Customers').fill(`Priya ${tag}`);
  await page.getByRole('option', { name: `Priya ${tag}` }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: `Listco ${tag}` })).toBeVisible();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/price-list-form-1280.png` });
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Price list created')).toBeVisible();
  await expect(page).toHaveURL(/\/price-lists\/\d+$/);
  await expect(page.getByRole('heading', { name: `Agreement ${tag}` })).toBeVisible();
  await expect(page.getByText(`Listco ${tag}`)).toBeVisible();
  await expect(page.getByText(`Priya ${tag} (${buyer.email})`)).toBeVisible();
  await expect(page.getByTestId('price-list-state').first()).toHaveText('Live');
  await expect(page.getByText('This list holds no prices yet')).toBeVisible();

  // Two rows through the form: a product searched by SKU, a quantity and a price.
  const add = async (sku: string, quantity: string, price: string) => {
    await page.getByLabel('Product').fill(sku);
    await page
      .getByRole('option', { name: new RegExp(tag) })
      .first()
      .click();
    await page.getByLabel('From quantity').fill(quantity);
    await page.getByLabel('Price', { exact: true }).fill(price);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Price saved').first()).toBeVisible();
  };
  await add(`Hinge ${tag}`, '1', '10.50');
  await add(`Latch ${tag}`, '10', '17');
  const grid = page.getByRole('table', { name: 'Prices' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  await expect(grid).toContainText(`HG-${tag}`);
  await expect(grid).toContainText(money('10.50'));
  await expect(grid).toContainText('10+');

  // A price edited in its cell: Enter saves.
  await grid.getByRole('button', { name: `Edit price of HG-${tag} from 1` }).click();
  await grid.getByLabel(`Price of HG-${tag} from 1`, { exact: true }).fill('9.75');
  await grid.getByLabel(`Price of HG-${tag} from 1`, { exact: true }).press('Enter');
  await expect(grid).toContainText(money('9.75'));

  // The search lives in the URL and narrows the grid.
  await page.getByPlaceholder('SKU or product name').fill(`Latch ${tag}`);
  await expect(page).toHaveURL(/q=Latch/);
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid).toContainText(`LT-${tag}`);

  // Export: the search's rows, in the import's columns.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^price-list-\d+-\d{8}\.csv$/);
  const exported = await readFile((await download.path()) as string, 'utf8');
  expect(exported.trim().split('\n')).toEqual([
    'sku,variant_id,product_name,variant,min_quantity,price',
    expect.stringMatching(new RegExp(`^LT-${tag},\\d+,Latch ${tag},,10,17.00$`)),
  ]);

  // Import: a bad file names its rows and changes nothing; a good one is shown in the grid.
  await page.getByPlaceholder('SKU or product name').fill('');
  await expect(grid.getByRole('row')).toHaveCount(3);
  const file = testInfo.outputPath('prices.csv');
  await writeFile(file, `sku,min_quantity,price\nBT-${tag},1,2.40\nNOPE-${tag},1,1\nHG-${tag},5,-3\n`);
  await chooseFile(page, file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const errors = page.getByTestId('price-import-errors');
  await expect(errors).toContainText('1 row cannot be saved; nothing was changed');
  await expect(errors).toContainText('row 4: Price must be a non-negative amount');
  if (SHOTS) {
    await errors.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/price-import-refused-1280.png` });
  }
  await expect(grid.getByRole('row')).toHaveCount(3);
  // Another file: a chosen file rewritten on disk is one the browser may no longer read.
  const good = testInfo.outputPath('prices-good.csv');
  await writeFile(good, `sku,min_quantity,price\nBT-${tag},1,2.40\nHG-${tag},5,8.80\n`);
  await chooseFile(page, good);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('price-import-result')).toHaveText('2 prices set.');
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expect(grid).toContainText(`BT-${tag}`);
  await expect(grid).toContainText(money('8.80'));
  await expect(page.getByTestId('prices-total')).toContainText('4');

  await shoot(page, 'price-list', async () => {
    await expect(grid.getByRole('row')).toHaveCount(5);
  });

  // Remove a row with its confirmation.
  await grid.getByRole('button', { name: `Remove BT-${tag} from 1` }).click();
  await page.getByRole('dialog', { name: 'Remove price?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Price removed')).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(4);

  // The lists: the new one with its state, assignments and count; the search is in the URL.
  await page.goto(`/price-lists?q=${tag}`);
  const lists = page.getByRole('table', { name: 'Price lists' });
  await expect(lists.getByRole('row')).toHaveCount(2);
  await expect(lists).toContainText(`Agreement ${tag}`);
  await expect(lists).toContainText('1 company, 1 customer');
  await expect(lists).toContainText('Live');
  await shoot(page, 'price-lists', async () => {
    await expect(lists.getByRole('row')).toHaveCount(2);
  });
});

test('Sales and Viewer do not see Price lists, and its address tells them so', async ({ page, request }) => {
  for (const role of ['sales', 'viewer']) {
    const user = await createUser(request, { name: `No lists ${role} ${uniqueTag('pl')}`, role });
    await signInWithStorage(page, request, user.email, user.password);
    await page.goto('/');
    await expect(
      page
        .getByRole('navigation')
        .getByRole('link', { name: 'Customers' })
        .or(page.getByRole('navigation').getByRole('link', { name: 'Products' }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Price lists' })).toHaveCount(0);
    await page.goto('/price-lists');
    await expect(page.getByRole('table', { name: 'Price lists' })).toHaveCount(0);
  }
});
