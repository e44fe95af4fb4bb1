import type { Feature } from '../../feature';
import { emailChangeRoutes } from './email-change-routes';
import { usersRoutes } from './routes';

/** Accounts and profiles, and the e-mail change. */
export const usersFeature: Feature = async (app) => {
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(emailChangeRoutes, { prefix: '/api' });
};
