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
  await expect(entries.first()).toContainText(API_TOKEN_TEXT.actor(name, E2E.admin.name));
});

/**
 * What a program does is shown as the token everywhere: its move and note on an order read
 * "API token “name” (who made it)" in the order's history and notes, and so does Activity.
 */
test('an order moved and noted with a token shows the token and its owner, not the customer', async ({
  page,
  request,
}) => {
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const name = `E2E ERP ${Date.now()}`;
  const made = await request.post('/api/api-tokens', { headers: admin, data: { name, role: 'admin' } });
  expect(made.status(), await made.text()).toBe(201);
  const { id, secret } = (await made.json()) as { id: number; secret: string };
  const program = { authorization: `Bearer ${secret}` };
  const label = API_TOKEN_TEXT.actor(name, E2E.admin.name);

  // A request, a quote sent on it and accepted by the customer: the order to move.
  const asked = await request.post('/api/inquiries', {
    data: {
      name: 'Tom Token',
      email: `tom.${Date.now()}@example.com`,
      subject: `Crates ${name}`,
      message: 'Ten.',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiry = (await asked.json()) as { id: number };
  const draft = await (await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers: admin })).json();
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers: admin,
    data: { lines: [{ name: 'Crate', quantity: 10, unit_price: 4 }], valid_until: '2099-12-31' },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await (await request.post(`/api/quotes/${draft.id}/send`, { headers: admin })).json();
  const accepted = await request.post(`/api/public/quotes/${sent.token}/accept`, {
    data: { name: 'Tom Token' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { number } = (await accepted.json()).order as { number: string };
  const orders = await (await request.get(`/api/orders?q=${number}`, { headers: admin })).json();
  const orderId = (orders.data as { id: number; number: string }[]).find((o) => o.number === number)?.id;
  expect(orderId).toBeDefined();

  const moved = await request.patch(`/api/orders/${orderId}`, {
    headers: program,
    data: { status: 'in_progress' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const noted = await request.post(`/api/orders/${orderId}/notes`, {
    headers: program,
    data: { body: 'Picked by the ERP' },
  });
  expect(noted.status(), await noted.text()).toBe(201);

  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
  await page.goto(`/orders?q=${number}`);
  await page.getByTestId('order-row').click();
  const pane = page.getByTestId('order-pane');
  const history = pane.getByTestId('order-history');
  // Newest first: the token's move, then the acceptance, which is still the customer's.
  await expect(history.locator('li').nth(0)).toContainText('Confirmed → In progress');
  await expect(history.locator('li').nth(0)).toContainText(label);
  await expect(history.locator('li').nth(1)).toContainText('Order confirmed on acceptance');
  await expect(history.locator('li').nth(1)).not.toContainText('API token');
  await expect(pane.getByTestId('order-notes')).toContainText(label);
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    await page.screenshot({ path: `${shots}/order-token-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(pane).toBeVisible();
    await page.screenshot({ path: `${shots}/order-token-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // A product it edits is in Activity under the same name (orders are not in the change log).
  const product = await request.post('/api/products', {
    headers: program,
    data: { name: `Crate ${name}`, mrp: 4 },
  });
  expect(product.status(), await product.text()).toBe(201);
  await page.goto(`/activity?token=${id}`);
  const entries = page.getByTestId('activity-entry');
  await expect(entries.first()).toContainText(`Crate ${name}`);
  await expect(entries.first()).toContainText(label);
  if (shots) {
    await page.screenshot({ path: `${shots}/activity-token-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(entries.first()).toBeVisible();
    await page.screenshot({ path: `${shots}/activity-token-390.png`, fullPage: true });
  }
});
