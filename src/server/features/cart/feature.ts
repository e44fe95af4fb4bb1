import { apiFeature } from '../../http/feature';
import { cartRoutes } from './routes';

/** The cart. */
export const cartFeature = apiFeature(cartRoutes);
