import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/languages';
import type { CreatePageRenderer, PageData, PageRenderer } from '../../shared/page-rendering';
import { matchPage, pageDeclaration, type PageName } from '../../shared/paths';

type PageMatch = NonNullable<ReturnType<typeof matchPage>>;
import type { Config } from '../config';
import type { Database } from '../db/client';
import { apiNotFound } from '../http/errors-plugin';
import { declaredHead, escapeHtml, renderHead, type HeadTags } from './head';
import { CriticalCss } from './critical-css';
import { injectTransport } from './inject-transport';
import { compressPage, decompress, LazilyEncodedPage } from './page-compression';
import type { PageEncoding, PageSource, RenderedPageStore, SentPage } from './page-store';

const HEAD_PLACEHOLDER = '<!--app-head-->';
const ROOT_ELEMENT = '<div id="root"></div>';
const TEMPLATE_LANGUAGE = '<html lang="es"';

/** Written by the build (build/page-preloads.ts): page name → the files its lazy chunk needs. */
const PAGE_PRELOADS_FILE = 'page-preloads.json';

type PagePreloads = {
  /** The head tags that have the browser fetch the page's own code with the app's. */
  tags: string;
  /** The page's own stylesheets (its lazy chunk's CSS). */
  styles: string[];
};

/**
 * What the browser should fetch with the app's code for each page, instead of after the app has
 * run (one round trip and the app's start-up sooner). Empty when the build has no list.
 */
