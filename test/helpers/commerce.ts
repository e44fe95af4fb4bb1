import type { App } from '../../src/server/app';
import { TEST_ORIGIN } from './app';

/** Commerce requests of a signed-in test user; the rows they need come from src/server/db/factories.ts. */

/** Headers of a signed-in user's JSON request. */
export const as = (user: { cookie: string }) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

export async function addToCart(app: App, user: { cookie: string }, courseId: number) {
  const response = await app.inject({ method: 'POST', url: '/api/cart', headers: as(user), payload: { courseId } });
  if (response.statusCode !== 201) throw new Error(`add to cart failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function checkout(app: App, user: { cookie: string }, payload: object = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/checkout', headers: as(user), payload });
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json() as { orderId: string; url: string };
}
