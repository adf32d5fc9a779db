import type { z } from 'zod';
import type { LoginBody, loginResponse } from '#domain/users';
import { api, LOGIN_PATH, LOGOUT_ALL_PATH, LOGOUT_PATH } from './client';

export type LoginResult = z.infer<typeof loginResponse>;

export async function login(body: LoginBody): Promise<LoginResult> {
  const { data } = await api.post<LoginResult>(LOGIN_PATH, body);
  return data;
}

/**
 * Revokes this token on the server. The token is passed along explicitly because the stored one
 * is cleared at once, without waiting for the answer.
 */
export async function logout(token: string): Promise<void> {
  // No body at all: axios would label a null one as a form, which the API refuses (415).
  await api.post(LOGOUT_PATH, undefined, { headers: { Authorization: `Bearer ${token}` } });
}

/** Ends every session of the signed-in user, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await api.post(LOGOUT_ALL_PATH);
}
