import { z } from 'zod';
import { errorCodes } from './errors';
import { maxDatabaseId } from './limits';

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

/** A row id in a path or query (PostgreSQL's serial integers): digits only, 1 to 2^31 − 1. */
export const databaseId = z.coerce.number().int().positive().max(maxDatabaseId);

/** Route parameters of routes named `/:id`. */
export const idParams = z.object({ id: databaseId });
