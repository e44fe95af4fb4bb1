import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Path segments that are credentials: signed video links (`/api/videos/stream/<token>`,
 * `/api/videos/hls/<token>/…`), the test payment provider's checkout page, and better-auth's
 * reset link (switched off, but still requested by whoever holds an old link).
 */
const SECRET_PATH_SEGMENT = /^((?:https?:\/\/[^/?#]+)?(?:\/api\/videos\/(?:stream|hls)\/|\/test-checkout\/|\/test-onboarding\/|(?:\/api\/auth)?\/reset-password\/))[^/?#]+/i;

/**
 * Query parameters that are credentials: verification, reset and e-mail change links (`token`),
 * a social sign-in's callback (`code`, `state`), a checkout's return (`session_id`).
 */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'code', 'state', 'session_id']);

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * The URL as it may be logged: every credential in it replaced, the route and the rest kept, so
 * that a log (often kept longer and read by more people than the database) hands nobody a
 * session, a reset or a paid video. Names are compared decoded (`%74oken` is `token` to the
 * parser that reads it).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals !== -1 && SECRET_QUERY_PARAMETERS.has(parameterName(pair.slice(0, equals))) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's own request fields for the log, with the URL's credentials taken out. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

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
