import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declaresOptionalSession, writingMethods, type Endpoint } from '../../shared/endpoints/endpoint';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type Get<E, Key extends string> = E extends { [K in Key]: infer Value } ? Value : undefined;

/** The Fastify schema an endpoint's entry describes: what types the request and the reply. */
export type RouteSchemaOf<E extends Endpoint> = {
  params: Get<E, 'params'>;
  querystring: Get<E, 'query'>;
  body: Get<E, 'body'>;
  headers: Get<E, 'headers'>;
  response: E['responses'];
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;

/**
 * What a route may add to its entry: a body limit, compression, hooks, route config (a rate
 * limit…). Never its method, url, schema, access, credentials or effects, which the entry owns.
 */
export type ExtraRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & { config?: Omit<FastifyContextConfig, 'access' | 'optionalSession' | 'effects' | 'credentialParams'> };

/**
 * Registers the route of an endpoint of the shared table: its method, its url (relative to
 * the plugin's prefix), its schemas (validation, the response's stripping, OpenAPI), its
 * access, which the access control enforces, its credential parameters, which the access log
 * and the traces leave out, and its effects, which the caches catch up with
 * (http/effects.ts). The handler's request and reply are typed from the same schemas.
 */
export function route<E extends Endpoint>(app: ZodApp, endpoint: E, handler: EndpointHandler<E>, extra: ExtraRouteOptions = {}): void {
  if (endpoint.servedBy) throw new Error(`${endpoint.method} ${endpoint.path} is served by the ${endpoint.servedBy}, not by a route of its own`);
  // A writing route that declared nothing would leave the caches stale without any test noticing.
  if (writingMethods.has(endpoint.method) && endpoint.effects === undefined) throw new Error(`${endpoint.method} ${endpoint.path} declares no effects (use [] when it changes none)`);
  if (!endpoint.path.startsWith(app.prefix)) throw new Error(`${endpoint.path} lies outside the plugin's prefix ${app.prefix}`);
  // A misspelt credential would be logged whole while the entry looked protected.
  for (const name of endpoint.credentialParams ?? []) if (!endpoint.path.includes(`:${name}`)) throw new Error(`${endpoint.path} has no parameter ${name} to keep out of the logs`);
  const { params, query, body, consumes, headers, responses, tags, summary, description, security } = endpoint;
  app.route({
    // A GET carries no body: @fastify/compress's request-decompressing hook has nothing to do.
    ...(endpoint.method === 'GET' ? { decompress: false } : {}),
    ...extra,
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length),
    // The swagger plugin leaves HEAD routes out unless told: an explicit one (tus's offset query) is an operation of its own.
    config: {
      ...extra.config,
      access: endpoint.access,
      ...(declaresOptionalSession(security) ? { optionalSession: true } : {}),
      ...(endpoint.credentialParams === undefined ? {} : { credentialParams: endpoint.credentialParams }),
      ...(endpoint.effects === undefined ? {} : { effects: endpoint.effects }),
      ...(endpoint.method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {}),
    },
    schema: {
      tags,
      summary,
      ...(description === undefined ? {} : { description }),
      ...(security === undefined ? {} : { security }),
      ...(params === undefined ? {} : { params }),
      ...(query === undefined ? {} : { querystring: query }),
      ...(body === undefined ? {} : { body }),
      ...(consumes === undefined ? {} : { consumes: [...consumes] }),
      ...(headers === undefined ? {} : { headers }),
      response: responses,
    },
    handler: handler as RouteHandlerMethod,
  });
}
