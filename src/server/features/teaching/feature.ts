import { apiFeature } from '../../feature';
import { teachingRoutes } from './routes';

/** A teacher's courses and sales. */
export const teachingFeature = apiFeature(teachingRoutes);
