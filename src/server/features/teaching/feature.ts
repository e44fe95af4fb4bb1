import type { Feature } from '../../feature';
import { curriculumRoutes } from '../curriculum/routes';
import { teachingRoutes } from './routes';

/** A teacher's courses, their curricula and sales. */
export const teachingFeature: Feature = async (app, { videoStorage }) => {
  await app.register(teachingRoutes, { prefix: '/api' });
  await app.register(curriculumRoutes, { prefix: '/api', storage: videoStorage });
};
