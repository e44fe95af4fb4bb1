import { z } from 'zod';
import { errorCodes } from './errors';

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
