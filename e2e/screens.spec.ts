import { expect, test } from '@playwright/test';
import { LOGIN_TEXT } from '../domain/messages';
import { apiCreateBrand, apiCreateCategory, pngFile, rowWith, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';

// Captures every screen at desktop and phone widths into .tmp/screens for people to look at;
// each capture first waits for the screen's own heading, so a broken screen fails here.
const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

const screens = [
  { path: '/', heading: 'Dashboard' },
  { path: '/categories', heading: 'Product Categories' },
  { path: '/brands', heading: 'Brands' },
  { path: '/users', heading: 'Users' },
  { path: '/profile', heading: 'My Profile' },
  { path: '/products', heading: 'Products' },
  { path: '/no-such-page', heading: /not found/i },
] as const;

for (const size of widths) {
  test(`screens at ${size.label} width`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: LOGIN_TEXT.title })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/${size.label}-login.png`, fullPage: true });

    await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
    // Some rows with pictures, so the catalogue screens are not captured empty.
    const tag = uniqueTag('shot');
    const home = await apiCreateCategory(
      request,
      { name: `Home ${tag}` },
      await pngFile('home.png', '#4c6ef5'),
    );
    const lamps = await apiCreateCategory(
      request,
      { name: `Lamps ${tag}`, parent_id: home.id, sort_order: 1 },
      await pngFile('lamps.png', '#fab005'),
    );
    await apiCreateCategory(request, { name: `Rugs ${tag}`, parent_id: home.id, sort_order: 2 });
    const brand = await apiCreateBrand(
      request,
      { name: `Acme ${tag}`, description: 'Tools and hardware' },
      await pngFile('acme.png', '#12b886'),
    );
    await apiCreateBrand(request, { name: `Globex ${tag}` });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { name: screen.heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const name = screen.path === '/' ? 'dashboard' : screen.path.slice(1);
      await page.screenshot({ path: `.tmp/screens/${size.label}-${name}.png`, fullPage: true });
    }
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/${size.label}-users-add.png` });

    const shot = async (name: string) => {
      // Dialogs fade in; capture them once they have settled.
      await page.waitForTimeout(400);
      await page.screenshot({ path: `.tmp/screens/${size.label}-${name}.png` });
    };
    await page.goto('/categories');
    await page.getByLabel('Search').fill(tag);
    await expect(rowWith(page, lamps.name)).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Category' })).toBeVisible();
    await shot('categories-add');
    await page.keyboard.press('Escape');
    await rowWith(page, lamps.name).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Category' }).locator('img')).toBeVisible();
    await shot('categories-edit');
    await page.keyboard.press('Escape');
    await rowWith(page, lamps.name).getByRole('rowheader').click();
    await expect(page.getByRole('dialog', { name: 'Category Details' }).locator('img')).toBeVisible();
    await shot('categories-details');
    await page.keyboard.press('Escape');
    await rowWith(page, home.name).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete category?' })).toBeVisible();
    await shot('categories-delete');

    await page.goto('/brands');
    await page.getByLabel('Search').fill(tag);
    await rowWith(page, brand.name).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Brand' }).locator('img')).toBeVisible();
    await shot('brands-edit');
    await page.keyboard.press('Escape');
    await rowWith(page, brand.name).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete brand?' })).toBeVisible();
    await shot('brands-delete');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Brand' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Brand' })).toBeVisible();
    await shot('brands-add');
  });
}
