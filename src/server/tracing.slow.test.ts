import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPAN_KIND, startOtlpCollector, type OtlpCollector } from '../../test/helpers/otlp-collector';

const port = 3290 + Number(process.env.VITEST_POOL_ID ?? 0);
const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-tracing-main-'));
const packagesReport = path.join(dataDir, 'loaded-packages.json');

/**
 * `src/server/main.ts` as production runs it, with `env` added: it answers one request that reads
 * the database (sent with a `traceparent` of `traceId`) and is stopped by SIGTERM. Answers the npm packages it had loaded.
 */
async function serveOneRequest(env: Record<string, string>, traceId: string): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/helpers/report-loaded-packages.ts', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', REPORT_LOADED_PACKAGES_TO: packagesReport, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let ready = false;
  for (let attempt = 0; attempt < 750 && !ready; attempt++) {
    ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((response) => response.ok, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(ready).toBe(true);
  const response = await fetch(`http://127.0.0.1:${port}/api/ready`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
  expect(response.status).toBe(200);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return JSON.parse(readFileSync(packagesReport, 'utf8')) as string[];
}

describe('the server with and without traces', () => {
  let collector: OtlpCollector;
  beforeAll(async () => {
    collector = await startOtlpCollector();
  });
  afterAll(async () => {
    await collector?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads no OpenTelemetry SDK package when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const packages = await serveOneRequest({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, '11'.repeat(16));
    expect(packages).toContain('fastify');
    expect(packages.filter((name) => name.startsWith('@opentelemetry/') && name !== '@opentelemetry/api')).toEqual([]);
    expect(collector.spans).toHaveLength(0);
  }, 180_000);

  it('sends its spans when set, the last ones as it stops (the batch would wait 10 minutes)', async () => {
    const traceId = '22'.repeat(16);
    const packages = await serveOneRequest({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '600000', OTEL_SERVICE_NAME: 'marketplace-main-test' }, traceId);
    expect(packages).toContain('@opentelemetry/sdk-trace-base');
    const request = collector.spans.find((span) => span.traceId === traceId && span.kind === SPAN_KIND.server);
    expect(request).toMatchObject({ name: 'GET /api/ready', attributes: { 'http.response.status_code': 200 } });
    expect(request!.resource['service.name']).toBe('marketplace-main-test');
    expect(collector.spans.some((span) => span.traceId === traceId && span.parentSpanId === request!.spanId && span.attributes['db.system'] === 'postgresql')).toBe(true);
  }, 180_000);
});
