import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/endpoints/endpoint-table';
import type { Endpoint, HttpMethod } from '../../shared/endpoints/endpoint';
import { TEST_ORIGIN } from '../../../test/helpers/app';
import { testDatabase } from '../../../test/helpers/database';
import { SPAN_KIND, startOtlpCollector, type CollectedSpan, type OtlpCollector } from '../../../test/helpers/otlp-collector';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { startTracing, tracingIsOn, type Tracing } from '../tracing';
import { REDACTED } from './log-redaction';

/**
 * Credential-shaped values, fresh for each use: random base64url and hex, and the shape of the
 * app's own signed links (`<expiry>.<signature>.<subject>`).
 */
const credentialShapes = (): string[] => [
  randomBytes(32).toString('base64url'),
  randomBytes(32).toString('hex'),
  `${Math.floor(Date.now() / 1000 + 600).toString(36)}.${randomBytes(16).toString('base64url')}.l.1a.${randomBytes(16).toString('base64url')}`,
];
/** A random credential in the letters and digits better-auth's own tokens use. */
const alphanumeric = (length: number) => Array.from(randomBytes(length), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62]).join('');

/** Query parameters a credential travels in, somewhere in the product or by a caller's mistake. */
const SECRET_QUERY_NAMES = ['token', 'password', 'code', 'state', 'session_id', 'api_key', 'X-Amz-Signature'];

/**
 * Path parameters that take any string but name something rather than grant it: an account's id
 * (better-auth's random ids) opens nothing by itself, since these routes check who asks. Any
 * other parameter that takes a credential-shaped value must be declared a credential.
 */
const IDENTIFIERS: Record<string, string[]> = {
  '/api/admin/users/:id': ['id'],
  '/api/admin/users/:id/disable': ['id'],
  '/api/admin/users/:id/enable': ['id'],
  '/api/admin/users/:id/make-admin': ['id'],
  '/api/admin/users/:id/sales': ['id'],
  '/api/teachers/:id': ['id'],
};

type Probe = { method: HttpMethod; url: string; secrets: string[]; label: string };

/** The query every probe carries: each secret-like parameter with a credential, and one ordinary parameter that must stay. */
function secretQuery(secrets: string[]): string {
  return [...SECRET_QUERY_NAMES.map((name) => {
    const value = randomBytes(24).toString('base64url');
    secrets.push(value);
    return `${name}=${value}`;
  }), 'page=2'].join('&');
}

/**
 * A request for an endpoint of the table: every path parameter whose schema takes a
 * credential-shaped value gets one (any such parameter may carry a credential, and must then be
 * declared so), the others a plain `1`, which reaches the same route.
 */
function probeOf(name: string, endpoint: Endpoint): Probe {
  const secrets: string[] = [];
  const shape = (endpoint.params as z.ZodObject | undefined)?.shape as Record<string, z.ZodType> | undefined;
  const path = endpoint.path.replace(/:(\w+)/g, (_match, param: string) => {
    if (IDENTIFIERS[endpoint.path]?.includes(param)) return '1';
    const value = credentialShapes().find((candidate) => shape?.[param]?.safeParse(candidate).success);
    if (value === undefined) return '1';
    secrets.push(value);
    return value;
  });
  return { method: endpoint.method, url: `${path}?${secretQuery(secrets)}`, secrets, label: `${name}: ${endpoint.method} ${endpoint.path}` };
}

/** The routes served outside the table, each with a credential where a real link carries one. */
function probesOutsideTheTable(): Probe[] {
  const probes: Probe[] = [];
  /** `secret()` makes a credential the URL carries (random base64url, or better-auth's letters and digits). */
  const add = (method: HttpMethod, label: string, build: (secret: (kind?: 'alphanumeric' | 'letters') => string) => string) => {
    const secrets: string[] = [];
    const secret = (kind?: 'alphanumeric' | 'letters') => {
      // About one in 70 of better-auth's tokens has no digit: such a token must go too.
      const value = kind === 'alphanumeric' ? alphanumeric(24) : kind === 'letters' ? 'EDUbcpkiIlSluPAUqKHzjcXm' : credentialShapes()[0]!;
      secrets.push(value);
      return value;
    };
    const url = build(secret);
    probes.push({ method, url: `${url}${url.includes('?') ? '&' : '?'}${secretQuery(secrets)}`, secrets, label });
  };
  add('GET', "better-auth's reset link", (secret) => `/api/auth/reset-password/${secret('alphanumeric')}?callbackURL=%2Freset-password`);
  add('GET', "better-auth's reset link with a token of letters only", (secret) => `/api/auth/reset-password/${secret('letters')}?callbackURL=%2Freset-password`);
  add('GET', "better-auth's e-mail verification", () => '/api/auth/verify-email?callbackURL=%2F');
  add('GET', "better-auth's social callback", () => '/api/auth/callback/github');
  add('GET', 'an endpoint better-auth does not serve', (secret) => `/api/auth/no-such-endpoint/${secret()}`);
  add('GET', "the test provider's checkout page", (secret) => `/test-checkout/${secret()}`);
  add('POST', "the test provider's checkout form", (secret) => `/test-checkout/${secret()}`);
  add('GET', "the test provider's onboarding page", (secret) => `/test-onboarding/${secret()}`);
  add('POST', "the test provider's onboarding form", (secret) => `/test-onboarding/${secret()}`);
  add('GET', 'the reset password page', () => '/reset-password');
  add('GET', 'the e-mail verification page', () => '/verify-email');
  add('GET', "a checkout's return page", () => '/payment/success');
  add('GET', 'a web page with a credential in its path', (secret) => `/account/${secret()}`);
  add('GET', 'a static file', () => '/assets/main-abc123.js');
  add('GET', 'a missing static file named like a credential', (secret) => `/assets/${secret()}.js`);
  add('GET', 'an unmatched API route', (secret) => `/api/no-such-route/${secret()}`);
  add('GET', "a signed link longer than the router's parameters", (secret) => `/api/videos/captions/${secret()}${secret()}${secret()}/es`);
  add('HEAD', 'a tus upload', () => `/api/uploads/${randomUUID()}`);
  add('PATCH', 'a tus upload', () => `/api/uploads/${randomUUID()}`);
  add('GET', 'the metrics', () => '/metrics');
  add('GET', 'the sitemap', () => '/sitemap.xml');
  return probes;
}

