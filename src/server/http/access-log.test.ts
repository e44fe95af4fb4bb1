import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createServer } from './server';

type LogLine = { level: number; msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number };

const WARN = 40;

/** The server's own pipeline (no features) with two extra routes: one that fails, one that takes its time. */
async function serverLogging(settings: Record<string, string>) {
  const lines: LogLine[] = [];
  const config = loadConfig({ DATA_DIR: '.tmp/access-log-test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', LOG_LEVEL: 'info', ...settings });
  const app = createServer(config, { logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } }, {});
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('broken on purpose');
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    return { ok: true };
  });
  await app.ready();
  return { app, lines, requestLines: () => lines.filter((line) => line.req) };
}

describe('the access log', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('writes one line per answer by default, with the request id, route, status and time taken', async () => {
    const { app, requestLines } = await serverLogging({ SLOW_REQUEST_MS: '60000' });
    close = () => app.close();
    const answer = await app.inject({ url: '/ok?page=2', headers: { 'x-request-id': 'req-123' } });
    expect(answer.statusCode).toBe(200);
    const lines = requestLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', reqId: 'req-123', req: { method: 'GET', url: '/ok?page=2' }, res: { statusCode: 200 } });
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('with ACCESS_LOG_SAMPLE=0 leaves ordinary answers out, but still logs failures and slow answers as warnings', async () => {
    const { app, requestLines } = await serverLogging({ ACCESS_LOG_SAMPLE: '0', SLOW_REQUEST_MS: '600' });
    close = () => app.close();
    for (let i = 0; i < 20; i += 1) await app.inject({ url: '/ok' });
    await app.inject({ url: '/no-such-route' });
    expect(requestLines()).toEqual([]);

    expect((await app.inject({ url: '/boom' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/slow' })).statusCode).toBe(200);
    expect(requestLines()).toMatchObject([
      { level: WARN, msg: 'request failed', req: { url: '/boom' }, res: { statusCode: 500 } },
      { level: WARN, msg: 'slow request', req: { url: '/slow' }, res: { statusCode: 200 } },
    ]);
  });

  it('samples about the share asked for', async () => {
    const { app, requestLines } = await serverLogging({ ACCESS_LOG_SAMPLE: '0.5', SLOW_REQUEST_MS: '60000' });
    close = () => app.close();
    for (let i = 0; i < 200; i += 1) await app.inject({ url: '/ok' });
    // Binomial(200, 0.5): outside 60..140 once in about 10^8 runs.
    expect(requestLines().length).toBeGreaterThan(60);
    expect(requestLines().length).toBeLessThan(140);
  });
});
