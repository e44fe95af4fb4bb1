import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Effect } from '../../shared/endpoints/endpoint';

/**
 * What a route's calls may change (see `Effect`): its endpoint's declaration, or, for the one
 * route that serves many endpoints (better-auth's), what the endpoint the router matched declares.
 */
export type RouteEffects = readonly Effect[] | ((request: FastifyRequest) => readonly Effect[]);

declare module 'fastify' {
  interface FastifyContextConfig {
    effects?: RouteEffects;
  }
}

/**
 * Holds the answer of every request whose route declares that it may change `effect` until
 * `catchUp` resolves, so that the caller's next request on this process sees the change. Decided
 * on the route's declaration, never on its URL; attached only to the routes that declare it, so
 * that other requests run no hook for it.
 */
export function catchUpAfterRoutesThatChange(app: FastifyInstance, effect: Effect, catchUp: () => Promise<void>): void {
  app.addHook('onRoute', (route) => {
    const effects = route.config?.effects;
    if (effects === undefined) return;
    let hook: ((request: FastifyRequest) => Promise<void>) | undefined;
    if (typeof effects === 'function') {
      hook = async (request) => {
        if (effects(request).includes(effect)) await catchUp();
      };
    } else if (effects.includes(effect)) {
      hook = async () => {
        await catchUp();
      };
    }
    if (hook) route.onSend = [...[route.onSend ?? []].flat(), hook];
  });
}
