import { apiFeature } from '../../http/feature';
import { teachingRoutes } from './routes';

/** A teacher's courses and sales. */
export const teachingFeature = apiFeature(teachingRoutes);
