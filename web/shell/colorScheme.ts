import { localStorageColorSchemeManager } from '@mantine/core';
import { FORMER_STORAGE_KEYS, STORAGE_KEYS } from '#domain/constants';

/**
 * Where the user's light/dark choice is kept. Until they pick one the app follows the system
 * setting ("auto"). web/public/color-scheme.js reads the same key before the first paint.
 */
const KEY = STORAGE_KEYS.colorScheme;

/** A choice kept under the former key moves to today's, so nobody's scheme resets. */
function adoptFormerChoice() {
  try {
    const former = localStorage.getItem(FORMER_STORAGE_KEYS.colorScheme);
    if (former === null) return;
    if (localStorage.getItem(KEY) === null) localStorage.setItem(KEY, former);
    localStorage.removeItem(FORMER_STORAGE_KEYS.colorScheme);
  } catch {
    // No storage (private mode, blocked): there is nothing to keep.
  }
}

adoptFormerChoice();

export const colorSchemeManager = localStorageColorSchemeManager({ key: KEY });
