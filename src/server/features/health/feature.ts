import type { Feature } from '../../feature';
import { healthRoutes } from './routes';

/** Liveness and readiness, which ask the database. */
export const healthFeature: Feature = async (app, { database }) => {
  await app.register(healthRoutes, { prefix: '/api', database });
};
