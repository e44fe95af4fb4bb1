import { apiFeature } from '../../feature';
import { adminRoutes } from './routes';

/** The administration, under /api/admin. */
export const adminFeature = apiFeature(adminRoutes, '/api/admin');
