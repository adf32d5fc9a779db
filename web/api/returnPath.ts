/**
 * Where sign-in returns to. The login page carries it as `?next=` (a query survives a reload and
 * the full page load after a session ends), and only a path of this app is ever followed: an
 * address that leaves the site would make the login page an open redirect.
 */

const LOGIN = '/login';
const HOME = '/';
const ORIGIN = 'http://app.invalid';
/** One leading slash: `//host` and `/\\host` name another host to a browser. */
const singleSlash = /^\/(?![/\\])/;

const unsafeChar = (c: string) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * The path to follow after sign-in, or home. What counts is the path a browser would follow once
 * it has resolved the text (`/.//host` resolves to `//host`, which names another host), so the
 * text is resolved first and the result judged: this origin, a pathname with a single leading
 * slash (before and after decoding), and not the login page. The text must start as a path too, with no control characters
 * (a browser drops tabs and newlines, which would turn `/\t/host` into `//host`).
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || [...next].some(unsafeChar)) return HOME;
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return HOME;
  }
  if (url.origin !== ORIGIN || url.pathname === LOGIN) return HOME;
  // The router matches the decoded pathname, so `/%2F%2Fhost` must pass as decoded text too.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return HOME;
  }
  if (!singleSlash.test(url.pathname) || !singleSlash.test(decoded) || [...decoded].some(unsafeChar))
    return HOME;
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
