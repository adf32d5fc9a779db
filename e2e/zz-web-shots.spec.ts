import { expect, type Page, test } from '@playwright/test';
import { BULK_TEXT } from '#domain/product-list';
import { uniqueTag } from './catalog';
import { E2E } from './env';
import { signInWithStorage } from './fixtures';
import { apiCreateProduct } from './products';

const DIR = '/tmp/web-shots';
const widths = [1280, 390];
const schemes = ['light', 'dark'] as const;

async function each(page: Page, name: string, act: (w: number) => Promise<void>) {
  for (const w of widths)
    for (const scheme of schemes) {
      await page.setViewportSize({ width: w, height: w === 390 ? 844 : 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await act(w);
      await page.screenshot({ path: `${DIR}/${name}-${w}-${scheme}.png` });
    }
}

test('shots', async ({ page, request }) => {
  test.setTimeout(300_000);
  const tag = uniqueTag('shots');
  const product = await apiCreateProduct(request, { name: `${tag} Lamp`, mrp: 10 });
  await apiCreateProduct(request, { name: `${tag} Chair`, mrp: 20 });

  // Sign-in page with the nasty link.
  await each(page, 'signin-nasty-next', async () => {
    await page.goto(`/login?next=${encodeURIComponent('/.//evil.example')}`);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await each(page, 'product-delete-dialog', async () => {
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Delete Product' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete product?' })).toBeVisible();
    await page.waitForTimeout(400);
  });

  const held: import('@playwright/test').Route[] = [];
  await page.route('**/api/products/bulk', async (route) => {
    if ((route.request().postDataJSON() as { dry_run?: boolean }).dry_run) held.push(route);
    else await route.abort();
  });
  for (const stage of ['before', 'after'] as const) {
    await each(page, `bulk-price-${stage}-count`, async () => {
      await page.goto(`/products?view=table&q=${tag}`);
      await expect(page.getByTestId('product-row')).toHaveCount(2);
      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      await page.getByRole('button', { name: 'Bulk actions' }).click();
      await page.getByRole('menuitem', { name: BULK_TEXT.actionLabels.adjust_price }).click();
      const dialog = page.getByRole('dialog', { name: BULK_TEXT.actionLabels.adjust_price });
      await dialog.getByLabel(/^Percent/).fill('10');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      if (stage === 'after') {
        for (const r of held.splice(0)) await r.continue();
        await expect(dialog.getByTestId('bulk-preview')).toHaveText(BULK_TEXT.willChange(2));
      }
      await page.waitForTimeout(400);
    });
    for (const r of held.splice(0)) await r.continue().catch(() => {});
  }

  await each(page, 'users-own-row', async () => {
    await page.goto('/users');
    await page.getByLabel('Search', { exact: true }).fill(E2E.admin.email);
    const rows = page.getByRole('row').filter({ hasText: E2E.admin.email });
    await expect(rows).toHaveCount(1);
    const del = rows.getByRole('button', { name: 'Delete' });
    await del.scrollIntoViewIfNeeded();
    await del.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.waitForTimeout(300);
  });
});
