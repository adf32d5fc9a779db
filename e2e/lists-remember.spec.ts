import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DISCOUNT_CSV_COLUMNS } from '#domain/discounts';
import {
  apiCreateBrand,
  apiCreateCategory,
  authHeaders,
  bodyRows,
  pickOption,
  rowWith,
  uniqueTag,
} from './catalog';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';
import { apiCreateProduct } from './products';

/** Every API answer of 400 or more while the page lives: a list restored from a URL must never send one. */
function refusedCalls(page: Page) {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
  });
  return refused;
}

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('a list keeps its search, sort, per page and page through reload, Back and a pasted link', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('keep');
  // 12 brands: two pages of 10, one page of 20.
  for (let i = 1; i <= 12; i++)
    await apiCreateBrand(request, { name: `${tag} Brand ${String(i).padStart(2, '0')}` });
  const refused = refusedCalls(page);
  const listCall = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/brands');

  await page.goto('/brands');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByTestId('brands-total')).toHaveText('12 brands');
  await pickOption(page, page.locator('main'), 'Sort', 'Name');
  await pickOption(page, page.locator('main'), 'Order', 'Asc');
  await expect(bodyRows(page).first()).toContainText(`${tag} Brand 01`);
  await page.getByRole('button', { name: 'Next' }).click();
  expect(query(page)).toEqual({ q: tag, sortBy: 'name', order: 'asc', page: '2' });
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).first()).toContainText(`${tag} Brand 11`);

  // Reload: the same list, and the API asked with the same names.
  const reloaded = listCall();
  await page.reload();
  expect(Object.fromEntries(new URL((await reloaded).url()).searchParams)).toEqual({
    q: tag,
    sortBy: 'name',
    order: 'asc',
    page: '2',
    limit: '10',
  });
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('Name');
  await expect(page.getByLabel('Order', { exact: true })).toHaveValue('Asc');
  await expect(bodyRows(page).first()).toContainText(`${tag} Brand 11`);

  // Back goes to page 1, then to before the sort; Forward returns.
  await page.goBack();
  expect(query(page)).toEqual({ q: tag, sortBy: 'name', order: 'asc' });
  await expect(bodyRows(page).first()).toContainText(`${tag} Brand 01`);
  await page.goBack();
  expect(query(page)).toEqual({ q: tag, sortBy: 'name' });
  await expect(page.getByLabel('Order', { exact: true })).toHaveValue('Desc');
  await expect(bodyRows(page).first()).toContainText(`${tag} Brand 12`);
  await page.goForward();
  await page.goForward();
  await expect(bodyRows(page).first()).toContainText(`${tag} Brand 11`);

  // A changed per page starts again at page 1.
  await pickOption(page, page.locator('main'), 'Per page', '20');
  expect(query(page)).toEqual({ q: tag, sortBy: 'name', order: 'asc', limit: '20' });
  await expect(bodyRows(page)).toHaveCount(12);

  // A pasted link, in a fresh tab.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByLabel('Search', { exact: true })).toHaveValue(tag);
  await expect(other.getByLabel('Per page', { exact: true })).toHaveValue('20');
  await expect(bodyRows(other)).toHaveCount(12);
  await other.close();

  // A search typed after Back shows in the box what the URL says.
  await page.getByLabel('Search', { exact: true }).fill(`${tag} Brand 0`);
  await expect(page).toHaveURL(/Brand\+0|Brand%200/);
  await expect(page.getByTestId('brands-total')).toHaveText('9 brands');
  await page.goBack();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);
  await expect(page.getByTestId('brands-total')).toHaveText('12 brands');
  expect(refused).toEqual([]);
});

test('garbage in the URL falls back to the defaults and never reaches the API', async ({ page }) => {
  const refused = refusedCalls(page);
  await page.goto('/brands?page=abc&limit=7&sortBy=evil&order=up');
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('Created');
  await expect(page.getByLabel('Per page', { exact: true })).toHaveValue('10');
  await page.goto('/discounts?state=forever&applies_to=planet&page=-1&limit=1000');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('All');
  await expect(page.getByLabel('Per page', { exact: true })).toHaveValue('20');
  await page.goto('/categories?parent_id=abc&sortBy=drop%20table');
  await expect(page.getByLabel('Parent', { exact: true })).toHaveValue('All');
  await page.goto('/users?perPage=5&page=0');
  await expect(page.getByLabel('Per page', { exact: true })).toHaveValue('10');
  expect(refused).toEqual([]);
});

