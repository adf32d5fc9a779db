import { expect, test } from '@playwright/test';
import { API_TOKEN_TEXT } from '#domain/api-tokens';
import { COPY_TEXT } from '#domain/messages';
import { E2E } from './env';
import { adminToken, signInWithStorage, toast } from './fixtures';

/**
 * Settings → Integrations → API tokens, as an admin: a token is made with a role, its secret is
 * shown once, it works on the API with its role's rights, and once revoked it is refused.
 */
test('an admin creates a token, sees its secret once, uses it on the API and revokes it', async ({
  page,
  request,
}) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/settings/integrations');
  await expect(page.getByRole('tab', { name: 'API tokens' })).toHaveAttribute('aria-selected', 'true');

  const name = `E2E sync ${Date.now()}`;
  await page.getByRole('button', { name: API_TOKEN_TEXT.create }).click();
  const form = page.getByRole('dialog', { name: API_TOKEN_TEXT.create });
  await form.getByRole('textbox', { name: API_TOKEN_TEXT.name }).fill(name);
  await form.getByRole('combobox', { name: API_TOKEN_TEXT.role }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await form.getByRole('button', { name: API_TOKEN_TEXT.create }).click();

  const shown = page.getByRole('dialog', { name: API_TOKEN_TEXT.secretTitle });
  await expect(shown).toContainText(API_TOKEN_TEXT.secretWarning);
  const secret = (await shown.getByTestId('api-token-secret').innerText()).trim();
  expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: COPY_TEXT.copy })).toBeVisible();
  await shown.getByRole('button', { name: API_TOKEN_TEXT.done }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText(E2E.admin.name);
  await expect(row).toContainText(API_TOKEN_TEXT.notUsed);
  // Shown once: nowhere on the page now, nor after a reload.
  await expect(page.getByText(secret)).toHaveCount(0);

  const auth = { authorization: `Bearer ${secret}` };
  expect((await request.get('/api/products', { headers: auth })).status()).toBe(200);
  const refused = await request.post('/api/categories', {
    headers: auth,
    data: { name: 'By a viewer token' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).permission).toBe('category.edit');

  await page.reload();
  await expect(row).toContainText('127.0.0.1');
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: `${API_TOKEN_TEXT.revoke}: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: API_TOKEN_TEXT.revokeTitle(name) });
  await confirm.getByRole('button', { name: API_TOKEN_TEXT.revoke }).click();
  await expect(toast(page, API_TOKEN_TEXT.revoked(name))).toBeVisible();
  await expect(row).toHaveCount(0);

  const after = await request.get('/api/products', { headers: auth });
  expect(after.status()).toBe(401);
  expect((await after.json()).error).toBe(API_TOKEN_TEXT.revokedOrExpired);
});

/**
 * What an ERP changed, from the token's row: a token made through the API writes a brand, and the
 * row's Activity link opens the log filtered to that token, its entry there.
 */
test("a token's row opens Activity on the changes made with it", async ({ page, request }) => {
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const name = `E2E ERP ${Date.now()}`;
  const made = await request.post('/api/api-tokens', { headers: admin, data: { name, role: 'editor' } });
  expect(made.status(), await made.text()).toBe(201);
  const { id, secret } = (await made.json()) as { id: number; secret: string };
  const brand = `Brand by ${name}`;
  const wrote = await request.post('/api/brands', {
    headers: { authorization: `Bearer ${secret}` },
    data: { name: brand },
  });
  expect(wrote.status(), await wrote.text()).toBe(201);
  // A person's change at the same time, which the filter leaves out.
  await request.post('/api/brands', { headers: admin, data: { name: `By hand ${name}` } });

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto('/settings/integrations');
  const row = page.getByTestId(`api-token-${id}`);
  await row.getByRole('link', { name: `${API_TOKEN_TEXT.activity}: ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?token=${id}$`));
  await expect(page.getByRole('combobox', { name: 'API token' })).toHaveValue(name);
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(brand);
  await expect(entries.first()).toContainText(API_TOKEN_TEXT.actor(name));
});
