import type { Feature } from '../../feature';
import { adminUserRoutes } from './admin-routes';
import { emailChangeRoutes } from './email-change-routes';
import { authFormRoutes } from './form-routes';
import { usersRoutes } from './routes';
import { authProvidersRoutes } from './sign-in-providers-routes';

/**
 * Accounts: which sign-in providers the server offers, the sign-in, sign-up and reset forms
 * posted without JavaScript, profiles, the e-mail change, and the admin's management of accounts.
 */
export const accountsFeature: Feature = async (app) => {
  await app.register(authProvidersRoutes, { prefix: '/api' });
  // A scope of their own: only these routes read form posts.
  await app.register(authFormRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(emailChangeRoutes, { prefix: '/api' });
  await app.register(adminUserRoutes, { prefix: '/api/admin' });
};
