import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../shared/endpoints/accounts';
import { cartEndpoints } from '../../shared/endpoints/orders';
import { route } from './route';

function bareApp() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('route', () => {
  it("registers the entry's method and path under the plugin's prefix, with its access and the route's own options", async () => {
    const app = bareApp();
    const seen: { url: string; access: unknown; effects: unknown; bodyLimit: unknown }[] = [];
    app.addHook('onRoute', (options) => {
      seen.push({ url: options.url, access: options.config?.access, effects: options.config?.effects, bodyLimit: options.bodyLimit });
    });
    await app.register(
      async (api) => {
        route(api, cartEndpoints.removeFromCart, async (request) => ({ items: [], listTotalCents: 0, discountCents: 0, totalCents: request.params.courseId, coupon: null }), {
          bodyLimit: 10,
        });
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(seen).toEqual([{ url: '/api/cart/:courseId', access: 'user', effects: [], bodyLimit: 10 }]);
    // The params schema coerces the parameter; the response schema serialises the answer.
    const response = await app.inject({ method: 'DELETE', url: '/api/cart/5' });
    expect(response.json()).toEqual({ items: [], listTotalCents: 0, discountCents: 0, totalCents: 5, coupon: null });
  });

  it("refuses an entry served by the authentication handler, and one outside the plugin's prefix", async () => {
    const app = bareApp();
    expect(() => route(app, authEndpoints.getSession, async () => null)).toThrow('auth-handler');
    await app.register(
      async (admin) => {
        expect(() => route(admin, cartEndpoints.getCart, async () => ({ items: [], listTotalCents: 0, discountCents: 0, totalCents: 0, coupon: null }))).toThrow('outside');
      },
      { prefix: '/api/admin' },
    );
    await app.ready();
  });

  it('refuses an entry with a writing method that does not declare what it changes', async () => {
    const app = bareApp();
    const { effects: _effects, ...undeclared } = cartEndpoints.removeFromCart;
    expect(() => route(app, undeclared, async () => ({ items: [], listTotalCents: 0, discountCents: 0, totalCents: 0, coupon: null }))).toThrow('DELETE /api/cart/:courseId declares no effects');
    // A read needs no declaration.
    route(app, cartEndpoints.getCart, async () => ({ items: [], listTotalCents: 0, discountCents: 0, totalCents: 0, coupon: null }));
    await app.ready();
  });
});
