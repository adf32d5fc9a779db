import { expect, type Page, test } from '@playwright/test';
import type { Inquiry } from '#domain/inquiries';
import { DESK_SCREEN } from '#domain/quote-texts';
import type { Quote } from '#domain/quotes';
import { ROLE_SCREEN_TEXT } from '#domain/roles';
import { authHeaders, uniqueTag } from './catalog';
import { createUser, signInWithStorage, uniqueEmail } from './fixtures';

/**
 * Nobody gives more than they hold: a staff manager's role select offers only the roles within
 * its rights and never its own row; the Roles tab lets a role manager tick only what it holds and
 * not change its own role; a role without quote.send sees no customer's quote link.
 */

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a staff manager offers only roles within its rights, and not for its own row', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request);
  const tag = uniqueTag('desk');
  const made = await request.post('/api/roles', {
    headers,
    data: { name: `Desk ${tag}`, permissions: ['catalogue.read', 'user.manage', 'role.manage'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const desk = (await made.json()) as { key: string; name: string };
  const lower = await request.post('/api/roles', {
    headers,
    data: { name: `Readers ${tag}`, permissions: ['catalogue.read'] },
  });
  expect(lower.status()).toBe(201);
  const readers = (await lower.json()) as { key: string; name: string };
  const manager = await createUser(request, { name: `Manager ${tag}`, role: desk.key });
  const other = await createUser(request, { name: `Other ${tag}`, role: 'viewer' });
  await signInWithStorage(page, request, manager.email, manager.password);

  await page.goto(`/users?q=${tag}`);
  await expect(page.getByRole('cell', { name: manager.name })).toBeVisible({ timeout: 20_000 });
  const theirs = page.getByRole('combobox', { name: `${ROLE_SCREEN_TEXT.changeRole}: ${other.name}` });
  const mine = page.getByRole('combobox', { name: `${ROLE_SCREEN_TEXT.changeRole}: ${manager.name}` });
  await expect(mine).toBeDisabled();
  await expect(theirs).toBeEnabled();
  await theirs.click();
  // Admin and Viewer hold rights the manager lacks: shown, not offered.
  const admin = page.getByRole('option', { name: /^Admin/ });
  await expect(admin).toHaveAttribute('data-combobox-disabled', 'true');
  await expect(admin).toContainText(ROLE_SCREEN_TEXT.beyondOwn);
  await expect(page.getByRole('option', { name: /^Viewer/ })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await shot(page, 'users-role-select');
  await page.getByRole('option', { name: readers.name, exact: true }).click();
  await expect(theirs).toHaveValue(readers.name);
  const after = await request.get(`/api/users/${other.id}`, { headers });
  expect((await after.json()).role).toBe(readers.key);

  // The Add User dialog offers only the roles within its rights.
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Role').click();
  const offered = await page.getByRole('option').allInnerTexts();
  expect(offered).toContain(readers.name);
  expect(offered).toContain(desk.name);
  expect(offered).not.toContain('Admin');
  expect(offered).not.toContain('Editor');
  await shot(page, 'users-add-roles');
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Name').fill('Nell New');
  await dialog.getByLabel('Email').fill(uniqueEmail('nell'));
  await dialog.getByLabel('Password', { exact: true }).fill('hire-pass-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // The Roles tab: its own role is not its to change; a role above it neither; boxes it lacks stay off.
  await page.goto('/users?tab=roles');
  const own = page.getByTestId(`role-${desk.key}`);
  await expect(own.getByTestId(`role-refusal-${desk.key}`)).toHaveText(ROLE_SCREEN_TEXT.ownRoleCard, {
    timeout: 20_000,
  });
  await expect(own.getByRole('button', { name: ROLE_SCREEN_TEXT.save })).toHaveCount(0);
  const below = page.getByTestId(`role-${readers.key}`);
  await expect(below.getByRole('checkbox', { name: /Change prices/ })).toBeDisabled();
  await expect(below.getByRole('checkbox', { name: /Manage roles/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: `${ROLE_SCREEN_TEXT.duplicate}: Admin` })).toBeDisabled();
  await shot(page, 'roles-tab-manager');
});

test('a role without quote.send sees no customer quote link; one with it does', async ({ page, request }) => {
  const headers = await authHeaders(request);
  const asked = await request.post('/api/inquiries', {
    data: {
      name: 'Lina Link',
      email: uniqueEmail('lina'),
      phone: null,
      subject: 'A quote, please',
      message: 'One line.',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiry = (await asked.json()) as Inquiry;
  const draft = (await (
    await request.post(`/api/inquiries/${inquiry.id}/quotes`, { headers })
  ).json()) as Quote;
  const put = await request.put(`/api/quotes/${draft.id}`, {
    headers,
    data: { lines: [{ name: 'Typed line', quantity: 1, unit_price: 10 }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  expect((await sent.json()).token).toBeTruthy();

  const viewer = await createUser(request, { name: `No link ${uniqueTag('v')}`, role: 'viewer' });
  await signInWithStorage(page, request, viewer.email, viewer.password);
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  await expect(page.getByRole('heading', { name: DESK_SCREEN.version(1) })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: DESK_SCREEN.customerPage })).toHaveCount(0);
  await expect(page.locator('a[href^="/quote/"]')).toHaveCount(0);
  await shot(page, 'quote-no-link');

  const sales = await createUser(request, { name: `Link ${uniqueTag('s')}`, role: 'sales' });
  await signInWithStorage(page, request, sales.email, sales.password);
  await page.goto(`/inquiries/${inquiry.id}/quotes/${draft.id}`);
  await expect(page.getByRole('link', { name: DESK_SCREEN.customerPage })).toBeVisible();
});
