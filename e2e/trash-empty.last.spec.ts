import { expect, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import { authHeaders, uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage, toast } from './fixtures';
import { apiCreateProduct } from './products';

/**
 * Emptying the trash removes every entry, including those other specs are working with, so this
 * runs in a project of its own after all the others (playwright.config.ts).
 */
test('an admin empties the whole trash after confirming how many items go', async ({ page, request }) => {
  const tag = uniqueTag('emptied');
  const headers = await authHeaders(request);
  for (const name of [`First ${tag}`, `Second ${tag}`]) {
    const product = await apiCreateProduct(request, { name });
    expect((await request.delete(`/api/products/${product.id}`, { headers })).status()).toBe(204);
  }
  const total: number = (await (await request.get('/api/trash', { headers })).json()).meta.total;
  expect(total).toBeGreaterThanOrEqual(2);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/trash?q=${tag}`);
  await expect(page.getByText(`First ${tag}`)).toBeVisible();
  // Only the whole trash is emptied, so the button waits for the search to be cleared.
  const empty = page.getByRole('button', { name: HISTORY_TEXT.emptyTrashAction });
  await expect(empty).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
  await expect(empty).toBeVisible();
  await page.screenshot({ path: `.tmp/screens/${test.info().project.name}-trash-empty-before.png` });

  await empty.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(HISTORY_TEXT.emptyTrashConfirm(total));
  await page.screenshot({ path: `.tmp/screens/${test.info().project.name}-trash-empty-confirm.png` });
  await confirm.getByRole('button', { name: HISTORY_TEXT.emptyTrashAction }).click();
  await expect(toast(page, HISTORY_TEXT.emptied(total))).toBeVisible();
  await expect(page.getByText(HISTORY_TEXT.emptyTrash)).toBeVisible();
  await expect(empty).toHaveCount(0);
  await page.screenshot({ path: `.tmp/screens/${test.info().project.name}-trash-empty-after.png` });
  expect((await (await request.get('/api/trash', { headers })).json()).meta.total).toBe(0);
});
