import { expect, type Page, test } from '@playwright/test';
import { UNSAVED } from '#domain/messages';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';

const search = (page: Page) => page.getByLabel('Search', { exact: true });

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('/ focuses the list’s search', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Product Categories' })).toBeVisible();
  await expect(search(page)).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(search(page)).toBeFocused();
  // The slash went to the shortcut, not into the box.
  await expect(search(page)).toHaveValue('');
});

test('g then p goes to Products; g then h back to the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/$/);
  // A letter without g first does nothing.
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/$/);
});

test('n opens the create dialog of the list on screen, keeping its search', async ({ page }) => {
  await page.goto('/brands?q=acme');
  await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'Add Brand' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/brands\?q=acme$/);
  // Inside the dialog the keys type again: n in its Name field opens nothing more.
  await dialog.getByLabel('Name', { exact: true }).fill('');
  await page.keyboard.type('ng/');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('ng/');
  // What was typed is an unsaved change, so Escape asks first.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: UNSAVED.title });
  await question.getByRole('button', { name: UNSAVED.discard }).click();
  await expect(dialog).toBeHidden();

  // A screen without a create dialog ignores n.
  await page.goto('/inquiries');
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('? shows the sheet of every shortcut', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('row', { name: /Ctrl\+K.*command palette/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /g.*then.*p.*Products/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /\/.*list’s search|\/.*list's search/ })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/shortcuts-sheet-desktop.png' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('shortcuts do nothing while typing in a field', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await search(page).click();
  await page.keyboard.type('gpn/?');
  await expect(search(page)).toHaveValue('gpn/?');
  await expect(page).toHaveURL(/\/products(\?q=gpn%2F%3F)?$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