test("the categories' Parent filter comes back from a link with the parent's name", async ({
  page,
  request,
}) => {
  const tag = uniqueTag('par');
  const parent = await apiCreateCategory(request, { name: `${tag} Lighting` });
  await apiCreateCategory(request, { name: `${tag} Desk lamps`, parent_id: parent.id });
  await page.goto('/categories');
  await pickOption(page, page.locator('main'), 'Parent', parent.name, true);
  expect(query(page)).toEqual({ parent_id: String(parent.id) });
  await expect(rowWith(page, `${tag} Desk lamps`)).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Parent', { exact: true })).toHaveValue(parent.name);
  await expect(bodyRows(page)).toHaveCount(1);
  await page.goBack();
  await expect(page.getByLabel('Parent', { exact: true })).toHaveValue('All');
});

test('discounts page, search and filter on the server, remember it, and export what they show', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('dl');
  const product = await apiCreateProduct(request, { name: `Lamp ${tag}`, mrp: 50 });
  const headers = await authHeaders(request);
  // 23 switched-off discounts and 2 live ones.
  for (let i = 1; i <= 25; i++) {
    const res = await request.post('/api/discounts', {
      headers,
      data: {
        name: `${tag} deal ${String(i).padStart(2, '0')}`,
        type: 'percent',
        value: 5,
        applies_to: 'product',
        product_id: product.id,
        active: i <= 2 ? 1 : 0,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const refused = refusedCalls(page);

  await page.goto('/discounts');
  const listed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/discounts' && new URL(r.url()).searchParams.get('q') === tag,
  );
  await page.getByLabel('Search', { exact: true }).fill(tag);
  // The title search is the server's: one page of 20 and the total of all 25.
  expect(Object.fromEntries(new URL((await listed).url()).searchParams)).toEqual({
    q: tag,
    page: '1',
    limit: '20',
  });
  await expect(page.getByTestId('discounts-total')).toHaveText('25 discounts');
  await expect(bodyRows(page)).toHaveCount(20);

  await pickOption(page, page.locator('main'), 'State', 'Off');
  expect(query(page)).toEqual({ q: tag, state: 'off' });
  await expect(page.getByTestId('discounts-total')).toHaveText('23 discounts');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(bodyRows(page)).toHaveCount(3);
  expect(query(page)).toEqual({ q: tag, state: 'off', page: '2' });

  await page.reload();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Off');
  await expect(bodyRows(page)).toHaveCount(3);
  await page.goBack();
  await expect(bodyRows(page)).toHaveCount(20);
  await page.goBack();
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('All');
  await expect(page.getByTestId('discounts-total')).toHaveText('25 discounts');
  await page.goForward();

  await pickOption(page, page.locator('main'), 'Applies To', 'Brand');
  await expect(page.getByText('No discounts found.')).toBeVisible();
  await pickOption(page, page.locator('main'), 'Applies To', 'Product');
  expect(query(page)).toEqual({ q: tag, state: 'off', applies_to: 'product' });

  // Export: the list's search and filters, every match (not one page), with the bearer token.
  const exported = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/discounts/export.csv');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const call = await exported;
  expect(Object.fromEntries(new URL(call.url()).searchParams)).toEqual({
    q: tag,
    applies_to: 'product',
    state: 'off',
  });
  expect(call.headers().authorization).toMatch(/^Bearer /);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await readFile((await download.path()) as string, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0].replace(/^\uFEFF/, '')).toBe(DISCOUNT_CSV_COLUMNS.join(','));
  expect(lines).toHaveLength(24);
  expect(lines.slice(1).every((l) => l.includes(`${tag} deal`))).toBe(true);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  expect(refused).toEqual([]);
});

test('signing in returns to the list that was asked for, filters and all', async ({ page }) => {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/discounts?state=live&q=spring');
  await expect(page).toHaveURL(/\/login\?next=/);
  expect(query(page).next).toBe('/discounts?state=live&q=spring');
  await page.getByLabel('Email').fill(E2E.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/discounts\?state=live&q=spring$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('spring');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Live');
});

test('the login page never sends anyone off the site', async ({ page }) => {
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/login?next=${encodeURIComponent('//example.com/phish')}`);
  await page.getByLabel('Email').fill(E2E.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
