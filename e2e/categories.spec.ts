import { expect, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { CONFIRM, TOAST, VALIDATION } from '#domain/messages';
import { slugify } from '#domain/slug';
import {
  apiCreateCategory,
  apiGetCategory,
  authHeaders,
  bodyRows,
  chooseFile,
  countWrites,
  expectImageLoaded,
  noisyPngFile,
  oversizedPng,
  pickOption,
  pngFile,
  rowWith,
  textFile,
  uniqueTag,
} from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';

const openCategories = async (page: Page, search?: string) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Product Categories' })).toBeVisible();
  if (search) await page.getByLabel('Search', { exact: true }).fill(search);
};

/** The value shown between the Move up and Move down buttons. */
const sortValue = (page: Page, name: string) => rowWith(page, name).getByTestId('sort-order');

const detail = (page: Page, term: string) =>
  page.getByRole('dialog', { name: 'Category Details' }).locator(`dt:text-is("${term}") + dd`);

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('adds a category with an image, and its thumbnail loads', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  const writes = countWrites(page, '/api/categories');
  await openCategories(page, tag);
  await expect(page.getByText('No categories found.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, VALIDATION.nameRequired)).toBeVisible();
  expect(writes).toEqual([]);

  const name = `${tag} Desk Lamps`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description', { exact: true }).fill('Lamps for desks');
  await dialog.getByLabel('Sort Order').fill('7');
  await chooseFile(page, dialog, 'Image', await pngFile('lamp.png'));
  await expectImageLoaded(dialog.getByRole('img', { name: 'Chosen image preview' }));

  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/categories'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  // An image goes as multipart/form-data.
  expect((await posted).headers()['content-type']).toMatch(/^multipart\/form-data/);
  await expect(toast(page, TOAST.categoryCreated)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = rowWith(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(slugify(name));
  await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);
  await expectImageLoaded(row.locator('img'));

  const res = await request.get(`/api/categories?q=${tag}`, { headers: await authHeaders(request) });
  expect((await res.json()).data).toMatchObject([
    {
      name,
      slug: slugify(name),
      parent_id: null,
      depth: 0,
      sort_order: 7,
      description: 'Lamps for desks',
      image_url: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    },
  ]);
});

test('shows upload progress and keeps Save disabled while an image uploads', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  // A slow link (DevTools network emulation) so the upload lasts long enough to be seen.
  const cdp = await page.context().newCDPSession(page);
  await openCategories(page);
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('Name', { exact: true }).fill(`${tag} Slow Upload`);
  await chooseFile(page, dialog, 'Image', await noisyPngFile());
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  // The bar follows the upload (axios onUploadProgress), not just a spinner.
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(toast(page, TOAST.categoryCreated)).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const res = await request.get(`/api/categories?q=${tag}`, { headers: await authHeaders(request) });
  expect((await res.json()).data[0].image_url).toMatch(/\.webp$/);
});

test('refuses a text file and a file over 5 MB before any upload', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  const writes = countWrites(page, '/api/');
  await openCategories(page);
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });

  await chooseFile(page, dialog, 'Image', textFile);
  await expect(toast(page, VALIDATION.imageType)).toBeVisible();
  await chooseFile(page, dialog, 'Image', oversizedPng());
  await expect(toast(page, VALIDATION.imageSize)).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await expect(dialog.getByText(/notes\.txt|huge\.png/)).toHaveCount(0);
  expect(writes).toEqual([]);

  // The refused file is not sent with the form either: the category is created as plain JSON.
  const name = `${tag} No Picture`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/categories'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await posted).headers()['content-type']).toMatch(/^application\/json/);
  await expect(toast(page, TOAST.categoryCreated)).toBeVisible();
  const res = await request.get(`/api/categories?q=${tag}`, { headers: await authHeaders(request) });
  expect((await res.json()).data).toMatchObject([{ name, image_url: null }]);
});

