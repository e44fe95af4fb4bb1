import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app';
import { signedInUser, type TestUser } from '../helpers/auth';
import { resetDatabase, testDatabase } from '../helpers/database';
import { insertCourseWithVideos, TUS, videoFixture } from '../helpers/videos';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

/**
 * The headers every response carries, whatever answered it: a route, the error handler, the router, static files, video streaming, tus.
 * The API's JSON answers may carry the short set instead (nothing in them may load, run or be framed); anything else carries the documents' set.
 */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(response.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(response.headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('SAMEORIGIN');
  expect(response.headers['x-powered-by'], `${what}: no server banner`).toBeUndefined();
  if (csp.startsWith("default-src 'none';")) {
    expect(String(response.headers['content-type']), `${what}: the short set only on JSON`).toMatch(/^application\/json/);
    expect(csp, `${what}: no framing`).toContain("frame-ancestors 'none'");
    expect(response.headers['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
    return;
  }
  expect(csp, `${what}: Content-Security-Policy`).toMatch(/(^|;)\s*script-src 'self'/);
  expect(csp, `${what}: no inline script`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, `${what}: no framing`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: no plugins`).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(response.headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('SAMEORIGIN');
  expect(response.headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
  expect(response.headers['cross-origin-opener-policy'], `${what}: COOP`).toBe('same-origin');
  expect(response.headers['x-powered-by'], `${what}: no server banner`).toBeUndefined();
}

describe('security headers on every response', () => {
  let app: App;
  let distDir: string;
  let dataDir: string;
  let user: TestUser;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'marketplace-dist-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-data-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script></body></html>');
    writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log("app");');
    writeFileSync(path.join(distDir, 'assets', 'style-abc123.css'), 'body{margin:0}');
    const config = { ...loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: dataDir }), webDistDir: distDir };
    expect(config.publicUrl).toBe(TEST_ORIGIN);
    app = await buildApp(config, { database: await testDatabase(), logger: false });
    // The one way to see the masked 500 path: a route that fails unexpectedly.
    app.get('/api/test/unexpected-failure', async () => {
      throw new Error('boom');
    });
  });
  beforeEach(async () => {
    await resetDatabase(await testDatabase());
    user = await signedInUser(app);
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['API JSON', { url: '/api/health' }, 200],
    ['an unknown API route (404)', { url: '/api/nothing-here' }, 404],
    ['invalid input (400)', { method: 'POST', url: '/api/contact', payload: { email: 'x' } }, 400],
    ['malformed JSON (400)', { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"email":' }, 400],
    ['a body over the limit (413)', { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: `"${'a'.repeat(1024 * 1024 + 1)}"` }, 413],
    ['a visitor on a signed-in route (401)', { url: '/api/users/me' }, 401],
    ['an unexpected failure (500, masked)', { url: '/api/test/unexpected-failure' }, 500],
    ['a malformed URL refused by the router (400)', { url: '/api/courses/%E0%A4%A' }, 400],
    ['an overlong path parameter refused by the router (414)', { method: 'POST', url: `/api/courses/${'9'.repeat(500)}/reviews` }, 414],
    // A GET falls through to the web app's catch-all route, which answers API paths with the JSON 404.
    ['an overlong path parameter on a GET (404)', { url: `/api/courses/${'9'.repeat(500)}` }, 404],
    ['the SPA page', { url: '/' }, 200],
    ['the SPA for an unknown page (404)', { url: '/no/such/page' }, 404],
    ['a static script', { url: '/assets/main-abc123.js' }, 200],
    ['a static stylesheet', { url: '/assets/style-abc123.css' }, 200],
    ['a missing asset (404)', { url: '/assets/missing-000.js' }, 404],
    ['robots.txt', { url: '/robots.txt' }, 200],
    ['sitemap.xml', { url: '/sitemap.xml' }, 200],
    ['the OpenAPI document', { url: '/api/docs/json' }, 200],
    ['the API docs page', { url: '/api/docs/' }, 200],
    ['the test payment page', { url: '/test-checkout/cs_test_unknown' }, 404],
    ['a forged signed video link (403)', { url: '/api/videos/stream/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo~main.mp4' }, 403],
  ] satisfies [string, InjectOptions, number][])('%s', async (what, request, status) => {
    const response = await app.inject(request);
    expect(response.statusCode, what).toBe(status);
    expectSecurityHeaders(response, what);
  });

  it("the API's JSON answers carry the short set, the pages the documents' set", async () => {
    const json = await app.inject({ url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    for (const documentOnly of ['cross-origin-opener-policy', 'referrer-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
      expect(json.headers[documentOnly], documentOnly).toBeUndefined();
    }
    for (const url of ['/', '/api/docs/', '/api/nothing-here']) {
      const page = await app.inject({ url });
      expect(page.headers['content-security-policy'], url).toMatch(/(^|;)\s*script-src 'self'/);
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('the signed-in and refused answers: a cross-site POST (403) and a tus upload (201, 412)', async () => {
    const crossSite = await app.inject({ method: 'POST', url: '/api/cart', headers: { cookie: user.cookie, origin: 'https://evil.example' }, payload: { courseId: 1 } });
    expect(crossSite.statusCode).toBe(403);
    expectSecurityHeaders(crossSite, 'cross-site refusal');
    const me = await app.inject({ url: '/api/users/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
    expectSecurityHeaders(me, 'signed-in JSON');
    // tus writes its answers to the raw response itself.
    const created = await app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, 'upload-length': '10' } });
    expect(created.statusCode).toBe(201);
    expectSecurityHeaders(created, 'tus create');
    const oldProtocol = await app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, 'tus-resumable': '0.2.2', 'upload-length': '10' } });
    expect(oldProtocol.statusCode).toBe(412);
    expect(oldProtocol.json().error.code).toBe('TUS_VERSION_UNSUPPORTED');
    expectSecurityHeaders(oldProtocol, 'tus version refusal');
    // Headers tus would refuse in plain text are refused in the API's shape.
    const uploadUrl = new URL(String(created.headers.location), 'http://localhost').pathname;
    const wrongType = await app.inject({
      method: 'PATCH',
      url: uploadUrl,
      headers: { ...user.headers, ...TUS, 'upload-offset': '0', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid content-type' });
    expectSecurityHeaders(wrongType, 'tus header refusal');
    const badLength = await app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, 'upload-length': '-1' } });
    expect(badLength.statusCode).toBe(400);
    expect(badLength.json().error.message).toBe('Invalid upload-length');
  });

  it('video responses: the intro (200, 206, 304, 416) and a signed main-video link', async () => {
    const { course } = await insertCourseWithVideos((await testDatabase()).db, dataDir, user.id);
    const size = (await readFile(videoFixture('landscape-5s'))).length;
    const intro = `/api/videos/courses/${course.id}/intro`;
    const whole = await app.inject({ url: intro });
    expect(whole.statusCode).toBe(200);
    expectSecurityHeaders(whole, 'intro video');
    const part = await app.inject({ url: intro, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expectSecurityHeaders(part, 'intro range');
    const cached = await app.inject({ url: intro, headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expectSecurityHeaders(cached, 'intro not modified');
    const outside = await app.inject({ url: intro, headers: { range: `bytes=${size + 10}-` } });
    expect(outside.statusCode).toBe(416);
    expectSecurityHeaders(outside, 'intro range not satisfiable');

    const link = await app.inject({ url: `/api/videos/courses/${course.id}/main`, headers: user.headers });
    expect(link.statusCode).toBe(200);
    const stream = await app.inject({ url: (link.json() as { url: string }).url });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('video/mp4');
    expectSecurityHeaders(stream, 'signed main video');
  });
});
