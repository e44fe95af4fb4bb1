import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { defineEndpoint } from './endpoint';

const mailboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      language: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      link: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** Served only by a development server without SMTP_URL, and only to this machine. */
export const devMailboxEndpoints = {
  getDevMailbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/mailbox',
    // No account can read it: it answers only this machine, and only on a development server.
    access: 'public',
    tags: ['development'],
    summary: 'The newest 50 e-mails of the outbox (development servers without SMTP_URL only; from this machine only)',
    responses: { 200: mailboxResponse, 404: errorResponse },
  }),
};
