import { z } from 'zod';
import { errorCodes } from './errors';
import { maxDatabaseId, wholeNumberPattern } from './limits';

/** The body of every failed API call. */
export const errorResponse = z
  .object({
    error: z.object({
      code: z.enum(errorCodes as [string, ...string[]]),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .meta({ id: 'Error' });

export const okResponse = z.object({ ok: z.literal(true) });

/** The metadata key under which `mediaAnswer` names its content types, for the OpenAPI document. */
export const CONTENT_TYPES_META_KEY = 'x-content-types';

/**
 * An answer whose body is a file (a video, a playlist, a picture), not JSON: the OpenAPI
 * document declares it as binary, sent as one of these content types.
 */
export const mediaAnswer = (contentTypes: readonly [string, ...string[]]) => z.unknown().meta({ [CONTENT_TYPES_META_KEY]: contentTypes });

/** The metadata key under which `withAnswerHeaders` names an answer's headers, for the OpenAPI document. */
export const ANSWER_HEADERS_META_KEY = 'x-answer-headers';

/** An answer that carries these headers (by name, each with what it says), for the OpenAPI document. */
export const withAnswerHeaders = <S extends z.ZodType>(schema: S, headers: Record<string, string>): S => schema.meta({ [ANSWER_HEADERS_META_KEY]: headers });

/** A whole number in [min, max] in a path or query parameter, written as `wholeNumberPattern` says (`12`, not `+12`, `1.2e1` or `0xc`). */
export const urlWholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(String(max).length)
    .regex(wholeNumberPattern)
    .describe(`A whole number from ${min} to ${max}, in plain digits`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A row id in a path or query (PostgreSQL's serial integers): digits only, 1 to 2^31 − 1. */
export const databaseId = urlWholeNumber(1, maxDatabaseId);

/** Route parameters of routes named `/:id`. */
export const idParams = z.object({ id: databaseId });
