import type { Feature } from '../../feature';
import { teachingRoutes } from './routes';

/** A teacher's courses and sales. */
export const teachingFeature: Feature = async (app) => {
  await app.register(teachingRoutes, { prefix: '/api' });
};
