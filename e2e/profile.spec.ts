import { expect, test } from '@playwright/test';
import { API_ERROR, CONFIRM, TOAST, VALIDATION } from '#domain/messages';
import { apiLogin, createUser, signInWithStorage, toast } from './fixtures';

test('edits name and email, refreshing the stored session; Cancel restores', async ({ page, request }) => {
  const user = await createUser(request, { name: 'Olga Original' });
  await signInWithStorage(page, request, user.email, user.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Olga Original').first()).toBeVisible();
  await expect(page.getByLabel('Role')).toHaveCount(0);
  await expect(page.getByText('editor').first()).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Changed Then Cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Olga Original').first()).toBeVisible();
  await expect(page.getByText('Changed Then Cancelled')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, VALIDATION.profileRequired)).toBeVisible();

  await page.getByLabel('Name').fill('Olga Renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, TOAST.profileUpdated)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Olga Renamed');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'));
  expect(stored).toEqual({ id: user.id, username: 'Olga Renamed', email: user.email, role: 'editor' });

  await page.reload();
  await expect(page.getByText('Olga Renamed').first()).toBeVisible();
});

test('changes the password with the three validation messages and a fresh token', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { name: 'Pete Password', password: 'first-pass' });
  await signInWithStorage(page, request, user.email, user.password);
  await page.goto('/profile');
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Update Password' });

  await current.fill('first-pass');
  await submit.click();
  await expect(toast(page, VALIDATION.passwordFieldsRequired)).toBeVisible();

  await next.fill('12345');
  await confirm.fill('12345');
  await submit.click();
  await expect(toast(page, VALIDATION.newPasswordTooShort)).toBeVisible();

  await next.fill('second-pass');
  await confirm.fill('second-pazz');
  await submit.click();
  await expect(toast(page, VALIDATION.newPasswordsMismatch)).toBeVisible();

  await current.fill('wrong-pass');
  await confirm.fill('second-pass');
  await submit.click();
  await expect(toast(page, API_ERROR.currentPasswordWrong)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await current.fill('first-pass');
  await submit.click();
  await expect(toast(page, TOAST.passwordUpdated)).toBeVisible();
  await expect(current).toHaveValue('');

  // The page kept working with the fresh token: a reload stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await apiLogin(request, user.email, 'second-pass');
  const old = await request.post('/api/auth/login', { data: { email: user.email, password: 'first-pass' } });
  expect(old.status()).toBe(401);
});

test('"Sign out everywhere" ends this session and every other one, after a confirmation', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { name: 'Lena Lostlaptop' });
  // A session on another device.
  const elsewhere = (await apiLogin(request, user.email, user.password)).token;
  const me = async (token: string) =>
    (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status();
  expect(await me(elsewhere)).toBe(200);

  await signInWithStorage(page, request, user.email, user.password);
  await page.goto('/profile');
  const here = (await page.evaluate(() => localStorage.getItem('user_token'))) as string;
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await expect(dialog).toContainText(CONFIRM.signOutEverywhere);
  // Cancel keeps everything as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await me(elsewhere)).toBe(200);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, TOAST.signedOutEverywhere)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBeNull();
  expect(await me(elsewhere)).toBe(401);
  expect(await me(here)).toBe(401);
  // Signing in again works.
  expect(await me((await apiLogin(request, user.email, user.password)).token)).toBe(200);
});
