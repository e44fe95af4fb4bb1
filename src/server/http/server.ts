import { randomUUID } from 'node:crypto';
import http from 'node:http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../shared/endpoints/endpoint';
import type { Config } from '../config';
import { answerRouterError, registerErrorHandling } from './errors-plugin';
import { requestLogSerializer } from './log-redaction';
import { rawSecurityHeaders, registerSecurityHeaders, type ExtraSources } from './security-headers';

export type ApiRoute = { method: string; url: string; access: Access | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route the app serves, for the authorization table test and the docs check. */
    apiRoutes: ApiRoute[];
  }
}

export type ServerOptions = {
  logger?: boolean;
  /** Where the log goes instead of standard output (tests that read it). */
  logStream?: { write(line: string): void };
};

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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config, extraSources);
  return app;
}