/** A stand-in build of the web app, so that its pages and static files are served. */
function writeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log("app");');
  return dir;
}

type LogLine = { msg: string; req?: { url: string } };

describe('credentials in URLs never reach the access log or the traces', () => {
  let collector: OtlpCollector;
  let tracing: Tracing;
  let app: App;
  let dataDir: string;
  let distDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    collector = await startOtlpCollector();
    dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-redaction-'));
    distDir = writeBuild();
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
        TRANSCODE_CONCURRENCY: '0',
        LOG_LEVEL: 'info',
        SLOW_REQUEST_MS: '60000',
        GITHUB_CLIENT_ID: 'test-client',
        GITHUB_CLIENT_SECRET: 'test-client-secret',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      }),
      webDistDir: distDir,
    };
    tracing = await startTracing(config.tracing);
    app = await buildApp(config, { database: await testDatabase(), logStream: { write: (line) => lines.push(line) } });
  });

  afterAll(async () => {
    await app?.close();
    if (tracingIsOn()) await tracing.shutdown();
    await collector?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  /** Sends the probe under a trace of its own; answers what it logged and its SERVER span. */
  async function send(probe: Probe): Promise<{ logged: LogLine[]; raw: string; span: CollectedSpan | undefined }> {
    const traceId = randomBytes(16).toString('hex');
    const before = lines.length;
    await app.inject({ method: probe.method, url: probe.url, headers: { origin: TEST_ORIGIN, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
    await tracing.flush();
    const raw = lines.slice(before).join('\n');
    const span = collector.spans.find((candidate) => candidate.traceId === traceId && candidate.kind === SPAN_KIND.server);
    return { logged: lines.slice(before).map((line) => JSON.parse(line) as LogLine), raw, span };
  }

  async function expectNoCredential(probe: Probe) {
    const { logged, raw, span } = await send(probe);
    const requestLines = logged.filter((line) => line.req);
    // Still one line naming the request, and the span: what is redacted is the credential, not the request.
    expect(requestLines.length, probe.label).toBeGreaterThan(0);
    expect(requestLines[0]!.req!.url, probe.label).toContain('page=2');
    expect(requestLines[0]!.req!.url, probe.label).toContain(`token=${REDACTED}`);
    expect(span, probe.label).toBeDefined();
    expect(span!.attributes['url.query'], probe.label).toContain('page=2');
    const traced = JSON.stringify({ name: span!.name, attributes: span!.attributes });
    for (const secret of probe.secrets) {
      expect(raw, `${probe.label}: the log line of ${probe.url}`).not.toContain(secret);
      expect(traced, `${probe.label}: the span of ${probe.url}`).not.toContain(secret);
    }
  }

  it('walks every route of the endpoint table with credential-shaped path parameters and secret query values: none is logged or traced', async () => {
    const probes = Object.entries(endpoints).map(([name, endpoint]) => probeOf(name, endpoint as Endpoint));
    // The walk reaches the signed links: were no parameter ever credential-shaped, it would prove nothing.
    expect(probes.filter((probe) => probe.secrets.length > SECRET_QUERY_NAMES.length).map((probe) => probe.label)).toEqual(
      expect.arrayContaining([expect.stringContaining('/api/videos/captions/:token/:language'), expect.stringContaining('/api/resources/:token'), expect.stringContaining('/api/videos/stream/:token')]),
    );
    for (const probe of probes) await expectNoCredential(probe);
  });

  it("redacts the routes served outside the table too: better-auth's, the test payment pages, the web pages, static files, unmatched paths, tus uploads", async () => {
    for (const probe of probesOutsideTheTable()) await expectNoCredential(probe);
  });

  it('keeps the route and the ordinary parts of a URL: only the declared credential goes', async () => {
    const token = credentialShapes()[0]!;
    const { logged, span } = await send({ method: 'GET', url: `/api/videos/captions/${token}/es?page=2`, secrets: [token], label: 'caption link' });
    expect(logged.find((line) => line.req)?.req?.url).toBe(`/api/videos/captions/${REDACTED}/es?page=2`);
    expect(span).toMatchObject({ name: 'GET /api/videos/captions/:token/:language', attributes: { 'url.path': `/api/videos/captions/${REDACTED}/es`, 'url.query': 'page=2' } });
    const plain = await send({ method: 'GET', url: '/api/courses/424242?sort=rating', secrets: [], label: 'course page' });
    expect(plain.logged.find((line) => line.req)?.req?.url).toBe('/api/courses/424242?sort=rating');
  });
});
