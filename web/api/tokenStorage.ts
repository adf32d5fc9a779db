import { STORAGE_KEYS } from '#domain/constants';

/**
 * The stored credentials as the HTTP client needs them: the token every request sends, and the
 * way to forget the whole stored session when the server ends it. The session layer builds on these
 * (web/session/storage.ts), so the client never has to reach up into it.
 */

/**
 * The token stored now: every request sends it, and another tab's sign-in may have replaced the
 * one a tab restored.
 */
export function readStoredToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function storeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

/** Both entries go together: user data without its token would restore nothing. */
export function clearStoredSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userData);
}
