import { z } from 'zod';
import { errorResponse, idParams, okResponse } from '../api-schemas';
import { adminPageQuery, pageOf } from '../schemas/admin';
import { contactMessage, contactMessageSchema } from '../schemas/contact';
import { readErrors } from './admin';
import { defineEndpoint, optionalSession } from './endpoint';
import { formField, formPost, redirects } from './form-post';

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

/** The contact messages as the admin reads them, under /api/admin: admins only. */
export const adminMessageEndpoints = {
  getMessages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/messages',
    access: 'admin',
    tags: ['admin'],
    summary: 'The contact messages, newest first',
    query: adminPageQuery,
    responses: { 200: pageOf(contactMessage), ...readErrors },
  }),
  deleteMessage: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/messages/:id',
    access: 'admin',
    effects: ['catalogue', 'sessions'],
    tags: ['admin'],
    summary: 'Delete a contact message',
    params: idParams,
    responses: { 200: okResponse, ...readErrors },
  }),
};

/** The contact form's plain HTML post, as the account forms' (src/shared/endpoints/accounts.ts). */
export const contactFormEndpoints = {
  contactForm: defineEndpoint({
    ...formPost,
    path: '/api/forms/contact',
    security: optionalSession,
    effects: [],
    summary: 'Send a message to the staff from the HTML form',
    description: `${redirects} Success comes back to the contact page saying the message was sent.`,
    body: z.object({ email: formField(1000), name: formField(1000), message: formField(5000) }),
  }),
};
