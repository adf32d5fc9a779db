import { expect, type Page, test } from '@playwright/test';
import { LOGIN_TEXT } from '#domain/messages';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';

const scheme = (page: Page) => page.locator('html');
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
// Mantine's page colours: white by day, dark 7 by night.
const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(36, 36, 36)';

test('follows the system setting until the user picks a theme', async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: LOGIN_TEXT.title })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await pageBackground(page)).toBe(DARK);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  // The system turns light: with no choice made, the app follows.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
});

test('the toggle’s choice is kept after a reload, from the first paint', async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await pageBackground(page)).toBe(WHITE);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeFocused();
  expect(await pageBackground(page)).toBe(DARK);

  // Before any of the app's code runs the page is already dark (no white flash): with the app's
  // script blocked, only the pre-paint script can have set it.
  await page.route('**/assets/index-*.js', (route) => route.abort());
  await page.reload();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await pageBackground(page)).toBe(DARK);
  await page.unroute('**/assets/index-*.js');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  // Even against a dark system setting, a light choice stays light.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await pageBackground(page)).toBe(WHITE);
});
