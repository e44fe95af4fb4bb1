import { randomUUID } from 'node:crypto';
import http from 'node:http';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../shared/endpoints/endpoint';
import type { Config } from '../config';
import { AppError } from '../errors';
import { answerClientError, answerRouterError, registerErrorHandling } from './errors-plugin';
import { requestLogSerializer } from './log-redaction';
import { rawSecurityHeaders, registerSecurityHeaders, type ExtraSources } from './security-headers';

export type ApiRoute = { method: string; url: string; access: Access | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route the app serves, for the authorization table test and the docs check. */
    apiRoutes: ApiRoute[];
  }
}

/**
 * One line per answer, written once it is sent, instead of Fastify's two (incoming, completed):
 * the redacted URL, the status and the time taken, with the request id. Ordinary answers may be
 * sampled (ACCESS_LOG_SAMPLE); failures (5xx, or a reply that broke off) and slow answers
 * (SLOW_REQUEST_MS) are always logged, as warnings or errors, so they show at LOG_LEVEL=warn too.
 */
class AccessLogController extends LogController {
  constructor(private readonly settings: Pick<Config, 'accessLogSample' | 'slowRequestMs'>) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const failed = reply.statusCode >= 500;
    if (failed || responseTime >= this.settings.slowRequestMs) {
      reply.log.warn({ req: request, res: reply, responseTime }, failed ? 'request failed' : 'slow request');
      return;
    }
    const sample = this.settings.accessLogSample;
    if (sample >= 1 || (sample > 0 && Math.random() < sample)) reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}

export type ServerOptions = {
  logger?: boolean;
  /** Where the log goes instead of standard output (tests that read it). */
  logStream?: { write(line: string): void };
};

/** The first place in a request's part (`name`, `items.0.title`) whose text holds a NUL character. */
function nulCharacterAt(value: unknown, where: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? where || '_' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterAt(item, where ? `${where}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL stores no NUL character in text: a body, query or path parameter holding one is
 * refused by validation (400 VALIDATION_FAILED, naming the field), as the OpenAPI document's
 * string patterns say (http/openapi.ts), rather than by the database further on.
 */
function refusingNulCharacters(compile: typeof validatorCompiler): typeof validatorCompiler {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart === 'headers') return validate;
    return (data) => {
      const field = nulCharacterAt(data, '');
      if (field) return { error: new AppError('VALIDATION_FAILED', 'Text may not hold NUL characters', { [field]: ['validation.invalid'] }) };
      return validate(data);
    };
  };
}

/**
 * The Fastify instance with what every request meets before any route: its id, the time limits
 * of its socket, the one error shape, the security headers (naming `extraSources`, such as the
 * bucket's origin for media), and the list of the API routes as they are registered.
 */
export function createServer(config: Config, options: ServerOptions, extraSources: ExtraSources) {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(options.logStream && { stream: options.logStream }) },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    logController: new AccessLogController(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow headers and slow bodies are cut off (408) instead of holding a socket open for ever;
    // Node checks its open requests every second, so the cut comes close to the limit.
    serverFactory: (handler) =>
      http.createServer(
        {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
        },
        handler,
      ),
    // Let in-flight requests finish on close, but drop idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
    // A malformed or overlong URL is refused by the router before any hook: still the one error shape and headers.
    frameworkErrors: answerRouterError(rawSecurityHeaders(config, extraSources)),
    // A request that is not valid HTTP never reaches the router: the one error shape all the same.
    clientErrorHandler: answerClientError(rawSecurityHeaders(config, extraSources)),
    // A request that reaches the router after close began came on a connection already taken:
    // finish it (answered with Connection: close) rather than Fastify's 503 in another error shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
  });

  app.setValidatorCompiler(refusingNulCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config, extraSources);
  return app;
}
