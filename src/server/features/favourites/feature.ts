import { apiFeature } from '../../feature';
import { favouritesRoutes } from './routes';

/** Favourite courses. */
export const favouritesFeature = apiFeature(favouritesRoutes);
