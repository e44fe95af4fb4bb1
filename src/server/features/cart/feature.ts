import { apiFeature } from '../../feature';
import { cartRoutes } from './routes';

/** The cart. */
export const cartFeature = apiFeature(cartRoutes);
