/**
 * Where sign-in returns to. The login page carries it as `?next=` (a query survives a reload and
 * the full page load after a session ends), and only a path of this app is ever followed: an
 * address that leaves the site would make the login page an open redirect.
 */

const LOGIN = '/login';
const HOME = '/';

const unsafeChar = (c: string) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * The path to follow after sign-in, or home. It must be one path on this origin: a single leading
 * slash (`//host` and `/\host` name another host to a browser), no control characters (a browser
 * drops tabs and newlines, which would turn `/\t/host` into `//host`), and not the login page.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !/^\/(?![/\\])/.test(next) || [...next].some(unsafeChar)) return HOME;
  let url: URL;
  try {
    url = new URL(next, 'http://app.invalid');
  } catch {
    return HOME;
  }
  if (url.origin !== 'http://app.invalid' || url.pathname === LOGIN) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address for a visitor who asked for `path` (path + search); home needs no note. */
export function loginPathFor(path: string): string {
  const next = safeReturnPath(path);
  return next === HOME ? LOGIN : `${LOGIN}?next=${encodeURIComponent(next)}`;
}

/** The `next` of the login page's query, made safe. */
export const returnPathFrom = (search: string): string =>
  safeReturnPath(new URLSearchParams(search).get('next'));
