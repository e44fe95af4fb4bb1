import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's path parameters that are credentials (a signed link's token, a payment page's
     * session): never logged nor traced. An endpoint of the table declares them on its entry
     * (`credentialParams`); a route outside the table in its own config.
     */
    credentialParams?: readonly string[];
  }
}

/**
 * Query parameters whose values are credentials, whatever route they reach: verification, reset
 * and e-mail change links (`token`), a social sign-in's callback (`code`, `state`), a checkout's
 * return (`session_id`), a password or key put in a URL by mistake, a presigned URL's signature.
 */
const SECRET_QUERY_NAME = /^(?:code|state|otp|sig|key|nonce|ticket)$|token|passw|pwd|secret|session_?id|signature|credential|verifier|api_?key|auth_?code|x-amz-security/i;

/**
 * A path segment shaped like a random credential: at least 20 URL-safe characters of mixed case
 * with a digit or at least three capitals (base64url, random letters and digits: about one in 70 of
 * better-auth's 24-character tokens has no digit) or a run of 32 hex digits. Only for what
 * no route declares: an unmatched path (a link too long for the router included) and the part of
 * a catch-all route the router does not name (better-auth's endpoints, the web pages). Slugs,
 * file names and numbers are kept.
 */
function tokenShaped(segment: string): boolean {
  if (segment.length < 20 || !/^[\w.~%-]+$/.test(segment)) return false;
  const capitals = segment.match(/[A-Z]/g)?.length ?? 0;
  return (capitals > 0 && /[a-z]/.test(segment) && (/\d/.test(segment) || capitals >= 3)) || /[0-9a-f]{32}/i.test(segment);
}

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * A query string as it may be logged or traced: the value of every secret-like parameter
 * replaced. Names are compared decoded (`%74oken` is `token` to the parser that reads it).
 */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals !== -1 && SECRET_QUERY_NAME.test(parameterName(pair.slice(0, equals))) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
}

const PARAMETER = /:(\w+)/g;

/**
 * A request's path with the segments of its route's credential parameters replaced whole (a
 * signed link's file name is part of what it signs). `route` is the pattern the router matched
 * (`/api/videos/captions/:token/:language`), undefined when none did: then, and past a
 * catch-all's `*`, token-shaped segments go instead.
 */
export function redactPath(path: string, route: string | undefined, credentialParams: readonly string[] = []): string {
  const routeSegments = route?.split('/');
  const wildcard = routeSegments ? routeSegments.findIndex((segment) => segment.includes('*')) : 0;
  return path
    .split('/')
    .map((segment, index) => {
      if (!routeSegments || (wildcard !== -1 && index >= wildcard)) return tokenShaped(segment) ? REDACTED : segment;
      const names = [...(routeSegments[index] ?? '').matchAll(PARAMETER)].map((match) => match[1]!);
      return names.some((name) => credentialParams.includes(name)) ? REDACTED : segment;
    })
    .join('/');
}

const splitUrl = (url: string) => {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? { path: url, query: undefined } : { path: url.slice(0, queryStart), query: url.slice(queryStart + 1) };
};

/**
 * A request's URL as the access log and the traces carry it: the credentials its route declares
 * and every secret-like query value taken out, so that a log or a trace (often kept longer and
 * read by more people than the database) hands nobody a session, a reset or a paid video.
 */
export function loggableRequestUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): { path: string; query: string | undefined } {
  const { path, query } = splitUrl(request.url);
  return {
    path: redactPath(path, request.routeOptions.url, request.routeOptions.config?.credentialParams),
    query: query === undefined ? undefined : redactQuery(query),
  };
}

/**
 * A URL with no route to ask (a link in an e-mail, a value a library logs): secret-like query
 * values and token-shaped path segments taken out.
 */
export function redactUrl(url: string): string {
  const origin = /^https?:\/\/[^/?#]+/i.exec(url)?.[0] ?? '';
  const { path, query } = splitUrl(url.slice(origin.length));
  return `${origin}${redactPath(path, undefined)}${query === undefined ? '' : `?${redactQuery(query)}`}`;
}

/** Fastify's own request fields for the log, with the URL's credentials taken out. */
export const requestLogSerializer = (request: FastifyRequest) => {
  const { path, query } = loggableRequestUrl(request);
  return {
    method: request.method,
    url: query === undefined ? path : `${path}?${query}`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
};

/** Keys whose values are credentials wherever they appear in something logged. */
const SECRET_KEY = /(?:token|^state$|^code$|verifier|password|secret|cookie|authorization)$/i;

/**
 * A value a library asked to log, made safe to keep: values under credential keys replaced, URLs
 * redacted as above, an error reduced to its name, code and message. Bounded in depth, so a
 * cyclic or deep object cannot stall the logger.
 */
export function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return /^(?:https?:\/\/|\/)/.test(value) ? redactUrl(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= 4) return '[…]';
  if (value instanceof Error) {
    const { code } = value as Error & { code?: unknown };
    return { type: value.name, ...(typeof code === 'string' ? { code } : {}), message: value.message };
  }
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redactLogValue(item, depth + 1)]));
}
