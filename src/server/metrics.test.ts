import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { mailOutbox } from './db/schema';
import { WEBHOOK_PATH } from './features/orders';
import { METRICS_PATH } from './metrics';
import { enqueueJob } from './queue/queue';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of the series whose name and labels are given exactly, or undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics endpoint', () => {
  const ctx = useTestApp({ METRICS_TOKEN: TOKEN });
  const scrape = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  describe('who may read it', () => {
    it('answers this machine, in Prometheus text format', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress });
        expect(response.statusCode, remoteAddress).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
      }
    });

    it('refuses another machine without the token, or with a wrong one, in the usual error shape', async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-of-the-same-kind-01' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }]) {
        const response = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '203.0.113.7', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHENTICATED');
        expect(response.body).not.toContain('http_request_duration_seconds');
      }
    });

    it('answers another machine that sends the token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('process_cpu_seconds_total');
    });

    it('takes no header for this machine: a claimed address, or a request a local proxy forwarded, is refused', async () => {
      const claimed = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } });
      expect(claimed.statusCode).toBe(401);
      const forwarded = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(forwarded.statusCode).toBe(401);
      const standard = await ctx.app.inject({ method: 'GET', url: METRICS_PATH, remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } });
      expect(standard.statusCode).toBe(401);
    });
  });

  it('labels requests with the route pattern, never the URL, and every unknown path with one label', async () => {
    for (const id of [101, 202, 303]) await ctx.app.inject({ method: 'GET', url: `/api/courses/${id}` });
    for (const path of ['/api/no-such-thing-1', '/api/no-such-thing-2', '/wp-admin/x.php']) await ctx.app.inject({ method: 'GET', url: path });
    const text = await scrape();
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="GET",route="/api/courses/:id",status="404"}')).toBe(3);
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(3);
    expect(text).not.toMatch(/route="[^"]*(101|202|303|no-such-thing|wp-admin)/);
  });

  it("counts each cache's hits and misses", async () => {
    const before = await scrape();
    const counted = (text: string, result: string) => seriesValue(text, `cache_lookups_total{cache="catalog",result="${result}"}`) ?? 0;
    await ctx.app.inject({ method: 'GET', url: '/api/courses?page=1' });
    await ctx.app.inject({ method: 'GET', url: '/api/courses?page=1' });
    const after = await scrape();
    expect(counted(after, 'miss')).toBeGreaterThan(counted(before, 'miss'));
    expect(counted(after, 'hit')).toBeGreaterThan(counted(before, 'hit'));
    for (const cache of ['session', 'course', 'rendered-pages', 'hls-playlists']) expect(after).toContain(`cache="${cache}"`);
  });

  it('reports the depth of each job queue and the mail outbox backlog, read when scraped', async () => {
    await enqueueJob(ctx.db, { queue: 'metrics-test', payload: {}, ownerId: null });
    await enqueueJob(ctx.db, { queue: 'metrics-test', payload: {}, ownerId: null });
    await ctx.db.insert(mailOutbox).values({ kind: 'password-reset', recipient: 'someone@example.com', language: 'en', data: {} });
    const text = await scrape();
    expect(seriesValue(text, 'job_queue_depth{queue="metrics-test",state="queued"}')).toBe(2);
    expect(seriesValue(text, 'job_queue_oldest_age_seconds{queue="metrics-test",state="queued"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'mail_outbox_backlog')).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('counts payment webhooks refused for their signature', async () => {
    const counted = (text: string) => seriesValue(text, 'payment_webhook_failures_total{reason="signature"}') ?? 0;
    const before = counted(await scrape());
    const response = await ctx.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' }, payload: '{"id":"evt_1"}' });
    expect(response.statusCode).toBe(400);
    expect(counted(await scrape())).toBe(before + 1);
  });
});
