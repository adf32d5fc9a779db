import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { createUser, signInWithStorage } from './fixtures';
import { apiCreateProduct } from './products';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });
const paletteSearch = (page: Page) => palette(page).getByRole('combobox', { name: 'Search and commands' });

/** Opens the palette from the keyboard, as a person at a desk would. */
async function openPalette(page: Page) {
  // The shell (and its key handlers) loads after the first paint; its button says it is there.
  await expect(page.getByRole('button', { name: 'Search and commands' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+K');
  await expect(palette(page)).toBeVisible();
  await expect(paletteSearch(page)).toBeFocused();
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  });

  test('Ctrl+K, type, arrow and Enter land on the product editor', async ({ page, request }) => {
    const tag = uniqueTag('Palette');
    const product = await apiCreateProduct(request, { name: `${tag} Cordless Drill` });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await openPalette(page);
    await page.keyboard.type(tag);
    const products = palette(page).getByRole('group', { name: 'Products' });
    const found = products.getByRole('option', { name: new RegExp(product.name) });
    await expect(found).toBeVisible();
    await expect(palette(page).getByText('Searching…')).toBeHidden();
    await page.screenshot({ path: '.tmp/screens/palette-product-desktop.png' });
    // The combobox, its listbox, groups and options as assistive technology reads them.
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

    await page.keyboard.press('ArrowDown');
    // The choice is announced: the box points at the chosen line.
    await expect(found).toHaveAttribute('aria-selected', 'true');
    await expect(paletteSearch(page)).toHaveAttribute(
      'aria-activedescendant',
      (await found.getAttribute('id')) ?? '',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(palette(page)).toBeHidden();
  });

  test('an action opens the list’s create dialog, once', async ({ page }) => {
    await page.goto('/');
    await openPalette(page);
    await page.keyboard.type('new disc');
    const action = palette(page).getByRole('group', { name: 'Actions' }).getByRole('option');
    await expect(action).toHaveCount(1);
    await expect(action).toContainText('New discount');
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Add Discount' });
    await expect(dialog).toBeVisible();
    // The flag that opened it is gone, so a reload or Back does not open it again.
    await expect(page).toHaveURL(/\/discounts$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Discounts' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('jumps to a screen; a search with no match says so', async ({ page }) => {
    await page.goto('/');
    await openPalette(page);
    await page.keyboard.type('brands');
    const screens = palette(page).getByRole('group', { name: 'Screens' });
    await expect(screens.getByRole('option', { name: /^Brands/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/brands$/);
    await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();

    await openPalette(page);
    await page.keyboard.type(uniqueTag('zzqx'));
    await expect(palette(page).getByText('Nothing found')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  });

  test('a user found opens Users searched for them', async ({ page, request }) => {
    const tag = uniqueTag('paluser');
    const user = await createUser(request, { name: `${tag} Person` });
    await page.goto('/products');
    await openPalette(page);
    await page.keyboard.type(tag);
    const users = palette(page).getByRole('group', { name: 'Users' });
    await users.getByRole('option', { name: new RegExp(user.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/users\\?q=${encodeURIComponent(user.email)}$`));
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue(user.email);
  });

  test('the top bar button opens it on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Search and commands' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: '.tmp/screens/topbar-phone.png' });
    await button.click();
    await expect(paletteSearch(page)).toBeFocused();
    await page.screenshot({ path: '.tmp/screens/palette-phone.png' });
  });
});

test('an editor is offered no user search and no New user', async ({ page, request }) => {
  const editor = await createUser(request, { name: uniqueTag('paleditor') });
  await signInWithStorage(page, request, editor.email, editor.password);
  const userRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/users')) userRequests.push(r.url());
  });
  await page.goto('/');
  await openPalette(page);
  await page.keyboard.type('new');
  const actions = palette(page).getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('option', { name: /New product/ })).toBeVisible();
  await expect(actions.getByRole('option', { name: /New user/ })).toHaveCount(0);
  await expect(palette(page).getByText('Searching…')).toBeHidden();
  await expect(palette(page).getByRole('group', { name: 'Users' })).toHaveCount(0);
  expect(userRequests).toEqual([]);
});
