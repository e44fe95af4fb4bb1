import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, FieldErrors } from '../../shared/errors';
import { sessions } from '../db/schema';
import { AppError } from '../errors';
import { errorBody } from '../http/errors-plugin';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, SESSION_COOKIE_PREFIX, type Auth } from './auth';
import { authEndpointEffects, isEnabledAuthEndpoint, withoutSessionTokens } from './auth-endpoints';
import { AccountDisabledError, sessionUser } from './guards';

/** better-auth's error codes, in the API's own vocabulary. */
const authErrorCodes: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  USER_NOT_FOUND: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  USER_ALREADY_EXISTS: 'EMAIL_TAKEN',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_TAKEN',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  EXPIRED_ACTION_CODE: 'EXPIRED_ACTION_CODE',
  INVALID_ACTION_CODE: 'INVALID_ACTION_CODE',
  // The verification link's answers.
  TOKEN_EXPIRED: 'EXPIRED_ACTION_CODE',
  INVALID_TOKEN: 'INVALID_ACTION_CODE',
};

const fieldErrorsFor: Record<string, FieldErrors> = {
  INVALID_EMAIL: { email: ['validation.emailInvalid'] },
  PASSWORD_TOO_SHORT: { password: ['validation.passwordLength'] },
  PASSWORD_TOO_LONG: { password: ['validation.passwordLength'] },
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

/**
 * better-auth's paths are plain words and slashes (`sign-in/email`, `callback/google`). Anything
 * else (dot segments, encoded slashes, backslashes) could be re-read by the URL parser as another
 * endpoint than the one the guards below looked at, so it is refused before better-auth sees it.
 */
const AUTH_ENDPOINT = /^[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-_.][a-z0-9]+)*)*$/i;

/**
 * The request better-auth sees: its URL is PUBLIC_URL plus the path the router matched, never
 * the client's Host header or raw spelling, and its client address is the one Fastify resolved.
 */
function toWebRequest(request: FastifyRequest, publicUrl: string, endpoint: string): Request {
  const query = request.url.indexOf('?');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(`${publicUrl}${AUTH_BASE_PATH}/${endpoint}${query === -1 ? '' : request.url.slice(query)}`, {
    method: request.method,
    headers: forwardedHeaders(request, publicUrl),
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

/** The client's headers as better-auth sees them (its Origin and cookies included), with the server's own Host and client address. */
function forwardedHeaders(request: FastifyRequest, publicUrl: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || name === 'host') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.set('host', new URL(publicUrl).host);
  return headers;
}

/**
 * The JSON call of a better-auth endpoint (`sign-in/email`) made for a plain HTML form's post:
 * the same request the web app would send, from the same client (its Origin, cookies, user agent
 * and address), so better-auth's hooks, Origin check, password rules and limits all apply as they do
 * to the app's call.
 */
export function authJsonRequest(request: FastifyRequest, publicUrl: string, endpoint: string, body: Record<string, unknown>): Request {
  const headers = forwardedHeaders(request, publicUrl);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  // A form post of the site's own page names its origin `null` (the pages' Referrer-Policy is
  // no-referrer); the cross-site check let it through on `Sec-Fetch-Site: same-origin`, so
  // better-auth is told the origin that header vouches for.
  if (headers.get('origin') === 'null' && headers.get('sec-fetch-site') === 'same-origin') headers.set('origin', new URL(publicUrl).origin);
  return new Request(`${publicUrl}${AUTH_BASE_PATH}/${endpoint}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

export type AuthFailure = { status: number; code: ErrorCode; message: string; fields?: FieldErrors };

/** A failed better-auth answer (status 400 and up) in the API's vocabulary: the code, status and field errors the app's call gets. */
export function authFailure(status: number, text: string): AuthFailure {
  let code = 'UNKNOWN';
  let message = 'Request failed';
  let fields: FieldErrors | undefined;
  try {
    const body = JSON.parse(text) as { code?: string; message?: string; fields?: FieldErrors };
    code = body.code ?? code;
    message = body.message ?? message;
    fields = body.fields;
  } catch {
    // A plain-text error (the rate limiter answers in text).
  }
  if (status >= 500) return { status: 500, code: 'INTERNAL', message };
  const mapped = authErrorCodes[code] ?? (fieldErrorsFor[code] ? 'VALIDATION_FAILED' : statusCodes[status] ?? 'BAD_REQUEST');
  const mappedStatus = mapped === 'EMAIL_TAKEN' ? 409 : mapped === 'EXPIRED_ACTION_CODE' || mapped === 'INVALID_ACTION_CODE' ? 400 : status;
  return { status: mappedStatus, code: mapped, message, fields: fields ?? fieldErrorsFor[code] };
}

/** better-auth's cookies on its answer (the session's), to be set on whatever the server answers instead. */
export const authCookies = (response: Response): string[] => response.headers.getSetCookie();

async function sendWebResponse(reply: FastifyReply, response: Response, log: FastifyRequest['log']) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  // better-auth's own limiter names the wait only in X-Retry-After; clients and proxies read the standard header.
  const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
  if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);

  const text = await response.text();
  if (response.status < 400) {
    if (!text || !response.headers.get('content-type')?.includes('application/json')) return reply.send(text || null);
    return reply.send(JSON.stringify(withoutSessionTokens(JSON.parse(text))));
  }

  const failure = authFailure(response.status, text);
  if (failure.code === 'INTERNAL') {
    log.error({ status: response.status, message: failure.message }, 'authentication error');
    return reply.type('application/json').send(errorBody('INTERNAL', 'Something went wrong on our side'));
  }
  return reply.status(failure.status).type('application/json').send(errorBody(failure.code, failure.message, failure.fields));
}

/**
 * Mounts better-auth under /api/auth. Bodies pass through untouched (better-auth parses
 * them itself), and its errors leave in the API's one error shape.
 */
export async function mountAuth(app: FastifyInstance, auth: Auth, { publicUrl, secureCookies }: { publicUrl: string; secureCookies: boolean }) {
  const expiredSessionCookie = `${secureCookies ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
  app.addHook('onClose', () => auth.close());
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      // better-auth decides who may call each of its endpoints; what each may change is declared
      // on its entry, found from the endpoint the router matched.
      config: { access: 'public', optionalSession: true, effects: (request) => authEndpointEffects(request.method, (request.params as { '*'?: string })['*'] ?? '') },
      schema: { hide: true },
      handler: async (request, reply) => {
        const endpoint = (request.params as { '*'?: string })['*'] ?? '';
        if (!AUTH_ENDPOINT.test(endpoint) || !isEnabledAuthEndpoint(endpoint)) throw new AppError('NOT_FOUND', 'No such authentication endpoint');
        // A disabled account reaches no endpoint, sign-out included: its sessions end here instead,
        // and the browser is told to forget the cookie.
        try {
          await sessionUser(request);
        } catch (error) {
          if (error instanceof AccountDisabledError) {
            await app.db.delete(sessions).where(eq(sessions.userId, error.userId));
            reply.header('set-cookie', expiredSessionCookie);
          }
          throw error;
        }
        return sendWebResponse(reply, await auth.handler(toWebRequest(request, publicUrl, endpoint)), request.log);
      },
    });
  });
}