test('edits a category: renames it, moves it under another parent and removes its image', async ({
  page,
  request,
}) => {
  const tag = uniqueTag('cat');
  const parent = await apiCreateCategory(request, { name: `${tag} Lighting` });
  const child = await apiCreateCategory(request, { name: `${tag} Bulbs` }, await pngFile());
  expect(child.image_url).toMatch(/\.webp$/);
  const oldImage = await request.get(child.image_url!);
  expect(oldImage.status()).toBe(200);

  await openCategories(page, tag);
  await expect(bodyRows(page)).toHaveCount(2);

  // The parent list leaves out the category itself (and, below, its descendants). The list is
  // searched on the server, so the tag finds this test's categories among everyone else's.
  await rowWith(page, parent.name).getByRole('button', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Category' });
  const parentField = dialog.getByLabel('Parent', { exact: true });
  await parentField.click();
  await expect(page.getByRole('option', { name: '[Root]' })).toBeVisible();
  await parentField.fill(tag);
  await expect(page.getByRole('option', { name: child.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: parent.name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('option', { name: '[Root]' })).toHaveCount(0);
  await parentField.fill('');
  await page.getByRole('option', { name: '[Root]' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await rowWith(page, child.name).getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(child.name);
  await expectImageLoaded(dialog.getByRole('img', { name: 'Current image' }));

  // Choosing a new file cancels the removal; clearing it brings the checkbox back, unticked.
  const remove = dialog.getByLabel('Remove existing image');
  await remove.check();
  await expect(dialog.getByRole('img', { name: 'Current image' })).toHaveCount(0);
  await chooseFile(page, dialog, 'Image', await pngFile('other.png', '#00cc00'));
  await expect(remove).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Clear chosen image' }).click();
  await expect(remove).not.toBeChecked();
  await remove.check();

  const renamed = `${tag} Smart Bulbs`;
  await dialog.getByLabel('Name', { exact: true }).fill(renamed);
  await pickOption(page, dialog, 'Parent', parent.name, true);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, TOAST.categoryUpdated)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = rowWith(page, renamed);
  await expect(row).toContainText(parent.name);
  await expect(row.locator('img')).toHaveCount(0);
  const saved = await (await apiGetCategory(request, child.id)).json();
  expect(saved).toMatchObject({
    name: renamed,
    slug: child.slug,
    parent_id: parent.id,
    depth: 1,
    image_url: null,
    path: `${parent.slug}/${child.slug}`,
  });
  // The stored file went with it.
  expect((await request.get(child.image_url!)).status()).toBe(404);

  // Now a descendant of the parent, it is left out of the parent's own choices too: the search
  // for the tag finds the parent and the child, and both are left out.
  await rowWith(page, parent.name).getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await dialog.getByLabel('Parent', { exact: true }).click();
  await expect(page.getByRole('option', { name: '[Root]' })).toBeVisible();
  await dialog.getByLabel('Parent', { exact: true }).fill(tag);
  await expect(page.getByText('No matching category')).toBeVisible();
  await expect(page.getByRole('option', { name: renamed, exact: true })).toHaveCount(0);
});

test('shows the read-only details from a row click or Enter', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  const parent = await apiCreateCategory(request, { name: `${tag} Garden` });
  const child = await apiCreateCategory(
    request,
    { name: `${tag} Hoses`, parent_id: parent.id, sort_order: 4 },
    await pngFile(),
  );
  await openCategories(page, tag);
  await expect(bodyRows(page)).toHaveCount(2);

  await rowWith(page, child.name).getByRole('cell', { name: child.slug }).click();
  const dialog = page.getByRole('dialog', { name: 'Category Details' });
  await expect(detail(page, 'ID')).toHaveText(String(child.id));
  await expect(detail(page, 'Name')).toHaveText(child.name);
  await expect(detail(page, 'Slug')).toHaveText(child.slug);
  await expect(detail(page, 'Parent')).toHaveText(parent.name);
  await expect(detail(page, 'Depth')).toHaveText('1');
  await expect(detail(page, 'Sort Order')).toHaveText('4');
  await expect(detail(page, 'Path')).toHaveText(`${parent.slug}/${child.slug}`);
  await expect(detail(page, 'Description')).toHaveText('—');
  await expectImageLoaded(detail(page, 'Image').getByRole('img'));
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The keyboard opens it too; a root category shows a dash for its parent.
  await rowWith(page, parent.name).focus();
  await page.keyboard.press('Enter');
  await expect(detail(page, 'Name')).toHaveText(parent.name);
  await expect(detail(page, 'Parent')).toHaveText('—');
  await expect(detail(page, 'Depth')).toHaveText('0');
  await expect(detail(page, 'Image')).toHaveText('—');
  await expect(detail(page, 'Path')).toHaveText(parent.slug);
});

test('filters by parent: all, [Root], or one category', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  const parent = await apiCreateCategory(request, { name: `${tag} Kitchen` });
  const other = await apiCreateCategory(request, { name: `${tag} Bathroom` });
  const pans = await apiCreateCategory(request, { name: `${tag} Pans`, parent_id: parent.id });
  const pots = await apiCreateCategory(request, { name: `${tag} Pots`, parent_id: parent.id });

  await openCategories(page, tag);
  await expect(bodyRows(page)).toHaveCount(4);
  await expect(page.getByTestId('categories-total')).toHaveText('4 categories');

  await pickOption(page, page.locator('main'), 'Parent', '[Root]');
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(rowWith(page, parent.name)).toHaveCount(1);
  await expect(rowWith(page, other.name)).toHaveCount(1);

  await pickOption(page, page.locator('main'), 'Parent', parent.name, true);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(rowWith(page, pans.name)).toHaveCount(1);
  await expect(rowWith(page, pots.name)).toHaveCount(1);

  await pickOption(page, page.locator('main'), 'Parent', other.name, true);
  await expect(page.getByText('No categories found.')).toBeVisible();

  await pickOption(page, page.locator('main'), 'Parent', 'All', true);
  await expect(bodyRows(page)).toHaveCount(4);
});

test('moves a category up and down by swapping with its sibling', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  const parent = await apiCreateCategory(request, { name: `${tag} Tools` });
  const first = await apiCreateCategory(request, {
    name: `${tag} Drills`,
    parent_id: parent.id,
    sort_order: 2,
  });
  const second = await apiCreateCategory(request, {
    name: `${tag} Saws`,
    parent_id: parent.id,
    sort_order: 3,
  });
  // Another parent's child on the same numbers stays where it is.
  const otherParent = await apiCreateCategory(request, { name: `${tag} Garden` });
  const other = await apiCreateCategory(request, {
    name: `${tag} Hoses`,
    parent_id: otherParent.id,
    sort_order: 3,
  });

  await openCategories(page);
  await pickOption(page, page.locator('main'), 'Parent', parent.name, true);
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('Sort Order');
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).nth(0)).toContainText(first.name);
  await expect(sortValue(page, first.name)).toHaveText('2');

  const moves = countWrites(page, '/move');
  // Each button names its category, so a screen reader hears which row it moves.
  await page.getByRole('button', { name: `Move ${first.name} down`, exact: true }).click();
  await expect(sortValue(page, first.name)).toHaveText('3');
  await expect(sortValue(page, second.name)).toHaveText('2');
  await expect(bodyRows(page).nth(0)).toContainText(second.name);
  await expect(bodyRows(page).nth(1)).toContainText(first.name);

  // Already last among its siblings: refused, nothing changes.
  await page.getByRole('button', { name: `Move ${first.name} down`, exact: true }).click();
  await expect(toast(page, 'Failed to move down')).toBeVisible();
  await expect(sortValue(page, first.name)).toHaveText('3');

  await page.getByRole('button', { name: `Move ${first.name} up`, exact: true }).click();
  await expect(sortValue(page, first.name)).toHaveText('2');
  await expect(sortValue(page, second.name)).toHaveText('3');
  await expect(bodyRows(page).nth(0)).toContainText(first.name);
  expect(moves).toHaveLength(3);
  // The move buttons open nothing else.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  expect(await (await apiGetCategory(request, first.id)).json()).toMatchObject({ sort_order: 2 });
  expect(await (await apiGetCategory(request, second.id)).json()).toMatchObject({ sort_order: 3 });
  expect(await (await apiGetCategory(request, other.id)).json()).toMatchObject({ sort_order: 3 });
});

