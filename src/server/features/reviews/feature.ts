import { apiFeature } from '../../feature';
import { reviewsRoutes } from './routes';

/** Course reviews. */
export const reviewsFeature = apiFeature(reviewsRoutes);
