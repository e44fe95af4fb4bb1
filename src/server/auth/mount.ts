import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, FieldErrors } from '../../shared/errors';
import { errorBody } from '../http/errors-plugin';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth';
import { sessionUser } from './guards';

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

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(`http://${request.hostname || 'localhost'}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, log: FastifyRequest['log']) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status < 400) return reply.send(text || null);

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
  if (response.status >= 500) {
    log.error({ code, message }, 'authentication error');
    return reply.type('application/json').send(errorBody('INTERNAL', 'Something went wrong on our side'));
  }
  const mapped = authErrorCodes[code] ?? (fieldErrorsFor[code] ? 'VALIDATION_FAILED' : statusCodes[response.status] ?? 'BAD_REQUEST');
  const status = mapped === 'EMAIL_TAKEN' ? 409 : response.status;
  return reply
    .status(status)
    .type('application/json')
    .send(errorBody(mapped, message, fields ?? fieldErrorsFor[code]));
}

/**
 * Endpoints that work without a session (or end it): everything else that carries a
 * disabled user's session is refused with ACCOUNT_DISABLED before better-auth runs.
 */
const SESSIONLESS_PATHS = /^\/(sign-in|sign-up|callback|sign-out|ok|error)(\/|$)/;

/**
 * Mounts better-auth under /api/auth. Bodies pass through untouched (better-auth parses
 * them itself), and its errors leave in the API's one error shape.
 */
export async function mountAuth(app: FastifyInstance, auth: Auth) {
  app.addHook('onClose', () => auth.close());
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        // A disabled user's session answers ACCOUNT_DISABLED rather than the user.
        const path = request.url.split('?')[0]!.slice(AUTH_BASE_PATH.length);
        if (!SESSIONLESS_PATHS.test(path)) await sessionUser(request);
        return sendWebResponse(reply, await auth.handler(toWebRequest(request)), request.log);
      },
    });
  });
}
