import { apiFeature } from '../../feature';
import { authFormRoutes } from './form-routes';
import { authProvidersRoutes } from './sign-in-providers-routes';

/** Which sign-in providers the server offers, and the sign-in, sign-up and reset forms posted without JavaScript. */
export const authFeature = apiFeature(async (app) => {
  await app.register(authProvidersRoutes);
  // A scope of their own: only these routes read form posts.
  await app.register(authFormRoutes);
});
