/**
 * The contract between the server and the web app's server-rendering entry
 * (src/web/entry-server.tsx, built to dist/ssr): the server owns HTTP, the HTML template, the
 * head and the cache; the entry draws the page.
 */
import type { Language } from './languages';

export type PageRequest = { url: string; cookie?: string; acceptLanguage?: string };

export type RenderedPage = {
  /** 404 when the route table says so (the not-found page); the server may know more (an unknown course). */
  status: number;
  language: Language;
  /** The app's markup, for inside `<div id="root">`. */
  appHtml: string;
  /** The JSON block the browser takes the page over with. */
  stateScript: string;
};

/** What a page shows, fetched: opaque to the server but for its fingerprint. */
export type PageData = {
  /** A digest of the data the page is drawn from: equal digests draw equal pages (in one language and build). */
  fingerprint: string;
};

export type PageRenderer = {
  /** Whether the page at this path is drawn on the server (false: the browser draws it from the shell). */
  renders(pathname: string): boolean;
  language(request: PageRequest): Language;
  /**
   * The page's own address, all its HTML depends on besides the language and the catalogue: the
   * path and only the parameters the page reads, in one order (`/allcourses?page=abc&x=1` is
   * `/allcourses`). The server keys its cache by it and draws the page from it.
   */
  cacheKey(url: string): string;
  /**
   * Fetches what the page at `url` (a `cacheKey`) shows, without drawing it: its fingerprint tells
   * whether a page drawn before is still what it would draw now, for the price of the reads alone.
   */
  load(url: string): Promise<PageData>;
  /**
   * Draws the page at `url`: given a `cacheKey`, so that the page kept is the one its key names;
   * from `data` when `load` fetched it already.
   */
  render(url: string, language: Language, data?: PageData): Promise<RenderedPage>;
};

/** Answers the pages' API calls without the network (the server's own router). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** What the entry module exports. */
export type CreatePageRenderer = (options: { transport: ApiTransport }) => PageRenderer;
