import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ErrorCode, type FieldErrors } from '../../shared/errors';
import { AppError, findErrorCode } from '../errors';

/** Database failures that mean "the database is away", not "this request is wrong". */
const DATABASE_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (findErrorCode(error, (code) => DATABASE_UNAVAILABLE.has(code))) return true;
  // pg's own words for a connection that broke (a transaction's ROLLBACK on it fails with the last).
  for (let current = error as { cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current instanceof Error && /Connection terminated|timeout exceeded when trying to connect|timeout expired|is not queryable/i.test(current.message)) return true;
  }
  return false;
}

/**
 * Database refusals of a value itself, which only client input can carry this far: a NUL
 * character in text (22021), a string that is not of the column's type (22P02), a number out
 * of the column's range (22003), text longer than the column (22001).
 */
const INVALID_INPUT_VALUE = new Set(['22021', '22P02', '22003', '22001']);

const isInvalidInputValue = (error: unknown) => findErrorCode(error, (code) => INVALID_INPUT_VALUE.has(code)) !== undefined;

const codeForStatus = (status: number): ErrorCode => {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
};

export const errorBody = (code: ErrorCode, message: string, fields?: FieldErrors): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/**
 * One error shape for every failure: `{ error: { code, message, fields? } }`.
 * Expected errors keep their message; anything unexpected is logged and masked.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fields[field] ??= []).push(issue.message ?? 'validation.invalid');
      }
      return reply.status(400).send(errorBody('VALIDATION_FAILED', 'Some fields are not valid', fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable, try again shortly'));
    }
    if (isInvalidInputValue(error)) {
      // Answered, not hidden: but a route that lets such a value reach the database should validate it.
      request.log.warn({ err: error }, 'a request value was refused by the database');
      return reply.status(400).send(errorBody('BAD_REQUEST', 'The request holds a value that is not valid'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side'));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type…): safe to describe.
    return reply.status(status).send(errorBody(codeForStatus(status), error.message));
  });
}

export const apiNotFound = (url: string) => errorBody('ROUTE_NOT_FOUND', `No API route ${url.split('?')[0]}`);


/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed percent-encoding, a path
 * parameter past the length limit) answered in the one error shape, with the security headers
 * that the hooks would otherwise have set.
 */
export function answerRouterError(setSecurityHeaders: (request: FastifyRequest['raw'], response: FastifyReply['raw']) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(request.raw, reply.raw);
    const status = error.statusCode === 414 ? 414 : 400;
    const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long' : 'The address is not valid';
    return reply.status(status).send(errorBody('BAD_REQUEST', message));
  };
}

const clientErrorAnswers: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large' },
};

/**
 * Fastify's `clientErrorHandler`: a request that is not valid HTTP (a malformed request line or
 * header, headers too large, too slow to arrive) never reaches the router; it is answered on the
 * socket in the one error shape, with the security headers, and the connection closed.
 */
export function answerClientError(setSecurityHeaders: (request: FastifyRequest['raw'], response: FastifyReply['raw']) => void) {
  const securityHeaders = new Map<string, string>();
  setSecurityHeaders({} as FastifyRequest['raw'], { setHeader: (name: string, value: string) => securityHeaders.set(name, String(value)), removeHeader: () => {} } as unknown as FastifyReply['raw']);
  const headerLines = [...securityHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return (error: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => {
    // A connection reset leaves nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, reason, message } = clientErrorAnswers[error.code ?? ''] ?? { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };
    const body = JSON.stringify(errorBody('BAD_REQUEST', message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\n${headerLines}Cache-Control: no-store\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
