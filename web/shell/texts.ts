/** Texts of the signed-in shell and the app-wide screens (titles, skip link, route errors). */
export const SHELL_TEXT = {
  appName: 'Stockroom',
  skipToContent: 'Skip to content',
  switchToDark: 'Switch to dark mode',
  switchToLight: 'Switch to light mode',
} as const;

/** The tab title of a screen: "Products · Stockroom". */
export const documentTitle = (screen?: string) =>
  screen ? `${screen} · ${SHELL_TEXT.appName}` : SHELL_TEXT.appName;

export const ROUTE_ERROR_TEXT = {
  staleTitle: 'Reload to get the latest version',
  staleText: 'This screen could not be loaded: Stockroom was updated, or the connection dropped.',
  failedTitle: 'Something went wrong',
  failedText: 'This screen stopped working. Reloading usually helps; your saved work is safe.',
  reload: 'Reload',
  home: 'Go to the dashboard',
} as const;
