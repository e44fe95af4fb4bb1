import type { Feature } from '../../feature';
import { curriculumRoutes } from './routes';

/** A course's sections and lessons as its teacher edits them. */
export const curriculumFeature: Feature = async (app, { videoStorage }) => {
  await app.register(curriculumRoutes, { prefix: '/api', storage: videoStorage });
};
