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

export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found') => new AppError(code, message);
