import { apiFeature } from '../../feature';
import { cartRoutes } from './cart-routes';

/** The cart. */
export const cartFeature = apiFeature(cartRoutes);