function readPagePreloads(distDir: string): Map<string, PagePreloads> {
  const file = path.join(distDir, PAGE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { scripts?: string[]; styles?: string[] }>;
  const href = (asset: string) => escapeHtml(`/${asset}`);
  return new Map(
    Object.entries(list).map(([page, { scripts = [], styles = [] }]) => [
      page,
      {
        tags: [
          // `crossorigin` as on the tags Vite writes and inserts: the browser reuses a preload only
          // when the later request has the same CORS mode, and downloads the file twice otherwise.
          ...styles.map((style) => `<link rel="preload" as="style" crossorigin href="${href(style)}">`),
          ...scripts.map((script) => `<link rel="modulepreload" crossorigin href="${href(script)}">`),
        ]
          .map((tag) => `\n    ${tag}`)
          .join(''),
        styles: styles.map((style) => `/${style}`),
      },
    ]),
  );
}

const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * A server-rendered page paints without its code: the code downloads behind what the first screen
 * shows (its covers, the stylesheets), so a slow connection paints first and hydrates after.
 */
const behindFirstPaint = (html: string) =>
  html.replaceAll('<script type="module"', '<script type="module" fetchpriority="low"').replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

/**
 * The head of a page with a record of its own (a course); a page whose head is the same at every
 * address declares it in src/shared/pages.ts, and the rest get the defaults.
 *
 * `language`: the one a server-rendered page is drawn in (its head must say the same); unset for
 * the shell. A drawn page's head is kept with the page under its address: it must not read the
 * request's URL, headers or session.
 */
export type HeadResolver = (page: PageName, params: Record<string, string>, request: FastifyRequest, language?: Language) => Promise<HeadTags | null>;

/** Each resolver knows its own pages and answers null for the others: the first head found wins. */
export const firstHead =
  (resolvers: HeadResolver[]): HeadResolver =>
  async (...args) => {
    for (const resolve of resolvers) {
      const head = await resolve(...args);
      if (head) return head;
    }
    return null;
  };

type SpaOptions = {
  config: Config;
  db: Database;
  resolveHead?: HeadResolver;
  /** Draws the public pages on the server (the built dist/ssr entry, or the source in tests); none: every page is the shell. */
  createPageRenderer?: CreatePageRenderer;
  /**
   * Keeps the rendered pages that show the catalogue at large (the home page, listings, addresses
   * with parameters, not-found addresses): app.ts gives a bounded cache that drops them when the
   * catalogue changes. (A visitor's view: signed-in parts fill in in the browser.)
   */
  renderedPageCache?: PageCache;
  /** Keeps the pages of single things (a course, a teacher, a fixed page) until what they show changes. */
  pageStore?: RenderedPageStore;
  /** Called after the catalogue changed: the store then checks its most visited pages again in the background. */
  onCatalogueChange?: (listener: () => void) => void;
};

/** Pages that show the catalogue at large: any change may change them, so they follow its version. */
const CATALOGUE_WIDE_PAGES: ReadonlySet<PageName> = new Set(['home', 'allCourses']);
/** After a catalogue change, how long to wait for more before checking the kept pages again. */
const REFRESH_DEBOUNCE_MS = 1000;
/** How many of the most recently sent pages one refresh checks again (each costs its reads; a drawing only if it changed). */
const REFRESH_LIMIT = 200;

type PageCache = { get<T>(key: string, load: () => PromiseLike<T>): Promise<T> };
const uncachedPages: PageCache = { get: async (_key, load) => await load() };

/** The built index.html cut where the server puts its parts. */
type Template = { beforeHead: string; afterHead: string };

function splitTemplate(template: string, file: string): Template {
  const headAt = template.indexOf(HEAD_PLACEHOLDER);
  if (headAt === -1) throw new Error(`${file} has no ${HEAD_PLACEHOLDER}`);
  // Split once: the head is put between the halves as it is. (`String.replace` would read `$'`,
  // `$&` or `` $` `` in a course title as replacement patterns and copy parts of the page into it.)
  return { beforeHead: template.slice(0, headAt), afterHead: template.slice(headAt + HEAD_PLACEHOLDER.length) };
}

/** Marks the stylesheets the browser applies once the app starts (src/web/main.tsx). */
// src/web/main.tsx switches them on by this attribute.
const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred-stylesheet';

/** A stylesheet that does not hold the first paint: `media="print"` until the app switches it on. */
const deferredStylesheet = (href: string) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}>`;

/**
 * The template of a server-rendered page: in its language, without the shell's "needs JavaScript"
 * notice (the page reads without), and with the app's stylesheets deferred: the head carries the
 * rules the page uses (CriticalCss), so the whole sheets no longer hold the first paint. They keep
 * their place in the head, before the theme's styles in the body, so the cascade is unchanged.
 */
function renderedTemplate(template: Template, language: Language) {
  const page = template.beforeHead + HEAD_PLACEHOLDER + template.afterHead;
  const stylesheets = [...page.matchAll(STYLESHEET_LINK)].map(([, href]) => href!);
  const { beforeHead, afterHead: rest } = splitTemplate(page.replace(TEMPLATE_LANGUAGE, `<html lang="${language}"`).replace(STYLESHEET_LINK, ''), 'index.html');
  const rootAt = rest.indexOf(ROOT_ELEMENT);
  if (rootAt === -1) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const afterHead = rest.slice(0, rootAt).replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '') + '<div id="root">';
  return { beforeHead: behindFirstPaint(beforeHead), afterHead: behindFirstPaint(afterHead), afterRoot: behindFirstPaint(rest.slice(rootAt + ROOT_ELEMENT.length)), stylesheets };
}

const pageEncodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });

/**
 * Serves the built web app: hashed assets with year-long caching, and index.html for
 * every page of the route table. Paths that match no page still get the app (it shows
 * its not-found page) but with status 404, so crawlers and monitors see the truth.
 */
export async function registerSpa(app: FastifyInstance, { config, resolveHead, createPageRenderer, renderedPageCache = uncachedPages, pageStore, onCatalogueChange }: SpaOptions) {
  const distDir = config.webDistDir;
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.log.warn('web app not built (run `npm run build`); serving the API only');
    app.setNotFoundHandler((request, reply) => reply.status(404).send(apiNotFound(request.url)));
    return;
  }
  const shell = splitTemplate(readFileSync(indexFile, 'utf8'), indexFile);
  const rendered = { es: renderedTemplate(shell, 'es'), en: renderedTemplate(shell, 'en') } satisfies Record<Language, unknown>;
  const preloads = readPagePreloads(distDir);
  const renderer: PageRenderer | undefined = createPageRenderer?.({ transport: injectTransport(app) });

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

  const criticalCss = new CriticalCss(distDir);

  const headOf = async (match: PageMatch, request: FastifyRequest, language: Language | undefined) =>
    declaredHead(match.page, request, language) ?? (await resolveHead?.(match.page, match.params, request, language)) ?? null;

  /** The language the page is drawn in, or undefined when the browser draws it. */
  const renderedLanguage = (request: FastifyRequest): Language | undefined =>
    renderer?.renders(request.url.split('?')[0]!)
      ? renderer.language({ url: request.url, cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] })
      : undefined;

  /**
   * What a kept page's fingerprint covers besides its data and head: the build (template, styles,
   * preloads), so that a new release draws its pages anew.
   */
  const buildFingerprint = createHash('sha256')
    .update(readFileSync(indexFile, 'utf8'))
    .update(JSON.stringify([...preloads]))
    .digest('base64url');

  /** The whole document of a drawn page. */
  const composePage = async (match: PageMatch | null, address: string, language: Language, headTags: HeadTags | null | Promise<HeadTags | null>, data?: PageData): Promise<{ status: SentPage['status']; html: string }> => {
    const [head, drawn] = await Promise.all([headTags, renderer!.render(address, language, data)]);
    const preload = match ? preloads.get(match.page) : undefined;
    const stylesheets = [...rendered[language].stylesheets, ...(preload?.styles ?? [])];
    const template = rendered[drawn.language];
    const headHtml = renderHead(config, new URL(address, 'http://localhost'), head ?? null) + behindFirstPaint(preload?.tags ?? '');
    const css = `<style>${criticalCss.for(drawn.appHtml, stylesheets)}</style>${stylesheets.map(deferredStylesheet).join('')}`;
    // Concatenated, never `replace`d: a `$&` in a course title stays text.
    const html = template.beforeHead + headHtml + css + template.afterHead + drawn.appHtml + '</div>' + drawn.stateScript + template.afterRoot;
    return { status: match && head?.status !== 404 && drawn.status !== 404 ? 200 : 404, html };
  };

  /** A stored page's data and head, read again; drawn only if they changed. The head is drawn from the address alone. */
  const pageSource = async (match: PageMatch, address: string, language: Language, request: FastifyRequest): Promise<PageSource> => {
    const [head, data] = await Promise.all([headOf(match, request, language), renderer!.load(address)]);
    const fingerprint = createHash('sha256').update(buildFingerprint).update(language).update(JSON.stringify(head)).update(data.fingerprint).digest('base64url');
    return {
      fingerprint,
      draw: async () => {
        const { status, html } = await composePage(match, address, language, head, data);
        return compressPage(status, html);
      },
    };
  };

  /** Whether the page is kept in the store: one thing's page at a plain address, not the catalogue at large. */
  const storable = (match: PageMatch | null, address: string): boolean =>
    pageStore !== undefined &&
    match !== null && !address.includes('?') && !CATALOGUE_WIDE_PAGES.has(match.page) && !pageDeclaration(match.page).drawnPerRequest;

  /**
   * The document of a page the server draws. It depends on the language and the page's own
   * address (`cacheKey`: the path and only the parameters the page reads), and on what it shows:
   * a single thing's page is kept in the store until that changes, the catalogue's pages until
   * the catalogue changes (a page `drawnPerRequest` is not kept). The page and its head are drawn from that address,
   * never from the request's URL: what else the first visitor's URL held (`?zzz=<junk>`) would
   * otherwise end up in the links of the page every later visitor gets.
   */
  const drawPage = async (request: FastifyRequest, match: PageMatch | null, language: Language, encoding: PageEncoding | undefined): Promise<{ status: SentPage['status']; body: Buffer }> => {
    const address = renderer!.cacheKey(request.url);
    if (match && storable(match, address)) {
      // A client that takes neither encoding (a script, a crawler) is rare enough to unpack the gzip one for.
      const page = await pageStore!.get({ language, address }, () => pageSource(match, address, language, request), encoding ?? 'gzip');
      return { status: page.status, body: encoding ? page.body : await decompress('gzip', page.body) };
    }
    const cache = match && pageDeclaration(match.page).drawnPerRequest ? uncachedPages : renderedPageCache;
    const page = await cache.get(`${language}\0${address}`, async () => {
      const { status, html } = await composePage(match, address, language, match ? headOf(match, request, language) : null);
      return LazilyEncodedPage.compress(status, html, encoding ?? 'gzip');
    });
    return { status: page.status, body: encoding ? await page.body(encoding) : await page.plain() };
  };

  if (pageStore && onCatalogueChange) {
    // The head resolvers read the request only for a page drawn in no language; these all have one.
    const noRequest = { query: {}, headers: {}, url: '/' } as FastifyRequest;
    let timer: NodeJS.Timeout | undefined;
    let refreshing: Promise<unknown> | undefined;
    const refresh = () => {
      timer = undefined;
      if (refreshing) return schedule();
      refreshing = pageStore
        .refresh(({ language, address }) => {
          const match = matchPage(address);
          if (!match) throw new Error(`no page at ${address}`);
          return pageSource(match, address, language, noRequest);
        }, REFRESH_LIMIT)
        .catch((error: unknown) => app.log.error({ err: error }, 'refreshing the rendered pages failed'))
        .finally(() => {
          refreshing = undefined;
        });
    };
    const schedule = () => {
      timer ??= setTimeout(refresh, REFRESH_DEBOUNCE_MS).unref();
    };
    onCatalogueChange(schedule);
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      await refreshing;
    });
  }

  /** The page's encoding for this request, as the browser takes them; undefined for one that takes neither. */
  const encodingFor = (request: FastifyRequest): { stored: PageEncoding; header: 'br' | 'gzip' } | undefined => {
    const accepted = pageEncodings.negotiate(request.headers['accept-encoding'] ?? '');
    return accepted === 'br' ? { stored: 'brotli', header: 'br' } : accepted === 'gzip' ? { stored: 'gzip', header: 'gzip' } : undefined;
  };

  const sendDrawnPage = (reply: FastifyReply, page: { status: SentPage['status']; body: Buffer }, header: string | undefined) => {
    // The page's language and markup follow the visitor's cookie and Accept-Language.
    reply.status(page.status).header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Language, Accept-Encoding').type('text/html; charset=utf-8');
    if (header) reply.header('Content-Encoding', header);
    return reply.send(page.body);
  };

  /** The shell: the browser draws the page (a page the server does not draw, or one it failed to). */
  const sendShell = async (request: FastifyRequest, reply: FastifyReply, match: PageMatch | null, url: URL, language: Language | undefined) => {
    const head = match ? await headOf(match, request, language) : ({ status: 404 } as const);
    const status = head?.status === 404 ? 404 : 200;
    const headHtml = renderHead(config, url, head) + (match ? (preloads.get(match.page)?.tags ?? '') : '');
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell.beforeHead + headHtml + shell.afterHead);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const match = matchPage(url.pathname);
    const language = renderedLanguage(request);
    if (renderer && language) {
      try {
        const encoding = encodingFor(request);
        return await sendDrawnPage(reply, await drawPage(request, match, language, encoding?.stored), encoding?.header);
      } catch (error) {
        // The browser can still draw the page from the shell: a visitor gets it, a little later.
        request.log.error({ err: error }, 'server rendering failed; sending the shell');
      }
    }
    return sendShell(request, reply, match, url, language);
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
