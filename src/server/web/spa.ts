import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPage, type PageName } from '../../shared/paths';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { apiNotFound } from '../http/errors-plugin';
import { escapeHtml, renderHead, type HeadTags } from './head';

const HEAD_PLACEHOLDER = '<!--app-head-->';

/** Written by the build (build/page-preloads.ts): page name → the files its lazy chunk needs. */
const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The tags that have the browser fetch a page's own code with the app's instead of after it
 * has run (one round trip and the app's start-up sooner). Empty when the build has no list.
 */
function readPagePreloads(distDir: string): Map<string, string> {
  const file = path.join(distDir, PAGE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { scripts?: string[]; styles?: string[] }>;
  const href = (asset: string) => escapeHtml(`/${asset}`);
  return new Map(
    Object.entries(list).map(([page, { scripts = [], styles = [] }]) => [
      page,
      [
        // `crossorigin` as on the tags Vite writes and inserts: the browser reuses a preload only
        // when the later request has the same CORS mode, and downloads the file twice otherwise.
        ...styles.map((style) => `<link rel="preload" as="style" crossorigin href="${href(style)}">`),
        ...scripts.map((script) => `<link rel="modulepreload" crossorigin href="${href(script)}">`),
      ]
        .map((tag) => `\n    ${tag}`)
        .join(''),
    ]),
  );
}

/** Pages may add their own tags (SEO for the catalogue); the rest get the defaults. */
export type HeadResolver = (page: PageName, params: Record<string, string>, request: FastifyRequest) => Promise<HeadTags | null>;

type SpaOptions = { config: Config; db: Database; resolveHead?: HeadResolver };

/**
 * Serves the built web app: hashed assets with year-long caching, and index.html for
 * every page of the route table. Paths that match no page still get the app (it shows
 * its not-found page) but with status 404, so crawlers and monitors see the truth.
 */
export async function registerSpa(app: FastifyInstance, { config, resolveHead }: SpaOptions) {
  const distDir = config.webDistDir;
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.log.warn('web app not built (run `npm run build`); serving the API only');
    app.setNotFoundHandler((request, reply) => reply.status(404).send(apiNotFound(request.url)));
    return;
  }
  // Split once: the head is put between the halves as it is. (`String.replace` would read `$'`,
  // `$&` or `` $` `` in a course title as replacement patterns and copy parts of the page into it.)
  const template = readFileSync(indexFile, 'utf8');
  const headAt = template.indexOf(HEAD_PLACEHOLDER);
  if (headAt === -1) throw new Error(`${indexFile} has no ${HEAD_PLACEHOLDER}`);
  const [beforeHead, afterHead] = [template.slice(0, headAt), template.slice(headAt + HEAD_PLACEHOLDER.length)];
  const preloads = readPagePreloads(distDir);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      // Vite puts content-hashed files under assets/: they never change, so cache them for good.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const match = matchPage(url.pathname);
    const head = match ? ((await resolveHead?.(match.page, match.params, request)) ?? null) : null;
    const status = match && head?.status !== 404 ? 200 : 404;
    const headHtml = renderHead(config, url, head) + (match ? (preloads.get(match.page) ?? '') : '');
    const html = beforeHead + headHtml + afterHead;
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  // Pages are routes, not the not-found handler: only routes get the compression hooks, and
  // an uncompressed page is a slower first paint. Every more specific route (the API, the
  // built files) wins over the wildcard.
  app.get('/', { schema: { hide: true } }, sendPage);
  app.get('/*', { schema: { hide: true } }, async (request, reply) =>
    isApi(request.url) ? reply.status(404).send(apiNotFound(request.url)) : sendPage(request, reply),
  );
  app.setNotFoundHandler(async (request, reply) => reply.status(404).send(apiNotFound(request.url)));
}
