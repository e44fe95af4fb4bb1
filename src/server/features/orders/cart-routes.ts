import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartEndpoints } from '../../../shared/endpoints/orders';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { couponEndpoints } from '../../../shared/endpoints/coupons';
import { countCouponAttempt, CouponAttemptsLimitedError } from '../coupons';
import { addToCart, applyCartCoupon, clearCart, getCart, removeCartCoupon, removeFromCart } from './cart';

/** The signed-in user's cart. Every query is keyed by the session's user id: nobody reaches another's cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, cartEndpoints.getCart, async (request) => getCart(app.db, signedInUser(request).id));

  route(app, cartEndpoints.addToCart, async (request, reply) => {
    const cart = await addToCart(app.db, signedInUser(request).id, request.body.courseId);
    return reply.status(201).send(cart);
  });

  route(app, cartEndpoints.removeFromCart, async (request) => removeFromCart(app.db, signedInUser(request).id, request.params.courseId));

  route(app, cartEndpoints.clearCart, async (request) => clearCart(app.db, signedInUser(request).id));

  // The one place a buyer hands the server a code (typed in the cart, or kept from a `?cupon=`
  // link); checkout and the cart read only the code kept here.
  route(app, couponEndpoints.applyCartCoupon, async (request, reply) => {
    const user = signedInUser(request);
    try {
      await countCouponAttempt(app.auth.counter, app.config.couponAttempts, { userId: user.id, clientAddress: request.ip });
    } catch (error) {
      if (error instanceof CouponAttemptsLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    return applyCartCoupon(app.db, user.id, request.body.code);
  });

  route(app, couponEndpoints.removeCartCoupon, async (request) => removeCartCoupon(app.db, signedInUser(request).id));
};
