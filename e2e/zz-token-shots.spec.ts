import { expect, test } from '@playwright/test';
import { adminToken, signInWithStorage } from './fixtures';
import { E2E } from './env';

const dir = '/work/helpers/shots/token';

test('token shots', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const ids: number[] = [];
  for (const [name, role] of [['ERP sync', 'editor'], ['Price feed', 'viewer']] as const) {
    const made = await request.post('/api/api-tokens', { headers: admin, data: { name, role } });
    const { id, secret } = await made.json();
    ids.push(id);
    if (role === 'editor') {
      const auth = { authorization: `Bearer ${secret}` };
      await request.post('/api/brands', { headers: auth, data: { name: 'Northwind' } });
      const p = await (await request.post('/api/products', { headers: auth, data: { name: 'Oak shelf 80 cm', mrp: 129 } })).json();
      await request.put(`/api/products/${p.id}`, { headers: auth, data: { name: 'Oak shelf 80 cm', pricing: { mrp: 139 } } });
    }
  }
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`/activity?token=${ids[0]}`);
      await expect(page.getByTestId('activity-entry')).toHaveCount(3);
      await page.screenshot({ path: `${dir}/activity-token-${width}-${scheme}.png`, fullPage: true });
      await page.goto('/settings/integrations');
      const row = page.getByTestId(`api-token-${ids[0]}`);
      await expect(row).toBeVisible();
      await page.screenshot({ path: `${dir}/integrations-tokens-${width}-${scheme}.png`, fullPage: true });
      if (width === 390) {
        await row.getByRole('link').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${dir}/integrations-tokens-${width}-${scheme}-scrolled.png` });
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/activity');
  await page.getByRole('combobox', { name: 'API token' }).click();
  await page.screenshot({ path: `${dir}/activity-token-select-open-1280-light.png` });
});
