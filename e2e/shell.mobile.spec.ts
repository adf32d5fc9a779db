import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';

test('on a phone the sidebar hides behind the menu button', async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const usersLink = page.getByRole('navigation').getByRole('link', { name: 'Users' });
  await expect(usersLink).toBeHidden();
  await page.getByRole('button', { name: /navigation|menu/i }).click();
  await expect(usersLink).toBeVisible();
  await usersLink.click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(usersLink).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
