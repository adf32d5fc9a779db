import { expect, type Page, test } from '@playwright/test';
import { API_ERROR, CONFIRM, TOAST, VALIDATION } from '#domain/messages';
import { PERMISSION_TEXT } from '#domain/permissions';
import { E2E } from './env';
import { adminToken, createUser, signInWithStorage, toast, uniqueEmail } from './fixtures';

const openUsers = async (page: Page) => {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
};
const search = async (page: Page, text: string) => {
  await page.getByLabel('Search', { exact: true }).fill(text);
};
const rows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

test.beforeEach(async ({ page, request }) => {
  await signInWithStorage(page, request, E2E.admin.email, E2E.admin.password);
});

test('adds a user through the dialog, with the validation message and the password hint', async ({
  page,
  request,
}) => {
  await openUsers(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog.getByText('Minimum 6 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, VALIDATION.createUserRequired)).toBeVisible();

  const email = uniqueEmail('new-hire');
  await dialog.getByLabel('Name').fill('Nora New');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('hire-pass-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, TOAST.userCreated)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // It is really there: the API finds it with the default role.
  const res = await request.get(`/api/users?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect((await res.json()).data).toMatchObject([{ name: 'Nora New', email, role: 'editor' }]);
  await search(page, email);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Nora New');
});

test('shows the server error for a duplicate email', async ({ page, request }) => {
  const existing = await createUser(request, { name: 'Dupe Original' });
  await openUsers(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill('Dupe Copy');
  await dialog.getByLabel('Email').fill(existing.email);
  await dialog.getByLabel('Password', { exact: true }).fill('hire-pass-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, API_ERROR.emailTaken)).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('opens the read-only profile dialog', async ({ page, request }) => {
  const user = await createUser(request, { name: 'Paula Profile', role: 'admin' });
  await openUsers(page);
  await search(page, user.email);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByRole('button', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Profile' });
  await expect(dialog).toContainText(String(user.id));
  await expect(dialog).toContainText('Paula Profile');
  await expect(dialog).toContainText(user.email);
  await expect(dialog).toContainText('Admin');
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
});

test('deletes a user after the in-page confirmation, and keeps it when cancelled', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { name: 'Doris Delete' });
  const browserDialogs: string[] = [];
  page.on('dialog', (d) => {
    browserDialogs.push(d.message());
    void d.dismiss();
  });
  await openUsers(page);
  await search(page, user.email);
  await expect(rows(page)).toHaveCount(1);

  await rows(page).first().getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user?' });
  await expect(confirm).toContainText(CONFIRM.deleteUser('Doris Delete'));
  await expect(confirm).toContainText('deleted for good');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows(page)).toHaveCount(1);

  await rows(page).first().getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, TOAST.userDeleted)).toBeVisible();
  expect(browserDialogs).toEqual([]);
  await expect(page.getByText('No users found.')).toBeVisible();
  const res = await request.get(`/api/users/${user.id}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status()).toBe(404);
});

test("your own row's Delete is inert and says why, instead of asking and being refused", async ({ page }) => {
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url());
  });
  const browserDialogs: string[] = [];
  page.on('dialog', (d) => {
    browserDialogs.push(d.message());
    void d.dismiss();
  });
  await openUsers(page);
  await search(page, E2E.admin.email);
  await expect(rows(page)).toHaveCount(1);
  const own = rows(page).first().getByRole('button', { name: 'Delete' });
  await expect(own).toHaveAttribute('aria-disabled', 'true');
  await own.hover();
  await expect(page.getByRole('tooltip')).toHaveText(API_ERROR.cannotDeleteSelf);
  // aria-disabled: a click lands (force skips Playwright's wait for an enabled button) and does nothing.
  await own.click({ force: true });
  await own.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tooltip')).toHaveText(API_ERROR.cannotDeleteSelf);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(browserDialogs).toEqual([]);
  expect(deletes).toEqual([]);

  // Anyone else's row keeps an active Delete.
  const other = await createUser(page.request, { name: 'Olga Other' });
  await search(page, other.email);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('button', { name: 'Delete' })).toBeEnabled();
  await expect(rows(page).first().getByRole('button', { name: 'Delete' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
});

test('searches, sorts and pages, and steps back a page when its last row is deleted', async ({
  page,
  request,
}) => {
  const tag = `pager${Date.now().toString(36)}`;
  // Eleven users: one more than the default page of ten.
  for (let i = 0; i < 11; i++) {
    await createUser(request, { name: `${tag} ${String(i).padStart(2, '0')}`, email: uniqueEmail(tag) });
  }
  await openUsers(page);
  await search(page, tag);
  await expect(page.getByText('11 users')).toBeVisible();
  await expect(page.getByText('Page 1 / 2')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  await page.getByLabel('Sort').click();
  await page.getByRole('option', { name: 'Name' }).click();
  await page.getByLabel('Order').click();
  await page.getByRole('option', { name: 'Asc' }).click();
  await expect(rows(page).first()).toContainText(`${tag} 00`);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 / 2')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`${tag} 10`);

  await rows(page).first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete user?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, TOAST.userDeleted)).toBeVisible();
  await expect(page.getByText('Page 1 / 1')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  await page.getByLabel('Per page').click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(page.getByText('Page 1 / 1')).toBeVisible();

  await page.getByLabel('Order').click();
  await page.getByRole('option', { name: 'Desc' }).click();
  await expect(rows(page).first()).toContainText(`${tag} 09`);
});

test('an editor is told the screen is not theirs, and no list is asked for', async ({ page, request }) => {
  const editor = await createUser(request, { name: 'Eve Editor' });
  await signInWithStorage(page, request, editor.email, editor.password);
  let listRequests = 0;
  page.on('request', (r) => {
    if (/\/api\/users(\?|$)/.test(r.url())) listRequests++;
  });
  await page.goto('/users');
  await expect(page.getByText(PERMISSION_TEXT.noAccess)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  expect(listRequests).toBe(0);
});
