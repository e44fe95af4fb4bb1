import { errorStatus, type ErrorCode, type FieldErrors } from '../shared/errors';

/** An expected failure: leaves the API as `{ error: { code, message } }` with the code's status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

/**
 * The first `code` along an error's causes that `matches` accepts: drivers' codes
 * (PostgreSQL's SQLSTATE, Node's ECONNRESET) arrive wrapped by drizzle and pg.
 */
export function findErrorCode(error: unknown, matches: (code: string) => boolean): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === 'string' && matches(current.code)) return current.code;
  }
  return undefined;
}

/** PostgreSQL's SQLSTATE of a failed query (e.g. 23505 for a unique violation), if it was one. */
export const pgErrorCode = (error: unknown) => findErrorCode(error, (code) => /^[0-9A-Z]{5}$/.test(code));
