import { expect, test } from '@playwright/test';
import { LOGIN_TEXT } from '../domain/messages';
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
  });
}