test('deletes a category after the dialog; its children become roots', async ({ page, request }) => {
  const tag = uniqueTag('cat');
  const parent = await apiCreateCategory(request, { name: `${tag} Outdoor` }, await pngFile());
  const child = await apiCreateCategory(request, { name: `${tag} Tents`, parent_id: parent.id });
  await openCategories(page, tag);
  await expect(bodyRows(page)).toHaveCount(2);

  await rowWith(page, parent.name).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete category?' });
  await expect(dialog).toContainText(CONFIRM.deleteCategory(parent.name));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bodyRows(page)).toHaveCount(2);

  await rowWith(page, parent.name).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, HISTORY_TEXT.movedToTrash(parent.name))).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(bodyRows(page)).toHaveCount(1);
  // Cells after the name: ID, Img, Slug, Parent, Depth…
  await expect(rowWith(page, child.name).getByRole('cell').nth(3)).toHaveText('—');
  await expect(rowWith(page, child.name).getByRole('cell').nth(4)).toHaveText('0');

  expect((await apiGetCategory(request, parent.id)).status()).toBe(404);
  expect(await (await apiGetCategory(request, child.id)).json()).toMatchObject({
    parent_id: null,
    depth: 0,
    path: child.slug,
  });
  // The trash keeps the image until the category is deleted for good.
  expect((await request.get(parent.image_url!)).status()).toBe(200);
  const purged = await request.delete(`/api/trash/category/${parent.id}`, {
    headers: await authHeaders(request),
  });
  expect(purged.status(), await purged.text()).toBe(204);
  expect((await request.get(parent.image_url!)).status()).toBe(404);

  await pickOption(page, page.locator('main'), 'Parent', '[Root]');
  await expect(rowWith(page, child.name)).toHaveCount(1);
});
