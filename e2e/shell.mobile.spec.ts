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

test("on a phone an empty table's message starts on screen, not centred across the scrolling table", async ({
  page,
  request,
}) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/categories');
  await page.getByPlaceholder('Name or slug').fill('no-such-category-anywhere');
  const message = page.getByText('No categories found.');
  await expect(message).toBeVisible();
  // The table is wider than the phone (it scrolls sideways); the words themselves must be in view.
  // The paragraph spans the whole table, so measure its text.
  const words = await message.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right, screen: window.innerWidth };
  });
  expect(words.left).toBeGreaterThanOrEqual(0);
  expect(words.right).toBeLessThanOrEqual(words.screen);
});
