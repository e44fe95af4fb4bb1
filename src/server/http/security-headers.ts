import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** Origins besides the app's own that pages may load from: the bucket's, for videos, when videos are in object storage. */
export type ExtraSources = { media?: string[] };

/** The security headers of every response (helmet): one set, for routed requests and router refusals alike. */
export function securityHeaderOptions(config: Config, extra: ExtraSources = {}) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        // A video link of the app may redirect to a presigned URL of the bucket (and only for media).
        mediaSrc: ["'self'", 'blob:', ...(extra.media ?? [])],
        // hls.js fetches the segments of an HLS copy in a bucket from their presigned URLs.
        connectSrc: ["'self'", ...(extra.media ?? [])],
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

type HeaderChanges = { set: [string, string | number | readonly string[]][]; removed: string[] };

/**
 * What helmet does to a response, computed once: with no nonces, its headers depend on the
 * settings alone, so running it for every request (as @fastify/helmet does, parsing the CSP
 * each time) only repeats the same work.
 */
function helmetHeaderChanges(config: Config, extra: ExtraSources): HeaderChanges {
  const changes: HeaderChanges = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      changes.set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      changes.removed.push(name);
    },
  };
  let failure: unknown;
  helmet(securityHeaderOptions(config, extra))({} as RawRequest, recorder as unknown as RawResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return changes;
}

/** Sets the same headers on a raw response. */
export function rawSecurityHeaders(config: Config, extra: ExtraSources = {}): (request: RawRequest, response: RawResponse) => void {
  const { set, removed } = helmetHeaderChanges(config, extra);
  return (_request, response) => {
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of set) response.setHeader(name, value);
  };
}

/**
 * Routes under /api/ whose answers are not the API's JSON: the docs page (HTML), better-auth's
 * mount (redirects, and pages of its own), video bytes and playlists, tus uploads. They keep the
 * documents' set.
 */
const NOT_API_JSON = /^\/api\/(?:docs|auth|videos|uploads)(?:\/|$)/;

/**
 * The headers of the API's JSON answers. Most of helmet's set only acts on a document (COOP,
 * Origin-Agent-Cluster, Referrer-Policy, DNS prefetching, the download and cross-domain-policy
 * switches, X-XSS-Protection), and JSON sent with nosniff is never rendered as one. What still
 * matters stays: nosniff; CORP, so another site cannot pull the answer into its process; a
 * policy under which a JSON answer opened by itself can load and run nothing and be framed
 * nowhere; X-Frame-Options for browsers without frame-ancestors; HSTS on https. About 400 bytes
 * and eight header writes less on every API answer (bench/results/latest.md).
 */
function apiSecurityHeaders(documentHeaders: HeaderChanges['set']): [string, string | number | readonly string[]][] {
  const kept = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'x-frame-options', 'strict-transport-security']);
  return [
    ['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"],
    ...documentHeaders.filter(([name]) => kept.has(name.toLowerCase())),
  ];
}

/**
 * The security headers and the request id on every response, set first thing on the raw
 * response, so that answers a later hook refuses or an error ends carry them too. The API's
 * JSON routes get the short set above; everything else (pages, files, videos, the router's
 * fallbacks) the documents' set. Router refusals (a malformed URL), which reach no hook, get
 * `rawSecurityHeaders` instead.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, extra: ExtraSources = {}): void {
  const apply = rawSecurityHeaders(config, extra);
  const { set, removed } = helmetHeaderChanges(config, extra);
  const apiHeaders = apiSecurityHeaders(set);
  const isApiJson = (route: string | undefined) => route !== undefined && route.startsWith('/api/') && !NOT_API_JSON.test(route);
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    if (isApiJson(request.routeOptions.url)) {
      for (const name of removed) response.removeHeader(name);
      for (const [name, value] of apiHeaders) response.setHeader(name, value);
    } else {
      apply(request.raw, response);
    }
    response.setHeader('x-request-id', request.id);
    done();
  });
}
