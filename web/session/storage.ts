import { ROLE_KEY_PATTERN, STORAGE_KEYS } from '#domain/constants';
import { SESSION_TEXT } from '#domain/messages';
import type { SessionUser, StoredUserData } from '#domain/users';
import { clearStoredSession, readStoredToken } from '../api/tokenStorage';

export type StoredSession = { token: string; user: StoredUserData };

/** The stored user keeps the name under `username`. */
export function toStoredUserData(user: SessionUser): StoredUserData {
  return { id: user.id, username: user.name, email: user.email, role: user.role };
}

function isStoredUserData(value: unknown): value is StoredUserData {
  const v = value as Partial<StoredUserData> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'number' &&
    typeof v.username === 'string' &&
    typeof v.email === 'string' &&
    typeof v.role === 'string' &&
    ROLE_KEY_PATTERN.test(v.role)
  );
}

/**
 * Restored only when both entries exist and the user data parses; corrupt data is
 * reported and both entries are dropped, so the next visit starts clean.
 */
export function readStoredSession(): StoredSession | null {
  const token = readStoredToken();
  const raw = localStorage.getItem(STORAGE_KEYS.userData);
  if (!token || !raw) return null;
  let user: unknown;
  try {
    user = JSON.parse(raw);
  } catch {
    user = undefined;
  }
  if (!isStoredUserData(user)) {
    console.warn(SESSION_TEXT.corruptUserData);
    clearStoredSession();
    return null;
  }
  return { token, user };
}

export function storeUserData(user: StoredUserData): void {
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
}
