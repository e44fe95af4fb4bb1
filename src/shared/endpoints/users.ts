import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { emailField } from '../schemas/auth';
import { meResponse, updateLanguageSchema, updateProfileSchema } from '../schemas/users';
import { defineEndpoint } from './endpoint';

/** The signed-in user's own account. */
export const usersEndpoints = {
  getMe: defineEndpoint({
    method: 'GET',
    path: '/api/users/me',
    access: 'user',
    tags: ['users'],
    summary: 'The signed-in user, with how many courses they created',
    responses: { 200: meResponse, 401: errorResponse },
  }),
  updateMe: defineEndpoint({
    method: 'PATCH',
    path: '/api/users/me',
    access: 'user',
    // The name, picture and bio show on the public teacher profile, cached with the catalogue.
    effects: ['sessions', 'catalogue'],
    tags: ['users'],
    summary: 'Change my name, picture (an http or https URL, or empty for none) and bio',
    body: updateProfileSchema,
    responses: { 200: meResponse, 400: errorResponse, 401: errorResponse },
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/language',
    access: 'user',
    effects: ['sessions'],
    tags: ['users'],
    summary: 'The language my e-mails are written in (the web app sends its own when it changes)',
    body: updateLanguageSchema,
    responses: { 200: updateLanguageSchema, 400: errorResponse, 401: errorResponse },
  }),
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/email-change',
    access: 'user',
    effects: ['sessions'],
    tags: ['users'],
    summary: 'Ask to change my e-mail address',
    description:
      'Needs the current password (an account without one: a sign-in in the last 5 minutes). The current address gets a link to approve the change; once approved, the new address gets a link to confirm it, and only then does the address change. Replaces a change under way; a change dies when the password changes, the session that asked for it ends, or after an hour.',
    body: z.object({ newEmail: emailField, currentPassword: z.string().max(200).optional() }),
    responses: { 202: z.object({ newEmail: z.string() }), 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
  approveEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/email-change/approve',
    access: 'public',
    effects: [],
    tags: ['users'],
    summary: "Approve an e-mail change with the approval link's token (mailed to the current address)",
    body: z.object({ token: z.string().min(1).max(200) }),
    responses: { 200: z.object({ newEmail: z.string() }), 400: errorResponse, 429: errorResponse },
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/email-change/confirm',
    access: 'public',
    effects: ['sessions'],
    tags: ['users'],
    summary: "Confirm the new address of an approved e-mail change with its link's token; the address changes",
    body: z.object({ token: z.string().min(1).max(200) }),
    responses: { 200: z.object({ email: z.string() }), 400: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
};
