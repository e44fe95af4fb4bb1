import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { contactMessageSchema } from '../schemas/contact';
import { defineEndpoint, optionalSession } from './endpoint';

export const contactEndpoints = {
  sendMessage: defineEndpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    security: optionalSession,
    effects: [],
    tags: ['contact'],
    summary: 'Send a message to the staff (anyone may; a few per address per hour)',
    body: contactMessageSchema,
    responses: { 201: z.object({ id: z.number().int() }), 400: errorResponse, 429: errorResponse },
  }),
};
