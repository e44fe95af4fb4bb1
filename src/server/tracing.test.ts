import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers/database';
import { SPAN_KIND, STATUS_ERROR, startOtlpCollector, type CollectedSpan, type OtlpCollector } from '../../test/helpers/otlp-collector';
import { useSmtpServer } from '../../test/helpers/smtp';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { createSmtpTransport } from './mail/sender';
import { startTracing, tracingIsOn, type Tracing } from './tracing';

/** What a caller that traces sends: its trace, and its own span as the parent. */
const CALLER_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const traceparent = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;
/** A credential in the query of a URL the app fetches (some providers take tokens there). */
const OUTGOING_SECRET = 'Qm7OutgoingAccessToken0123456789';

/** Another server the app calls: answers `{}` to everything and keeps the `traceparent` each path came with. */
async function startCalledServer() {
  const traceparents = new Map<string, string | string[] | undefined>();
  const server = http.createServer((request, response) => {
    traceparents.set(request.url ?? '', request.headers.traceparent);
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(request.method === 'HEAD' ? undefined : '{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}`, traceparents, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  const smtp = useSmtpServer();
  let collector: OtlpCollector;
  let called: Awaited<ReturnType<typeof startCalledServer>>;
  let tracing: Tracing;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    called = await startCalledServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-tracing-'));
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
        TRANSCODE_CONCURRENCY: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=a%20secret%2Ckey',
      }),
      webDistDir: undefined,
    };
    tracing = await startTracing(config.tracing);
    app = await buildApp(config, { database: await testDatabase(), logger: false });
    // Routes of this test only: calls out through fetch, the Stripe SDK and the S3 SDK (node:http), and a failure.
    const stripe = new Stripe('sk_test_tracing', { host: '127.0.0.1', port: called.port, protocol: 'http', maxNetworkRetries: 0 });
    const s3 = new S3Client({ endpoint: called.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    app.get('/test/calls-out', async () => {
      await (await fetch(`${called.url}/fetched?access_token=${OUTGOING_SECRET}&page=2`)).json();
      await stripe.balance.retrieve();
      await s3.send(new HeadBucketCommand({ Bucket: 'videos' }));
      return { done: true };
    });
    app.get('/test/fails', async () => {
      throw new Error('the disk is on fire');
    });
    app.post('/test/reads-body', async (request) => {
      const { rows } = await app.db.execute(sql`select count(*)::int as courses from courses`);
      return { body: request.body, rows };
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    if (tracingIsOn()) await tracing.shutdown();
    await called?.close();
    await collector?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The spans of one trace, once the app has sent what it ended. */
  const traceOf = async (traceId: string) => {
    await tracing.flush();
    return collector.spans.filter((span) => span.traceId === traceId);
  };
  const serverSpan = (spans: CollectedSpan[]) => {
    const found = spans.filter((span) => span.kind === SPAN_KIND.server);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it("makes a request's span, named by its route's pattern, a child of the caller's traceparent, with a span per SQL statement beneath it", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/courses/424242', headers: { traceparent: traceparent(CALLER_TRACE_ID, CALLER_SPAN_ID) } });
    expect(response.statusCode).toBe(404);
    const spans = await traceOf(CALLER_TRACE_ID);
    const request = serverSpan(spans);
    expect(request).toMatchObject({ name: 'GET /api/courses/:id', parentSpanId: CALLER_SPAN_ID });
    expect(request.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/courses/:id', 'url.path': '/api/courses/424242', 'http.response.status_code': 404 });
    expect(request.status.code).not.toBe(STATUS_ERROR);
    expect(request.resource['service.name']).toBe('marketplace');

    const statements = spans.filter((span) => span.attributes['db.system'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((span) => span.parentSpanId === request.spanId).length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(SPAN_KIND.client);
      expect(statement.name).toMatch(/^[A-Z]+( \w+)?$/);
      expect(statement.attributes['db.query.text']).not.toContain('424242');
    }
    expect(statements.map((span) => span.name)).toContain('SELECT courses');
  });

  it('names every request no route matched alike, and marks a 5xx as an error', async () => {
    const unmatchedTrace = 'a1'.repeat(16);
    await app.inject({ method: 'GET', url: '/api/no-such-thing/123', headers: { traceparent: traceparent(unmatchedTrace, CALLER_SPAN_ID) } });
    const unmatched = serverSpan(await traceOf(unmatchedTrace));
    expect(unmatched.name).toBe('GET unmatched');
    expect(unmatched.attributes['http.route']).toBeUndefined();

    const failedTrace = 'b2'.repeat(16);
    const response = await app.inject({ method: 'GET', url: '/test/fails', headers: { traceparent: traceparent(failedTrace, CALLER_SPAN_ID) } });
    expect(response.statusCode).toBe(500);
    const failed = serverSpan(await traceOf(failedTrace));
    expect(failed).toMatchObject({ name: 'GET /test/fails', status: { code: STATUS_ERROR, message: 'the disk is on fire' } });
    expect(failed.attributes['http.response.status_code']).toBe(500);
  });

  it('makes a CLIENT span of each outgoing call (fetch, and node:http for the Stripe and S3 SDKs), without the credentials in its query; fetch passes the trace on', async () => {
    const traceId = 'c3'.repeat(16);
    const response = await app.inject({ method: 'GET', url: '/test/calls-out', headers: { traceparent: traceparent(traceId, CALLER_SPAN_ID) } });
    expect(response.statusCode).toBe(200);
    const spans = await traceOf(traceId);
    const request = serverSpan(spans);
    const calls = spans.filter((span) => span.kind === SPAN_KIND.client && span.parentSpanId === request.spanId);
    const callTo = (pathname: string) => calls.find((span) => String(span.attributes['url.full']).startsWith(`${called.url}${pathname}`));

    const fetched = callTo('/fetched');
    expect(fetched).toMatchObject({ name: 'GET', attributes: { 'http.response.status_code': 200 } });
    expect(called.traceparents.get(`/fetched?access_token=${OUTGOING_SECRET}&page=2`)).toBe(traceparent(traceId, fetched!.spanId));
    // The call's credentials stay out of the span, as the requests' own do.
    expect(fetched!.attributes).toMatchObject({ 'url.full': `${called.url}/fetched?access_token=[redacted]&page=2`, 'url.query': '?access_token=[redacted]&page=2' });
    expect(JSON.stringify(spans)).not.toContain(OUTGOING_SECRET);
    expect(callTo('/v1/balance')).toMatchObject({ name: 'GET', attributes: { 'server.address': '127.0.0.1', 'http.response.status_code': 200 } });
    expect(callTo('/videos')).toMatchObject({ name: 'HEAD', attributes: { 'http.response.status_code': 200 } });
  });

  it("keeps a request's context through the reading of its body, arriving after its head on a real connection", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const traceId = 'd4'.repeat(16);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${address}/test/reads-body`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: traceparent(traceId, CALLER_SPAN_ID) },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      request.on('error', reject);
      // The body comes after the head, in a later packet: read in events of its own.
      request.flushHeaders();
      setTimeout(() => request.end('{"a":1}'), 20);
    });
    expect(status).toBe(200);
    const spans = await traceOf(traceId);
    const request = serverSpan(spans);
    expect(spans.find((span) => span.name === 'SELECT courses')?.parentSpanId).toBe(request.spanId);
  });

  it('makes a CLIENT span of each e-mail handed to the SMTP server, a failed one marked as an error', async () => {
    const transport = createSmtpTransport(smtp.url, 'Cursos <no-reply@example.com>');
    const mail = { subject: 'Traced', text: 'text', html: '<p>html</p>', link: 'http://localhost/' };
    await transport.send('someone@example.com', mail);
    smtp.setRefusing(true);
    await expect(transport.send('someone@example.com', mail)).rejects.toThrow();
    smtp.setRefusing(false);
    transport.close();
    await tracing.flush();
    const sends = collector.spans.filter((span) => span.name === 'SMTP send');
    expect(sends).toHaveLength(2);
    for (const send of sends) expect(send).toMatchObject({ kind: SPAN_KIND.client, attributes: { 'server.address': '127.0.0.1', 'server.port': smtp.port } });
    expect(sends.map((send) => send.status.code === STATUS_ERROR)).toEqual([false, true]);
  });

  it('sends the OTLP headers it is given with each export', () => {
    expect(collector.exports.length).toBeGreaterThan(0);
    for (const headers of collector.exports) expect(headers['x-collector-key']).toBe('a secret,key');
  });

  it('sends what is left when it shuts down', async () => {
    const traceId = 'e5'.repeat(16);
    await app.inject({ method: 'GET', url: '/api/courses/7', headers: { traceparent: traceparent(traceId, CALLER_SPAN_ID) } });
    await tracing.shutdown();
    expect(tracingIsOn()).toBe(false);
    expect(collector.spans.filter((span) => span.traceId === traceId && span.kind === SPAN_KIND.server)).toHaveLength(1);
  });
});
