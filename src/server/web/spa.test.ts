import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';

/** A stand-in build output: the serving rules do not depend on what the page contains. */
function writeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script></body></html>');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log("app");'.repeat(200));
  writeFileSync(path.join(dir, 'robots-extra.txt'), 'x');
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify({ allCourses: { scripts: ['assets/all-courses-page-x1.js', 'assets/Select-x2.js'], styles: ['assets/all-courses-page-x3.css'] } }));
  return dir;
}

describe('serving the web app', () => {
  let app: App;
  let distDir: string;
  beforeAll(async () => {
    distDir = writeBuild();
    app = await buildApp({ ...loadConfig({ AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://cursos.example.com', SEED_DEMO_DATA: 'false', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' }), webDistDir: distDir }, { database: await testDatabase(), logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/register', '/allcourses', '/form', '/shop', '/mycourses', '/mycourses/3', '/favourites', '/coursescreated', '/course/editcourse/4', '/uploadvideo', '/formpage', '/formpage/success', '/formpage/failed', '/about', '/contact', '/admin', '/admin/cursos', '/admin/cursos/5', '/admin/usuarios', '/admin/user/abc-123', '/admin/ordenes', '/admin/ContactUsd', '/ContactUsd', '/maria.lopez'.replace('.', '_')])(
    'answers the app for %s',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/course/abc', '/admin/nothing', '/a/b/c', '/wp-login.php', '/course/12/extra'])('answers the app with 404 for %s', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('fills the head with title, description, canonical and alternate languages', async () => {
    const body = (await app.inject({ url: '/allcourses?page=2' })).body;
    expect(body).not.toContain('<!--app-head-->');
    expect(body).toContain('<title>');
    expect(body).toContain('<meta name="description"');
    expect(body).toContain('<link rel="canonical" href="https://cursos.example.com/allcourses">');
    expect(body).toContain('hreflang="es"');
    expect(body).toContain('hreflang="en"');
    expect(body).toContain('property="og:title"');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("names the page's own code in its head, so the browser fetches it with the app's", async () => {
    const listing = (await app.inject({ url: '/allcourses' })).body;
    expect(listing).toContain('<link rel="modulepreload" crossorigin href="/assets/all-courses-page-x1.js">');
    expect(listing).toContain('<link rel="modulepreload" crossorigin href="/assets/Select-x2.js">');
    expect(listing).toContain('<link rel="preload" as="style" crossorigin href="/assets/all-courses-page-x3.css">');
    expect((await app.inject({ url: '/' })).body).not.toContain('modulepreload');
  });

  it('compresses every page, not only the home page', async () => {
    for (const url of ['/', '/allcourses', '/course/7', '/no/such/page']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding'], url).toBe('gzip');
    }
  });

  it('keeps unknown API paths in the JSON error shape', async () => {
    const response = await app.inject({ url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    expect(paths).toContain('/api/health');
    expect(paths).toContain('/api/ready');
    const ui = await app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('documents every API route it serves, except the auth pass-through', async () => {
    const documented = (await app.inject({ url: '/api/docs/json' })).json().paths as Record<string, Record<string, unknown>>;
    const missing = app.apiRoutes
      .filter((route) => !route.url.startsWith('/api/auth/'))
      .filter((route) => {
        const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
        return !documented[openApiPath]?.[route.method.toLowerCase()];
      });
    expect(missing).toEqual([]);
  });
});
