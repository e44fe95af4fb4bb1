import type { z } from 'zod';

/**
 * Who may call an endpoint:
 * - `public`: anyone; the route may still look at the session for what it shows;
 * - `user`: a signed-in, enabled account;
 * - `admin`: an admin;
 * - `course-manager`: the owner of the course named by the route's `:id`, or an admin.
 */
export const accessLevels = ['public', 'user', 'admin', 'course-manager'] as const;
export type Access = (typeof accessLevels)[number];

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The methods that may change something: each endpoint with one declares its `effects`. */
export const writingMethods: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a call may change that this process keeps a copy of, and must catch up with before the
 * caller's next request (the answer waits for it):
 * - `catalogue`: courses, categories or subcategories (what bumps the catalogue's version);
 * - `sessions`: a session, or the account a session stands for (name, e-mail, role, disabled, password).
 */
export const effectKinds = ['catalogue', 'sessions'] as const;
export type Effect = (typeof effectKinds)[number];

/**
 * One API endpoint as data. The server registers its route from it (method, url, schemas,
 * access); the web app builds its requests and reads its answers' types from it.
 */
export type Endpoint = {
  method: HttpMethod;
  /** The full path in Fastify's form: `/api/cart/:courseId`. */
  path: string;
  access: Access;
  /**
   * `auth-handler`: served by the authentication library's one catch-all route under
   * `/api/auth/*`, which decides who may call it; the server registers no route for it, and
   * its schemas describe what the web app sends and reads.
   */
  servedBy?: 'auth-handler';
  /**
   * What a call may change (see `Effect`); `[]` when neither. Required of every endpoint with a
   * writing method, and of every one the authentication library serves (its links change
   * accounts with GET).
   */
  effects?: readonly Effect[];
  params?: z.ZodType;
  /**
   * The path parameters that are credentials (a signed link's token): whoever reads them may use
   * them. The access log and the traces leave them out, from this declaration alone.
   */
  credentialParams?: readonly string[];
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's media types, when not JSON (a plain HTML form's `application/x-www-form-urlencoded`). */
  consumes?: readonly string[];
  headers?: z.ZodType;
  /** The answer's schema by status; the 2xx ones are what a successful call returns. */
  responses: Partial<Record<number, z.ZodType>>;
  tags: string[];
  summary: string;
  description?: string;
  /** OpenAPI security requirements, when they say more than the access does. */
  security?: Record<string, string[]>[];
};

/**
 * The `security` of a public endpoint that also looks at who asks when someone is signed in (a
 * disabled course its owner may still see, the caller's own review): anyone, or the session
 * cookie, or a bearer token. The server refuses to read the session on a public route whose
 * entry does not declare it (auth/guards.ts), so the document cannot leave it out.
 */
export const optionalSession: Record<string, string[]>[] = [{}, { cookie: [] }, { bearer: [] }];

/** True when the security requirements admit a caller without credentials beside signed-in ones. */
export const declaresOptionalSession = (security: readonly Record<string, string[]>[] | undefined): boolean =>
  security !== undefined && security.some((requirement) => Object.keys(requirement).length === 0) && security.length > 1;

/** Keeps an endpoint's literal types (path, method, schemas) while checking its shape. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** The schemas of an endpoint's successful answers. */
type SuccessSchemas<E extends Endpoint> = {
  [S in keyof E['responses']]: S extends SuccessStatus ? E['responses'][S] : never;
}[keyof E['responses']];

/** What a successful call of the endpoint answers, as parsed JSON. */
export type EndpointResponse<E extends Endpoint> = SuccessSchemas<E> extends infer S ? (S extends z.ZodType ? z.output<S> : never) : never;

type SchemaAt<E, Key extends string> = E extends { [K in Key]: infer Schema extends z.ZodType } ? Schema : undefined;

/**
 * What a call sends. Path parameters are the parsed values (numbers, ids); the query is the
 * parsed values too, each optional (the server fills in defaults, and coercing schemas accept
 * anything as input); the body is what its schema accepts.
 */
type InputPart<Key extends string, Value, Has> = Has extends true ? { [K in Key]: Value } : { [K in Key]?: never };
type Present<Schema> = Schema extends z.ZodType ? true : false;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;

/** What a call of the endpoint sends: `params`, `query` and `body`, each only when the endpoint has one. */
export type EndpointInput<E extends Endpoint> = InputPart<'params', Output<SchemaAt<E, 'params'>>, Present<SchemaAt<E, 'params'>>> &
  InputPart<'query', Partial<Output<SchemaAt<E, 'query'>>>, Present<SchemaAt<E, 'query'>>> &
  InputPart<'body', Input<SchemaAt<E, 'body'>>, Present<SchemaAt<E, 'body'>>>;

/** The route parameters of the endpoint, as the server parses them. */
export type EndpointParams<E extends Endpoint> = SchemaAt<E, 'params'> extends infer S extends z.ZodType ? z.output<S> : Record<string, never>;

/** True when a call of the endpoint needs no input at all. */
export type HasNoInput<E extends Endpoint> = [SchemaAt<E, 'params'>, SchemaAt<E, 'query'>, SchemaAt<E, 'body'>] extends [undefined, undefined, undefined] ? true : false;

/**
 * The endpoint's path with its parameters filled in (each encoded):
 * `pathFor(cartEndpoints.removeFromCart, { courseId: 3 })` is `/api/cart/3`.
 */
export function pathFor(endpoint: Pick<Endpoint, 'path'>, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
