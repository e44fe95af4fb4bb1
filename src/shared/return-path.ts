import { matchPage } from './pages';

/** Any origin will do: it only tells a path of this site from an address elsewhere. */
const probeOrigin = 'https://return-path.invalid';

/**
 * Where the app may send a user back to after signing in: a path of one of its own pages,
 * with its query, or null. Everything else is refused, so `?next=` cannot become an open
 * redirect: other sites (`https://…`, `//host`, `/\host`, which browsers read as `//host`),
 * control characters, a page that does not exist, and /register itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin) return null;
  const page = matchPage(url.pathname)?.page;
  if (!page || page === 'register') return null;
  return `${url.pathname}${url.search}`;
}
