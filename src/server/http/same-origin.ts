import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type SameOriginOptions = {
  /** The one origin the web app is served from (PUBLIC_URL). */
  publicUrl: string;
  /** The session cookie's prefix: the cookie is `<prefix>.session_token`, `__Secure-` first under https. */
  sessionCookiePrefix: string;
  /**
   * Declared route URLs that keep their own protection: the payment webhook (server to
   * server, signed) and better-auth's pass-through (it checks Origin itself).
   */
  exemptRoutes: string[];
  /**
   * The prefix of the routes that take plain HTML form posts (`/api/forms/`): refused from another
   * site whether or not the session cookie comes along. Without a cookie there is still harm to do:
   * a forged sign-in puts the victim in the forger's account (whatever they then buy or write is
   * the forger's to read), and a forged contact post spends the victim's allowance.
   */
  formRoutePrefix?: string;
};

function carriesSessionCookie(request: FastifyRequest, cookieName: RegExp): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((pair) => cookieName.test(pair.split('=')[0]!.trim()));
}

/**
 * Refuses a state-changing API request that a browser sent from another site with the
 * session cookie attached (cross-site request forgery), with 403 CROSS_SITE_REQUEST.
 *
 * A browser names the page that made a request in `Sec-Fetch-Site`, and in `Origin` on
 * every POST, PUT, PATCH and DELETE: either one saying "another site" is enough to refuse.
 * The SameSite=Lax cookie already keeps most browsers from attaching the session to such a
 * request; this check does not rely on that. Requests without the cookie (visitors, bearer
 * tokens of non-browser clients) have no ambient credential to abuse and pass untouched,
 * as do requests that name no origin at all, which browsers do not send cross-site.
 */
export function registerSameOriginCheck(app: FastifyInstance, options: SameOriginOptions) {
  const allowedOrigin = new URL(options.publicUrl).origin;
  const prefix = options.sessionCookiePrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const cookieName = new RegExp(`^(__Secure-)?${prefix}\\.session_token$`);
  const exempt = new Set(options.exemptRoutes);

  // A callback hook, not an async one: it runs on every request, and most pass at the first test.
  app.addHook('onRequest', (request, _reply, done) => {
    // Decided on the route the router matched, never on the URL as the client spelled it: the
    // router decodes `/%61pi/cart` to the `/api/cart` route, while the raw URL does not start with /api/.
    const route = request.routeOptions.url;
    if (!STATE_CHANGING.has(request.method) || route === undefined || !route.startsWith('/api/') || exempt.has(route)) {
      done();
      return;
    }
    const formRoute = options.formRoutePrefix !== undefined && route.startsWith(options.formRoutePrefix);
    if (!formRoute && !carriesSessionCookie(request, cookieName)) {
      done();
      return;
    }
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    // The pages are served with `Referrer-Policy: no-referrer`, under which a browser names the origin
    // of its own form posts `null`; `Sec-Fetch-Site`, which no page can set, then says whose page it was.
    const ownFormPost = formRoute && origin === 'null' && fetchSite === 'same-origin';
    const crossSite = fetchSite === 'cross-site' || fetchSite === 'same-site' || (origin !== undefined && origin !== allowedOrigin && !ownFormPost);
    done(crossSite ? new AppError('CROSS_SITE_REQUEST', 'Requests from another site may not use this session') : undefined);
  });
}
