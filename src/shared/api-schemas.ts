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
