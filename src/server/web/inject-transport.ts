import type { FastifyInstance } from 'fastify';
import type { ApiTransport } from '../../shared/page-rendering';

/**
 * The rendered pages' API reads, answered by the app's own router in process: the same routes,
 * schemas and access rules as the browser's calls, as a visitor (no cookie is passed on), with no
 * socket. A visitor's page is the same for every visitor, which is what lets it be cached.
 */
export function injectTransport(app: FastifyInstance): ApiTransport {
  return async (path, init) => {
    // A page drawn for a visitor only reads; anything else would act for nobody.
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`server rendering only reads: ${init.method} ${path}`);
    const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}
