import { apiFeature } from '../../http/feature';
import { adminRoutes } from './routes';

/** The administration, under /api/admin. */
export const adminFeature = apiFeature(adminRoutes, '/api/admin');
