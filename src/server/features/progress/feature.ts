import { apiFeature } from '../../feature';
import { progressRoutes } from './routes';

/** Lesson progress. */
export const progressFeature = apiFeature(progressRoutes);
