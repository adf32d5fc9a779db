import { expect, type Page, test } from '@playwright/test';
import { HISTORY_TEXT } from '#domain/history';
import type { Inquiry } from '#domain/inquiries';
import { PERMISSION_TEXT } from '#domain/permissions';
import type { Quote } from '#domain/quotes';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import { authHeaders } from './catalog';
import { apiLogin, createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';
import { apiCreateProduct } from './products';

/**
 * One browser test per built-in role: the navigation offers only the screens the role may open,
 * a screen typed by hand says so instead of breaking, and the product editor shows what the role
 * may not change as read-only, with the reason.
 */

/** The nav's entries once the role's rights are in (every built-in role reads the catalogue). */
async function navLinks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  return nav.getByRole('link').allInnerTexts();
}

async function signInAs(page: Page, request: Parameters<typeof createUser>[0], role: string) {
  const user = await createUser(request, { name: `Role ${role}`, role });
  await signInWithStorage(page, request, user.email, user.password);
  return user;
}

test('Sales: no Users in the nav, the price read-only with a reason, quotes and requests open', async ({
  page,
  request,
}) => {
  const product = await apiCreateProduct(request, { name: `Sales view ${Date.now()}`, mrp: 42 });
  await signInAs(page, request, 'sales');
  await page.goto('/');
  const links = await navLinks(page);
  expect(links).not.toContain('Users');
  expect(links).not.toContain('Outbox');
  expect(links).not.toContain('Trash');
  expect(links).toContain('Inquiries');
  expect(links).toContain('Products');

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { name: 'Basic and Price' })).toBeVisible();
  await expect(page.getByTestId('price-read-only')).toHaveText(PERMISSION_TEXT.readOnlyPrice);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Product' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Publish|Unpublish)$/ })).toHaveCount(0);

  await page.goto('/users');
  await expect(page.getByText(PERMISSION_TEXT.noAccess)).toBeVisible();
  await page.goto('/inquiries');
  await expect(page.getByRole('heading', { name: 'Inquiries', level: 1 })).toBeVisible();
});

test('Viewer: reads the catalogue and changes nothing', async ({ page, request }) => {
  await signInAs(page, request, 'viewer');
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Import CSV/i })).toHaveCount(0);
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Product Categories', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await page.goto('/outbox');
  await expect(page.getByText(PERMISSION_TEXT.noAccess)).toBeVisible();
  expect(await navLinks(page)).not.toContain('Users');

  // A draft quote typed by address: readable, every field disabled, with the reason.
  const draft = await draftQuote(request);
  await page.goto(`/inquiries/${draft.inquiry_id}/quotes/${draft.id}`);
  await expect(page.getByTestId('draft-read-only')).toHaveText(PERMISSION_TEXT.readOnlyQuote);
  await expect(page.getByTestId('builder-line').getByLabel('Unit price')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
});

