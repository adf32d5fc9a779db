import { expect, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { CONFIRM, TOAST, VALIDATION } from '#domain/messages';
import { slugify } from '#domain/slug';
import {
  apiCreateBrand,
  apiGetBrand,
  authHeaders,
  bodyRows,
  chooseFile,
  countWrites,
  expectImageLoaded,
  oversizedPng,
  pickOption,
  pngFile,
  rowWith,
  textFile,
  uniqueTag,
} from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';

const openBrands = async (page: Page, search?: string) => {
  await page.goto('/brands');
  await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();
  if (search) await page.getByLabel('Search', { exact: true }).fill(search);
};

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('adds a brand with a logo; the slug is made from the name', async ({ page, request }) => {
  const tag = uniqueTag('brand');
  const writes = countWrites(page, '/api/brands');
  await openBrands(page, tag);
  await expect(page.getByText('No brands found.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Brand' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, VALIDATION.nameRequired)).toBeVisible();
  expect(writes).toEqual([]);

  const name = `${tag} Acme Tools`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description', { exact: true }).fill('Hand tools since 1920');
  await chooseFile(page, dialog, 'Logo', await pngFile('acme.png'));
  await expectImageLoaded(dialog.getByRole('img', { name: 'Chosen logo preview' }));
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/brands'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await posted).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(toast(page, TOAST.brandCreated)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = rowWith(page, name);
  await expect(row).toContainText(slugify(name));
  await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);
  await expectImageLoaded(row.locator('img'));
  await expect(page.getByTestId('brands-total')).toHaveText('1 brand');

  const res = await request.get(`/api/brands?q=${tag}`, { headers: await authHeaders(request) });
  expect((await res.json()).data).toMatchObject([
    {
      name,
      slug: slugify(name),
      description: 'Hand tools since 1920',
      logo_url: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    },
  ]);
});

test('refuses a text file and a file over 5 MB as a logo before any upload', async ({ page }) => {
  const writes = countWrites(page, '/api/');
  await openBrands(page);
  await page.getByRole('button', { name: 'Add Brand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Brand' });
  await chooseFile(page, dialog, 'Logo', textFile);
  await expect(toast(page, VALIDATION.logoType)).toBeVisible();
  await chooseFile(page, dialog, 'Logo', oversizedPng());
  await expect(toast(page, VALIDATION.logoSize)).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await expect(dialog.getByText(/notes\.txt|huge\.png/)).toHaveCount(0);
  expect(writes).toEqual([]);
});

test('edits a brand: replaces its logo, then removes it', async ({ page, request }) => {
  const tag = uniqueTag('brand');
  const brand = await apiCreateBrand(request, { name: `${tag} Globex` }, await pngFile('first.png'));
  expect(brand.logo_url).toMatch(/\.webp$/);

  await openBrands(page, tag);
  await rowWith(page, brand.name).getByRole('button', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Brand' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(brand.name);
  await expect(dialog.getByLabel('Slug')).toHaveValue(brand.slug);
  await expectImageLoaded(dialog.getByRole('img', { name: 'Current logo' }));
  await chooseFile(page, dialog, 'Logo', await pngFile('second.png', '#0000cc'));
  await expect(dialog.getByLabel('Remove existing logo')).toHaveCount(0);
  await expectImageLoaded(dialog.getByRole('img', { name: 'Chosen logo preview' }));

  // An empty slug is made again from the (new) name.
  const renamed = `${tag} Globex Corp`;
  await dialog.getByLabel('Name', { exact: true }).fill(renamed);
  await dialog.getByLabel('Slug').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, TOAST.brandUpdated)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const replaced = await (await apiGetBrand(request, brand.id)).json();
  expect(replaced).toMatchObject({ name: renamed, slug: slugify(renamed) });
  expect(replaced.logo_url).toMatch(/^\/uploads\/.+\.webp$/);
  expect(replaced.logo_url).not.toBe(brand.logo_url);
  await expectImageLoaded(rowWith(page, renamed).locator('img'));

  // Saving without touching the logo keeps it.
  await rowWith(page, renamed).getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Brand' });
  await dialog.getByLabel('Description', { exact: true }).fill('Kept logo');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The dialog closes once the save succeeded; the earlier save's toast may still be showing.
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, TOAST.brandUpdated).first()).toBeVisible();
  expect(await (await apiGetBrand(request, brand.id)).json()).toMatchObject({
    description: 'Kept logo',
    logo_url: replaced.logo_url,
  });

  await rowWith(page, renamed).getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Brand' });
  await dialog.getByLabel('Remove existing logo').check();
  await expect(dialog.getByRole('img', { name: 'Current logo' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, TOAST.brandUpdated).first()).toBeVisible();
  await expect(rowWith(page, renamed).locator('img')).toHaveCount(0);
  expect(await (await apiGetBrand(request, brand.id)).json()).toMatchObject({ logo_url: null });
});

test('deletes a brand after the warning, and keeps it when cancelled', async ({ page, request }) => {
  const tag = uniqueTag('brand');
  const brand = await apiCreateBrand(request, { name: `${tag} Initech` });
  await openBrands(page, tag);
  await expect(bodyRows(page)).toHaveCount(1);

  await rowWith(page, brand.name).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete brand?' });
  await expect(dialog).toContainText(CONFIRM.deleteBrand(brand.name));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowWith(page, brand.name)).toHaveCount(1);

  await rowWith(page, brand.name).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(brand.name))).toBeVisible();
  await expect(page.getByText('No brands found.')).toBeVisible();
  expect((await apiGetBrand(request, brand.id)).status()).toBe(404);
});

test('searches, sorts and pages, and steps back a page when its last row is deleted', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('brand');
  // Eleven brands: one more than the default page of ten. Slugs run the other way round from names.
  for (let i = 0; i < 11; i++) {
    const n = String(i).padStart(2, '0');
    await apiCreateBrand(request, { name: `${tag} ${n}`, slug: `${tag}-${String(10 - i).padStart(2, '0')}` });
  }
  await openBrands(page, tag);
  await expect(page.getByTestId('brands-total')).toHaveText('11 brands');
  await expect(page.getByText('Page 1 / 2')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(10);
  // Default: newest first.
  await expect(bodyRows(page).first()).toContainText(`${tag} 10`);

  const main = page.locator('main');
  await pickOption(page, main, 'Sort', 'Name');
  await pickOption(page, main, 'Order', 'Asc');
  await expect(bodyRows(page).first()).toContainText(`${tag} 00`);
  await pickOption(page, main, 'Sort', 'Slug');
  await expect(bodyRows(page).first()).toContainText(`${tag} 10`);
  await pickOption(page, main, 'Sort', 'Updated');
  await pickOption(page, main, 'Order', 'Desc');
  await expect(bodyRows(page).first()).toContainText(`${tag} 10`);
  await pickOption(page, main, 'Sort', 'Name');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 / 2')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(`${tag} 00`);
  await bodyRows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete brand?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(`${tag} 00`))).toBeVisible();
  await expect(page.getByText('Page 1 / 1')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(10);

  await pickOption(page, main, 'Per page', '20');
  await expect(page.getByTestId('brands-total')).toHaveText('10 brands');
  await page.getByLabel('Search', { exact: true }).fill(`${tag} 07`);
  await expect(bodyRows(page)).toHaveCount(1);
});
