import path from 'node:path';
import type { Plugin } from 'vite';
import { endpoints } from '../src/shared/endpoints/endpoint-table';

/**
 * The browser calls an endpoint by its method and path (`call(endpoints.getCart)`); its zod
 * schemas serve the server's validation and, as types, the client's. Shipped as they are, they
 * would put zod and every schema of the API into each page's first download. In the web build
 * the table's module is replaced by its routes alone; the types still come from the real file.
 */
export function endpointRoutesOnly({ tableFile }: { tableFile: string }): Plugin {
  const tablePath = path.resolve(tableFile);
  return {
    name: 'endpoint-routes-only',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== tablePath) return null;
      return `export const endpoints = ${JSON.stringify(endpointRoutes())};\n`;
    },
  };
}

/** Each endpoint's name, method, path and who serves it: all `call()` and `pathFor()` read. */
export function endpointRoutes() {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [name, { method: endpoint.method, path: endpoint.path, ...('servedBy' in endpoint ? { servedBy: endpoint.servedBy } : {}) }]),
  );
}
