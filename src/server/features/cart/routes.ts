import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartEndpoints } from '../../../shared/endpoints/cart';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { couponEndpoints } from '../../../shared/endpoints/coupons';
import { addToCart, applyCartCoupon, clearCart, getCart, removeCartCoupon, removeFromCart } from './service';

/** The signed-in user's cart. Every query is keyed by the session's user id: nobody reaches another's cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, cartEndpoints.getCart, async (request) => getCart(app.db, signedInUser(request).id));

  route(app, cartEndpoints.addToCart, async (request, reply) => {
    const cart = await addToCart(app.db, signedInUser(request).id, request.body.courseId);
    return reply.status(201).send(cart);
  });

  route(app, cartEndpoints.removeFromCart, async (request) => removeFromCart(app.db, signedInUser(request).id, request.params.courseId));

  route(app, cartEndpoints.clearCart, async (request) => clearCart(app.db, signedInUser(request).id));

  route(app, couponEndpoints.applyCartCoupon, async (request) => applyCartCoupon(app.db, signedInUser(request).id, request.body.code));

  route(app, couponEndpoints.removeCartCoupon, async (request) => removeCartCoupon(app.db, signedInUser(request).id));
};
