import type { LoginBody, SessionUser } from '../../domain/users';
import { api, LOGIN_PATH } from './client';

export type LoginResult = { token: string; user: SessionUser };

export async function login(body: LoginBody): Promise<LoginResult> {
  const { data } = await api.post<LoginResult>(LOGIN_PATH, body);
  return data;
}
