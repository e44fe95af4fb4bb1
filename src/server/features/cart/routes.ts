import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId, errorResponse } from '../../../shared/api-schemas';
import { addToCartBody, cartSchema } from '../../../shared/schemas/cart';
import { signedInUser } from '../../auth/access';
import { addToCart, clearCart, getCart, removeFromCart } from './service';

/** The signed-in user's cart. Every query is keyed by the session's user id: nobody reaches another's cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'My cart, priced from the database',
        response: { 200: cartSchema, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return getCart(app.db, user.id);
    },
  );

  app.post(
    '/cart',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'Add a course to my cart',
        description:
          '409 COURSE_ALREADY_IN_CART when it is there already, COURSE_ALREADY_OWNED when bought, COURSE_IS_YOURS when created by me; 404 for an unknown or disabled course.',
        body: addToCartBody,
        response: { 201: cartSchema, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const cart = await addToCart(app.db, user.id, request.body.courseId);
      return reply.status(201).send(cart);
    },
  );

  app.delete(
    '/cart/:courseId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'Remove a course from my cart',
        params: z.object({ courseId: databaseId }),
        response: { 200: cartSchema, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return removeFromCart(app.db, user.id, request.params.courseId);
    },
  );

  app.delete(
    '/cart',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'Empty my cart',
        response: { 200: cartSchema, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return clearCart(app.db, user.id);
    },
  );
};
