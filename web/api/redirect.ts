/**
 * A full page load (not a router navigation) so every in-memory trace of the old session,
 * cached queries included, is dropped. Kept in its own module so tests can replace it:
 * jsdom's window.location cannot be spied on.
 */
export function hardRedirect(path: string): void {
  window.location.assign(path);
}
