import { z } from 'zod';
import { databaseId, errorResponse } from '../api-schemas';
import { addToCartBody, cartSchema } from '../schemas/cart';
import { defineEndpoint } from './endpoint';

/** The signed-in user's cart. */
export const cartEndpoints = {
  getCart: defineEndpoint({
    method: 'GET',
    path: '/api/cart',
    access: 'user',
    tags: ['cart'],
    summary: 'My cart, priced from the database',
    responses: { 200: cartSchema, 401: errorResponse },
  }),
  addToCart: defineEndpoint({
    method: 'POST',
    path: '/api/cart',
    access: 'user',
    effects: [],
    tags: ['cart'],
    summary: 'Add a course to my cart',
    description:
      '409 COURSE_ALREADY_IN_CART when it is there already, COURSE_ALREADY_OWNED when bought, COURSE_IS_YOURS when created by me; 404 for an unknown or disabled course.',
    body: addToCartBody,
    responses: { 201: cartSchema, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  removeFromCart: defineEndpoint({
    method: 'DELETE',
    path: '/api/cart/:courseId',
    access: 'user',
    effects: [],
    tags: ['cart'],
    summary: 'Remove a course from my cart',
    params: z.object({ courseId: databaseId }),
    responses: { 200: cartSchema, 400: errorResponse, 401: errorResponse },
  }),
  clearCart: defineEndpoint({
    method: 'DELETE',
    path: '/api/cart',
    access: 'user',
    effects: [],
    tags: ['cart'],
    summary: 'Empty my cart',
    responses: { 200: cartSchema, 401: errorResponse },
  }),
};
