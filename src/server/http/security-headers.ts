import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';
import type { Config } from '../config';

/** The security headers of every response (helmet): one set, for routed requests and router refusals alike. */
export function securityHeaderOptions(config: Config) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isHttps ? [] : null,
      },
    },
    strictTransportSecurity: config.isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  } satisfies FastifyHelmetOptions;
}

type RawRequest = Parameters<ReturnType<typeof helmet>>[0];
type RawResponse = Parameters<ReturnType<typeof helmet>>[1];

/**
 * Sets the same headers on a raw response. For the answers Fastify's router gives before
 * any hook runs (a malformed or overlong URL), where the helmet plugin never sees the request.
 */
export function rawSecurityHeaders(config: Config): (request: RawRequest, response: RawResponse) => void {
  const middleware = helmet(securityHeaderOptions(config));
  return (request, response) => middleware(request, response, () => {});
}
