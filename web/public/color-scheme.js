// Runs before the first paint (index.html loads it synchronously in <head>) so a dark-mode user
// never sees a white flash. An external file because the CSP forbids inline scripts. The key and
// the logic mirror web/shell/colorScheme.ts (Mantine's localStorageColorSchemeManager, "auto"),
// and STORAGE_KEYS.colorScheme, with the former key until the app moves a choice kept there.
(() => {
  try {
    const stored =
      window.localStorage.getItem('stockroom.shell.colorScheme') ??
      window.localStorage.getItem('stockroom-color-scheme');
    const dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    // No storage (private mode, blocked): Mantine decides once it starts.
  }
})();
