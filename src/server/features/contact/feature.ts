import type { Feature } from '../../feature';
import { adminMessageRoutes } from './admin-routes';
import { contactRoutes } from './routes';

/** The contact form, and the messages as the admin reads them. */
export const contactFeature: Feature = async (app) => {
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(adminMessageRoutes, { prefix: '/api/admin' });
};
