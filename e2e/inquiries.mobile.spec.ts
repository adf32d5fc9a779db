import { expect, test } from '@playwright/test';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, uniqueEmail } from './fixtures';

// On a phone the inbox's list and reading pane take turns instead of sitting side by side.
test('on a phone the inquiry list and the reading pane take turns', async ({ page, request }) => {
  const tag = uniqueTag('inq');
  const subject = `Phone quote ${tag}`;
  const res = await request.post('/api/inquiries', {
    data: { name: 'Mia Buyer', email: uniqueEmail('mia'), subject, message: 'Hi' },
  });
  expect(res.status(), await res.text()).toBe(201);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/inquiries');
  await page.getByLabel('Search').fill(tag);
  const entry = page.getByRole('list', { name: 'Inquiries' }).getByRole('button', { name: /Mia Buyer/ });
  await expect(entry).toBeVisible();
  // The first inquiry is selected, but the pane waits until one is opened.
  await expect(page.getByRole('region', { name: subject })).toHaveCount(0);

  await entry.click();
  await expect(page.getByRole('region', { name: subject })).toContainText('Mia Buyer');
  await expect(page.getByRole('list', { name: 'Inquiries' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(entry).toBeVisible();
  await expect(page.getByRole('region', { name: subject })).toHaveCount(0);
});
