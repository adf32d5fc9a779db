import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E } from './env';

export type TestUser = {
  id: number;
  name: string;
  email: string;
  role: string;
  password: string;
};

/** A unique address per call, so parallel tests never collide on the shared server. */
export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@e2e.test`;

export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    token: string;
    user: { id: number; name: string; email: string; role: string };
  };
}

export const adminToken = async (request: APIRequestContext) =>
  (await apiLogin(request, E2E.admin.email, E2E.admin.password)).token;

/** Creates a staff account through the API as the e2e admin. */
export async function createUser(
  request: APIRequestContext,
  input: { name: string; email?: string; role?: string; password?: string },
): Promise<TestUser> {
  const data = {
    name: input.name,
    email: input.email ?? uniqueEmail(input.name.toLowerCase().replace(/\W+/g, '-')),
    role: input.role ?? 'editor',
    password: input.password ?? 'user-pass-1',
  };
  const res = await request.post('/api/users', {
    data,
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...(await res.json()), password: data.password };
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Puts a session straight into storage (faster than the form, for tests about other screens). */
export async function signInWithStorage(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const { token, user } = await apiLogin(request, email, password);
  await page.goto('/login');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('user_token', t);
      localStorage.setItem('userData', JSON.stringify(u));
    },
    [token, { id: user.id, username: user.name, email: user.email, role: user.role }] as const,
  );
  return { token, user };
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