/** A request with a draft quote of one product line, through the API as the admin. */
async function draftQuote(request: Parameters<typeof createUser>[0]) {
  const headers = await authHeaders(request);
  const product = await apiCreateProduct(request, { name: `Viewer draft ${Date.now()}`, mrp: 30 });
  const res = await request.post('/api/inquiries', {
    data: {
      name: 'Vera Viewer',
      email: uniqueEmail('vera'),
      phone: null,
      subject: 'A draft to read',
      message: 'One, please.',
      lines: [{ product_id: product.id, quantity: 1 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const inquiry = (await res.json()) as Inquiry;
  const created = await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Quote;
}

test('Editor: the catalogue and requests, no Users or Outbox; prices editable', async ({ page, request }) => {
  const product = await apiCreateProduct(request, { name: `Editor view ${Date.now()}`, mrp: 10 });
  await signInAs(page, request, 'editor');
  await page.goto('/');
  const links = await navLinks(page);
  expect(links).not.toContain('Users');
  expect(links).not.toContain('Outbox');
  expect(links).toContain('Trash');
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByTestId('price-read-only')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await expect(page.getByRole('textbox', { name: 'MRP' })).toBeEditable();
});

test('Admin: every screen, and the Roles tab with its holders and Duplicate role', async ({
  page,
  request,
}) => {
  await signInAs(page, request, 'admin');
  await page.goto('/');
  const links = await navLinks(page);
  for (const label of ['Users', 'Outbox', 'Trash', 'Inquiries']) expect(links).toContain(label);
  await page.goto('/users?tab=roles');
  const sales = page.getByTestId('role-sales');
  await expect(sales.getByRole('heading', { name: 'Sales' })).toBeVisible();
  await expect(sales.getByRole('checkbox', { name: /Change prices/ })).not.toBeChecked();
  await expect(sales.getByRole('checkbox', { name: /Send quotes/ })).toBeChecked();
  await expect(sales.getByText(/\d+ users?/)).toBeVisible();
  await sales.getByRole('button', { name: 'Duplicate role: Sales' }).click();
  const copy = page.locator('[data-testid^="role-sales-copy"]').first();
  await expect(copy.getByRole('heading', { name: /^Sales \(copy\)/ })).toBeVisible();
  await copy.getByRole('checkbox', { name: /Change prices/ }).check();
  await copy.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Role saved' })).toBeVisible();
  // Deleting a role asks first; Cancel keeps it, Delete removes it.
  const copyName = (await copy.getByRole('heading').first().textContent()) ?? '';
  await copy.getByRole('button', { name: `${ROLE_SCREEN_TEXT.delete}: ${copyName}` }).click();
  const confirm = page.getByRole('dialog', { name: ROLE_SCREEN_TEXT.deleteTitle });
  await expect(confirm).toContainText(ROLE_SCREEN_TEXT.deleteConfirm(copyName));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: `${ROLE_SCREEN_TEXT.delete}: ${copyName}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, ROLE_SCREEN_TEXT.deleted)).toBeVisible();
  await expect(page.getByRole('heading', { name: copyName, exact: true })).toHaveCount(0);

  // Users filtered by role, the filter kept in the URL.
  await page.goto('/users?role=sales');
  await expect(
    page.getByRole('textbox', { name: 'Role' }).or(page.getByLabel('Role', { exact: true })),
  ).toHaveValue('Sales');
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();

  // A user's role changed from the table holds on that user's very next request.
  const moved = await createUser(request, { name: `Role move ${Date.now()}`, role: 'viewer' });
  const { token } = await apiLogin(request, moved.email, moved.password);
  const asMoved = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/inquiries/export.csv', { headers: asMoved })).status()).toBe(403);
  await page.goto(`/users?q=${encodeURIComponent(moved.email)}`);
  const roleOf = page.getByRole('combobox', { name: `${ROLE_SCREEN_TEXT.changeRole}: ${moved.name}` });
  await roleOf.click();
  await page.getByRole('option', { name: 'Sales', exact: true }).click();
  await expect(toast(page, ROLE_SCREEN_TEXT.roleChanged)).toBeVisible();
  await expect(roleOf).toHaveValue('Sales');
  const me = await request.get('/api/me', { headers: asMoved });
  expect(await me.json()).toMatchObject({ role: 'sales', role_name: 'Sales' });
  expect((await request.get('/api/inquiries/export.csv', { headers: asMoved })).status()).toBe(200);
});

test('Sales: no Delete on a request, no History tab, no Manage Discounts; roles by name', async ({
  page,
  request,
}) => {
  const product = await apiCreateProduct(request, { name: `Sales hidden ${Date.now()}`, mrp: 12 });
  const draft = await draftQuote(request);
  await signInAs(page, request, 'sales');

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { name: 'Basic and Price' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Product' })).toBeVisible();
  await expect(page.getByRole('tab', { name: HISTORY_TEXT.historyTab })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage Discounts' })).toHaveCount(0);
  // A link to the History tab opens the product instead.
  await page.goto(`/product/${product.slug}?tab=history`);
  await expect(page.getByRole('heading', { name: 'Basic and Price' })).toBeVisible();

  // Sales works the request (status, notes) but cannot delete it.
  await page.goto(`/inquiries?selected=${draft.inquiry_id}`);
  const pane = page.getByRole('region', { name: 'A draft to read' });
  await expect(pane.getByRole('button', { name: 'Add note' })).toBeVisible();
  await expect(pane.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The products list offers no selection: Sales may run no bulk action.
  await page.goto('/products?view=table');
  await expect(page.getByTestId('products-table')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Select/ })).toHaveCount(0);

  // The dashboard names the role, never its key.
  await page.goto('/');
  await expect(page.getByText('Your role: Sales.')).toBeVisible();
});

test('the role editor ticks what a permission needs and says so', async ({ page, request }) => {
  const headers = await authHeaders(request);
  const name = `Pricers ${Date.now()}`;
  const made = await request.post('/api/roles', { data: { name, permissions: [] }, headers });
  expect(made.status(), await made.text()).toBe(201);
  const { key } = (await made.json()) as { key: string };
  await signInAs(page, request, 'admin');
  await page.goto('/users?tab=roles');
  const card = page.getByTestId(`role-${key}`);
  // Every role's card with its permissions renders at once: slow on a busy machine.
  await expect(card.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  const prices = card.getByRole('checkbox', { name: /Change prices/ });
  const edit = card.getByRole('checkbox', { name: /Edit products/ });
  const read = card.getByRole('checkbox', { name: /Read the catalogue/ });
  await expect(prices).toHaveAccessibleDescription(new RegExp(ROLE_SCREEN_TEXT.needs(['Edit products'])));
  await expect(edit).not.toBeChecked();

  await prices.check();
  await expect(edit).toBeChecked();
  await expect(read).toBeChecked();
  // Unticking what another needs unticks that one too.
  await edit.uncheck();
  await expect(prices).not.toBeChecked();
  await expect(read).toBeChecked();
  await prices.check();
  await card.getByRole('button', { name: 'Save role' }).click();
  await expect(toast(page, ROLE_SCREEN_TEXT.saved)).toBeVisible();
  const roles = (await (await request.get('/api/roles', { headers })).json()).data as {
    key: string;
    permissions: string[];
  }[];
  expect(roles.find((r) => r.key === key)?.permissions).toEqual([
    'catalogue.read',
    'product.edit',
    'product.price',
  ]);
});
