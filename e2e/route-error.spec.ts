import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';

const nav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main navigation' });

test('a screen whose code cannot load asks for a reload, and the reload brings it back', async ({
  page,
  request,
}) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // As after a deploy (the old hashed file is gone) or with the network down.
  const chunk = '**/assets/BrandsPage-*.js';
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await nav(page).getByRole('link', { name: 'Brands' }).click();

  await expect(
    page.getByRole('heading', { name: 'Reload to get the latest version', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page).toHaveTitle('Reload to get the latest version · Stockroom');
  await page.screenshot({ path: '.tmp/screens/desktop-route-error.png' });

  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/brands$/);
});

test('the same on a first load straight to the screen', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.route('**/assets/UsersPage-*.js', (route) => route.abort('failed'));
  await page.goto('/users');
  await expect(
    page.getByRole('heading', { name: 'Reload to get the latest version', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('any other failure says something went wrong, with a way home', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  // A screen's code that loads but throws as it starts.
  await page.route('**/assets/ProfilePage-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken build");' }),
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByText('broken build')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
