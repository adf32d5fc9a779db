import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { PRODUCT_CONFIRM, PRODUCT_TOAST } from '#domain/products';
import { HISTORY_SCREEN } from '../web/components/history/texts';
import { apiCreateBrand, authHeaders, bodyRows, pickOption, rowWith, uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage, toast } from './fixtures';
import { apiCreateProduct, apiStaffBundle, apiUpdateProduct, openEditor, sectionCard } from './products';

const historyTab = (page: Page) => page.getByRole('tab', { name: HISTORY_TEXT.historyTab });
const entries = (page: Page) => page.getByTestId('history-entry');

const signInAsAdmin = async ({ page, request }: { page: Page; request: APIRequestContext }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
};

test.describe("as an admin, in a product's History", () => {
  test.beforeEach(signInAsAdmin);

  test('a price change shows in History as the current version, and restoring the one before it brings the old price back', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('hist');
    const product = await apiCreateProduct(request, { name: `Kettle ${tag}`, mrp: 40 });
    await openEditor(page, product);

    const card = sectionCard(page, 'Basic and Price');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('MRP').fill('55.5');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, PRODUCT_TOAST.saved)).toBeVisible();
    await expect(card).toContainText('$55.50');

    await historyTab(page).click();
    await expect(page).toHaveURL(/\?tab=history$/);
    const change = entries(page).filter({ hasText: 'MRP' }).first();
    await expect(change).toContainText('$40.00');
    await expect(change).toContainText('$55.50');
    await expect(change).toContainText(E2E.admin.name);
    // The newest entry's version is the product as it is.
    await expect(change).toContainText(HISTORY_SCREEN.currentVersion);
    await expect(change.getByRole('button', { name: HISTORY_TEXT.restoreVersion })).toHaveCount(0);

    const created = entries(page).filter({ hasText: 'Created' });
    await created.getByRole('button', { name: HISTORY_TEXT.restoreVersion }).click();
    const dialog = page.getByRole('dialog', { name: HISTORY_SCREEN.restoreConfirmTitle });
    await expect(dialog).toContainText(HISTORY_SCREEN.restoreUndoes(1));
    await expect(dialog.getByTestId('undone-change')).toContainText('$55.50');
    await dialog.getByRole('button', { name: HISTORY_SCREEN.restoreConfirm }).click();
    await expect(toast(page, HISTORY_TEXT.restoredVersion)).toBeVisible();
    // The restore is a change of its own, on top.
    await expect(entries(page).first()).toContainText('Restored');
    await expect(entries(page).first()).toContainText('$40.00');
    const bundle = await (await apiStaffBundle(request, product.slug)).json();
    expect(bundle.base.mrp).toBe(40);

    await page.getByRole('tab', { name: 'Product' }).click();
    await expect(sectionCard(page, 'Basic and Price')).toContainText('$40.00');
  });

  test('a restore says what it could not bring back', async ({ page, request }) => {
    const tag = uniqueTag('skip');
    const brand = await apiCreateBrand(request, { name: `Gone ${tag}` });
    const product = await apiCreateProduct(request, { name: `Lamp ${tag}`, mrp: 10, brand_id: brand.id });
    const headers = await authHeaders(request);
    await apiUpdateProduct(request, product, { brand_id: null, pricing: { mrp: 12 } });
    expect((await request.delete(`/api/brands/${brand.id}`, { headers })).status()).toBe(204);

    await page.goto(`/product/${product.slug}?tab=history`);
    const change = entries(page).filter({ hasText: 'Created' });
    await expect(change).toContainText(`#${brand.id}`);
    await change.getByRole('button', { name: HISTORY_TEXT.restoreVersion }).click();
    const dialog = page.getByRole('dialog', { name: HISTORY_SCREEN.restoreConfirmTitle });
    // Said before it runs, and again after.
    await expect(dialog).toContainText(HISTORY_TEXT.brandGone);
    await dialog.getByRole('button', { name: HISTORY_SCREEN.restoreConfirm }).click();
    await expect(page.getByRole('status').filter({ hasText: HISTORY_SCREEN.notRestored })).toContainText(
      HISTORY_TEXT.brandGone,
    );
  });

  test('restoring the middle of three edits brings back that version and names the later changes it undoes', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('mid');
    const product = await apiCreateProduct(request, { name: `Blender ${tag}`, mrp: 144.49 });
    const edit = (name: string, mrp: number) =>
      apiUpdateProduct(request, product, { name, pricing: { mrp } });
    await edit(product.name, 151.71);
    await edit(`Mixer ${tag}`, 151.71);
    await edit(`Mixer ${tag}`, 160);

    await page.goto(`/product/${product.slug}?tab=history`);
    await expect(entries(page)).toHaveCount(4);
    const middle = entries(page).filter({ hasText: '$151.71' }).filter({ hasText: '$144.49' });
    await middle.getByRole('button', { name: HISTORY_TEXT.restoreVersion }).click();
    const dialog = page.getByRole('dialog', { name: HISTORY_SCREEN.restoreConfirmTitle });
    await expect(dialog).toContainText(HISTORY_SCREEN.restoreConfirmText);
    await expect(dialog).toContainText(HISTORY_SCREEN.restoreUndoes(2));
    const undone = dialog.getByTestId('undone-change');
    await expect(undone).toHaveCount(2);
    await expect(undone.nth(0)).toContainText(`Mixer ${tag}`);
    await expect(undone.nth(1)).toContainText('$160.00');
    await expect(undone.nth(1)).toContainText(E2E.admin.name);
    await dialog.getByRole('button', { name: HISTORY_SCREEN.restoreConfirm }).click();
    await expect(toast(page, HISTORY_TEXT.restoredVersion)).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(entries(page).first()).toContainText('Restored');
    await page.getByRole('tab', { name: 'Product' }).click();
    const card = sectionCard(page, 'Basic and Price');
    await expect(card).toContainText('$151.71');
    await expect(card).toContainText(product.name);
    await expect(card).not.toContainText(`Mixer ${tag}`);
    const bundle = await (await apiStaffBundle(request, product.slug)).json();
    expect([bundle.base.name, bundle.base.mrp]).toEqual([product.name, 151.71]);
  });
});

