import { apiFeature } from '../../feature';
import { progressRoutes } from './progress-routes';

/** Lesson progress. */
export const progressFeature = apiFeature(progressRoutes);
