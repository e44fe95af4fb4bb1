import { errorResponse } from '../api-schemas';
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
    tags: ['users'],
    summary: 'Change my name and picture (an http or https URL, or empty for none)',
    body: updateProfileSchema,
    responses: { 200: meResponse, 400: errorResponse, 401: errorResponse },
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/language',
    access: 'user',
    tags: ['users'],
    summary: 'The language my e-mails are written in (the web app sends its own when it changes)',
    body: updateLanguageSchema,
    responses: { 200: updateLanguageSchema, 400: errorResponse, 401: errorResponse },
  }),
};