test.describe('as an admin, in the trash and Activity', () => {
  test.beforeEach(signInAsAdmin);

  test('deleting a product moves it to the trash, and Undo brings it back', async ({ page, request }) => {
    const tag = uniqueTag('undo');
    const product = await apiCreateProduct(request, { name: `Toaster ${tag}`, mrp: 25 });
    await openEditor(page, product);
    await page.getByRole('button', { name: 'Delete Product' }).click();
    const dialog = page.getByRole('dialog', { name: PRODUCT_CONFIRM.deleteTitle });
    await expect(dialog).toContainText(PRODUCT_CONFIRM.deleteText);
    await dialog.getByRole('button', { name: 'Delete' }).click();

    const moved = toast(page, HISTORY_TEXT.movedToTrash(product.name));
    await expect(moved).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);
    expect((await apiStaffBundle(request, product.slug)).status()).toBe(404);

    await moved.getByRole('button', { name: HISTORY_TEXT.undo }).click();
    await expect(toast(page, HISTORY_TEXT.restoredFromTrash(product.name))).toBeVisible();
    expect((await apiStaffBundle(request, product.slug)).status()).toBe(200);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(product.name);
    await expect(page.getByText(product.name).first()).toBeVisible();
  });

  test('the trash lists what was deleted, restores it, and deletes it forever', async ({ page, request }) => {
    const tag = uniqueTag('trash');
    const headers = await authHeaders(request);
    const kept = await apiCreateProduct(request, { name: `Keep ${tag}` });
    const doomed = await apiCreateBrand(request, { name: `Doomed ${tag}` });
    expect((await request.delete(`/api/products/${kept.id}`, { headers })).status()).toBe(204);
    expect((await request.delete(`/api/brands/${doomed.id}`, { headers })).status()).toBe(204);

    await page.goto(`/trash?q=${tag}`);
    await expect(page.getByRole('heading', { name: HISTORY_TEXT.trashTitle, level: 1 })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(2);
    await pickOption(page, page.locator('main'), 'Type', 'Brand');
    await expect(page).toHaveURL(/entity_type=brand/);
    await expect(bodyRows(page)).toHaveCount(1);
    await pickOption(page, page.locator('main'), 'Type', 'All types');

    await rowWith(page, kept.name)
      .getByRole('button', { name: /^Restore/ })
      .click();
    await expect(toast(page, HISTORY_TEXT.restoredFromTrash(kept.name))).toBeVisible();
    await expect(rowWith(page, kept.name)).toHaveCount(0);
    expect((await apiStaffBundle(request, kept.slug)).status()).toBe(200);

    await rowWith(page, doomed.name)
      .getByRole('button', { name: /Delete forever/ })
      .click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(HISTORY_TEXT.purgeConfirm(doomed.name));
    await confirm.getByRole('button', { name: HISTORY_TEXT.purge }).click();
    await expect(page.getByText(HISTORY_SCREEN.trashNoMatches)).toBeVisible();
    const restore = await request.post(`/api/trash/brand/${doomed.id}/restore`, { headers });
    expect(restore.status()).toBe(404);
  });

  test('Activity filters the whole log by person, type, action and day, in the URL, and exports it', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag('act');
    const editor = await createUser(request, { name: `Ed ${tag}` });
    const { token } = await (
      await request.post('/api/auth/login', { data: { email: editor.email, password: editor.password } })
    ).json();
    const asEditor = { authorization: `Bearer ${token}` };
    const brand = await request.post('/api/brands', {
      headers: asEditor,
      multipart: { name: `Acme ${tag}` },
    });
    expect(brand.status(), await brand.text()).toBe(201);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: HISTORY_TEXT.latestChanges })).toBeVisible();
    await page.getByRole('link', { name: HISTORY_SCREEN.openAll }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page).toHaveTitle(/Activity/);

    await pickOption(page, page.locator('main'), 'Person', editor.name, true);
    await pickOption(page, page.locator('main'), 'Type', 'Brand');
    await pickOption(page, page.locator('main'), 'Action', 'Created');
    await expect(page).toHaveURL(new RegExp(`actor=${editor.id}&type=brand&action=create`));
    const entry = page.getByTestId('activity-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(editor.name);
    await expect(entry.getByRole('link', { name: `Acme ${tag}` })).toHaveAttribute(
      'href',
      `/brands?q=Acme+${tag}`,
    );

    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2000-01-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2000-01-02');
    await expect(page.getByText(HISTORY_SCREEN.noMatches)).toBeVisible();
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(today);
    await expect(entry).toHaveCount(1);

    await page.reload();
    await expect(entry).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export/ }).click();
    const file = await download;
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain(`Acme ${tag}`);
  });
});

test('an editor reads Trash and Activity, without staff accounts or the export', async ({
  page,
  request,
}) => {
  const editor = await createUser(request, { name: `Ed ${uniqueTag('nav')}` });
  await signInWithStorage(page, request, editor.email, editor.password);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: HISTORY_TEXT.trashTitle })).toBeVisible();
  await expect(nav.getByRole('link', { name: HISTORY_TEXT.activityTitle })).toBeVisible();
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: HISTORY_TEXT.activityTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Export/ })).toHaveCount(0);
  await expect(page.getByText(HISTORY_SCREEN.adminsOnly)).toHaveCount(0);
});
