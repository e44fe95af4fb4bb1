import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/api-schemas';
import { meResponse, updateLanguageSchema, updateProfileSchema } from '../../../shared/schemas/users';
import { signedInUser } from '../../auth/access';
import { getMe, setLanguage, updateProfile } from './service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with how many courses they created',
        response: { 200: meResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return getMe(app.db, user);
    },
  );

  app.patch(
    '/users/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Change my name and picture (an http or https URL, or empty for none)',
        body: updateProfileSchema,
        response: { 200: meResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return updateProfile(app.db, user, request.body);
    },
  );

  app.put(
    '/users/me/language',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The language my e-mails are written in (the web app sends its own when it changes)',
        body: updateLanguageSchema,
        response: { 200: updateLanguageSchema, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      return setLanguage(app.db, signedInUser(request), request.body);
    },
  );
};
