import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where the user's light/dark choice is kept. Until they pick one the app follows the system
 * setting ("auto"). web/public/color-scheme.js reads the same key before the first paint.
 */
const COLOR_SCHEME_KEY = 'stockroom-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
