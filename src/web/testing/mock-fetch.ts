import { vi } from 'vitest';

/** Requests that reached the fetch stub without a handler; the test setup fails on them. */
export const unmockedRequests: string[] = [];

export type MockHandler = (request: Request) => unknown;

/** A JSON response, for handlers that need a status other than 200. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch with handlers keyed "METHOD /path": `mockFetch({ 'GET /api/auth/get-session': () => null })`.
 * A handler returns a Response, or any value to send as JSON with status 200. Returns the spy,
 * to assert on calls.
 */
export function mockFetch(mocked: Record<string, MockHandler>) {
  const handlers = { ...mocked };
  // The navbar asks for the signed-in user's profile; unless a test says otherwise, it is the
  // session's user with no created courses (a visitor gets 401, as from the server).
  const sessionHandler = mocked['GET /api/auth/get-session'];
  if (sessionHandler && !handlers['GET /api/users/me']) {
    handlers['GET /api/users/me'] = async (request) => {
      const session = await sessionHandler(request);
      const body = session instanceof Response ? await session.clone().json() : session;
      const user = (body as { user?: Record<string, unknown> } | null)?.user;
      if (!user) return jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue' } }, 401);
      return { id: user.id, name: user.name, email: user.email, image: user.image ?? null, isAdmin: Boolean(user.isAdmin), createdCoursesCount: 0 };
    };
  }
  // The header's cart icon counts the signed-in user's courses in the cart: empty unless a test says otherwise.
  if (sessionHandler && !handlers['GET /api/cart']) handlers['GET /api/cart'] = () => ({ items: [], totalCents: 0 });
  // Sign-up and sign-in pages ask which social buttons to show; by default, none.
  handlers['GET /api/auth-providers'] ??= () => ({ google: false, github: false, facebook: false, twitter: false });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://localhost'), init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers[key];
    if (!handler) {
      unmockedRequests.push(key);
      throw new TypeError(`No mock for ${key}`);
    }
    const result = await handler(request);
    return result instanceof Response ? result : jsonResponse(result);
  });
}
