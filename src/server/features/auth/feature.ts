import { apiFeature } from '../../feature';
import { authProvidersRoutes } from './routes';

/** Which sign-in providers the server offers. */
export const authFeature = apiFeature(authProvidersRoutes);
