import { vi } from 'vitest';
import type { Endpoint, EndpointInput, EndpointParams, EndpointResponse } from '../../shared/endpoints/endpoint';
import { endpoints, type EndpointName, type Endpoints } from '../../shared/endpoints/endpoint-table';

/** Requests that reached the fetch stub without a handler; the test setup fails on them. */
export const unmockedRequests: string[] = [];

export type MockHandler = (request: Request) => unknown;

/** A JSON response, for handlers that need a status other than 200. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The mock's key of an endpoint: `"GET /api/cart/:courseId"`. */
const routeKey = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** A key's path as a pattern: its `:params` match one path segment each. */
const keyPattern = (key: string) => new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/**
 * Replaces fetch with handlers keyed "METHOD /path" (a `:param` matches any one segment):
 * `mockFetch({ 'GET /api/auth/get-session': () => null })`. A handler returns a Response, or
 * any value to send as JSON with status 200. Returns the spy, to assert on calls. Prefer
 * `mockApi`, which types each handler by its endpoint.
 */
export function mockFetch(mocked: Record<string, MockHandler>) {
  const handlers = { ...mocked };
  const sessionKey = routeKey(endpoints.getSession);
  const meKey = routeKey(endpoints.getMe);
  const cartKey = routeKey(endpoints.getCart);
  // The navbar asks for the signed-in user's profile; unless a test says otherwise, it is the
  // session's user with no created courses (a visitor gets 401, as from the server).
  const sessionHandler = mocked[sessionKey];
  if (sessionHandler && !handlers[meKey]) {
    handlers[meKey] = async (request) => {
      const session = await sessionHandler(request);
      const body = session instanceof Response ? await session.clone().json() : session;
      const user = (body as { user?: Record<string, unknown> } | null)?.user;
      if (!user) return jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue' } }, 401);
      return { id: user.id, name: user.name, email: user.email, image: user.image ?? null, isAdmin: Boolean(user.isAdmin), createdCoursesCount: 0 };
    };
  }
  // The header's cart icon counts the signed-in user's courses in the cart: empty unless a test says otherwise.
  if (sessionHandler && !handlers[cartKey]) handlers[cartKey] = () => ({ items: [], listTotalCents: 0, discountCents: 0, totalCents: 0, coupon: null });
  // The video player asks for a signed-in learner's remembered speed and captions: the defaults unless a test says otherwise.
  handlers[routeKey(endpoints.getPlayerSettings)] ??= () => ({ playbackRate: 1, captionLanguage: null });
  // The home page, where many flows land, asks for its figures and categories: none unless a test says otherwise.
  handlers[routeKey(endpoints.getCatalogStats)] ??= () => ({ students: 0, courses: 0, ratingAverage: 0, ratingCount: 0 });
  handlers[routeKey(endpoints.getCategories)] ??= () => ({ items: [] });
  // Sign-up and sign-in pages ask which social buttons to show; by default, none.
  handlers[routeKey(endpoints.getAuthProviders)] ??= () => ({ google: false, github: false, facebook: false, twitter: false });
  const patterns = Object.keys(handlers)
    .filter((key) => key.includes(':'))
    .map((key) => ({ pattern: keyPattern(key), handler: handlers[key]! }));
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://localhost'), init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers[key] ?? patterns.find(({ pattern }) => pattern.test(key))?.handler;
    if (!handler) {
      unmockedRequests.push(key);
      throw new TypeError(`No mock for ${key}`);
    }
    const result = await handler(request);
    return result instanceof Response ? result : jsonResponse(result);
  });
}

/** What a typed handler receives: the path parameters parsed by the endpoint's schema, the query, the body sent. */
export type ApiMockRequest<E extends Endpoint> = {
  params: EndpointParams<E>;
  query: URLSearchParams;
  body: EndpointInput<E>['body'];
  request: Request;
};

type Awaitable<T> = T | Promise<T>;

/** A handler answers the endpoint's success response (sent as JSON, status 200), or any Response (an error, another status). */
export type ApiMockHandler<E extends Endpoint> = (input: ApiMockRequest<E>) => Awaitable<EndpointResponse<E> | Response>;

export type ApiMocks = { [Name in EndpointName]?: ApiMockHandler<Endpoints[Name]> };

async function readJson(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Replaces fetch with handlers keyed by endpoint name, each typed by the endpoint:
 * `mockApi({ getCart: () => ({ items: [], totalCents: 0 }), removeFromCart: ({ params }) => … })`.
 * `others` mocks what the table does not name (keys "METHOD /path"). Unmocked requests fail
 * the test, as with `mockFetch`. Returns the fetch spy.
 */
export function mockApi(mocks: ApiMocks, others: Record<string, MockHandler> = {}) {
  const handlers: Record<string, MockHandler> = {};
  for (const [name, handle] of Object.entries(mocks) as [EndpointName, ApiMockHandler<Endpoint> | undefined][]) {
    if (!handle) continue;
    const endpoint: Endpoint = endpoints[name];
    const pattern = new RegExp(`^${endpoint.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);
    handlers[routeKey(endpoint)] = async (request) => {
      const url = new URL(request.url);
      const raw = Object.fromEntries(Object.entries(pattern.exec(url.pathname)?.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]));
      const params = (endpoint.params ? endpoint.params.parse(raw) : {}) as EndpointParams<Endpoint>;
      return handle({ params, query: url.searchParams, body: (await readJson(request)) as never, request });
    };
  }
  return mockFetch({ ...others, ...handlers });
}

export type FetchSpy = ReturnType<typeof mockFetch>;

/**
 * The requests the fetch spy saw for an endpoint (whatever its parameters), each with its
 * URL and the JSON body it sent, typed as the endpoint's input:
 * `expect(requestsTo(fetchSpy, endpoints.addToCart).map((sent) => sent.body)).toEqual([{ courseId: 42 }])`.
 */
export function requestsTo<E extends Endpoint>(spy: FetchSpy, endpoint: E): { url: string; body: EndpointInput<E>['body'] }[] {
  const pattern = keyPattern(endpoint.path);
  return spy.mock.calls.flatMap(([input, init]) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== endpoint.method || !pattern.test(new URL(url, 'http://localhost').pathname)) return [];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as EndpointInput<E>['body']) : undefined;
    return [{ url, body: body as EndpointInput<E>['body'] }];
  });
}
