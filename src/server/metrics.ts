import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheCounters } from './cache-counters';
import type { Database, PoolUse } from './db/client';
import { AppError } from './errors';
import { isLoopback } from './http/loopback';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus metrics: its registry, and the counters the caches and jobs feed. */
    metrics: Metrics;
  }
}


/** Where the operator's scraper reads (Prometheus's default path; not part of the public API). */
export const METRICS_PATH = '/metrics';

/** Latency buckets in seconds: the API answers in milliseconds, a cold rendered page in tens of them. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A transcode takes seconds to an hour. */
const TRANSCODE_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600];

/** Requests that matched no route share one label, so a scan of random URLs adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

type Series = { labels: Record<string, string>; counts: Float64Array; sum: number; count: number };

/**
 * A histogram whose observation is a few array operations: prom-client's own validates and
 * hashes the labels on every call (about 2 µs here, under load), too much for every request.
 * It keeps one series per route, method and status, found through maps keyed by the route's own
 * pattern string (the same string on every request, its hash computed once), and hands
 * prom-client the buckets only when scraped (a registry accepts any object with `get()`).
 */
class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Series[] = [];
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, value: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, counts: new Float64Array(this.buckets.length), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.series.push(series);
    }
    const { buckets } = this;
    let bucket = 0;
    while (bucket < buckets.length && value > buckets[bucket]!) bucket++;
    if (bucket < buckets.length) series.counts[bucket]! += 1;
    series.sum += value;
    series.count += 1;
  }

  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum, count } of this.series) {
      let cumulative = 0;
      this.buckets.forEach((le, index) => {
        cumulative += counts[index]!;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.length = 0;
    this.byRoute.clear();
  }
}

/**
 * The process's metrics, in a registry of its own (tests build many apps in one process). The
 * counters are fed as things happen; whatever the database knows (queues, outbox) is read by
 * collect callbacks, only when scraped.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration = new RequestHistogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by method, matched route pattern and status (its _count is the request rate)',
    LATENCY_BUCKETS,
  );
  /** Each cache's lookups, counted in plain numbers and handed to prom-client when scraped. */
  private readonly cacheTallies = new Map<string, { hits: number; misses: number }>();
  readonly transcodeDuration: Histogram<'outcome'>;
  readonly webhookFailures: Counter<'reason'>;
  /** What answers a scrape: this process's registry, or (in a cluster) the sum over the workers. */
  scrape: () => Promise<string> = () => this.registry.metrics();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // 1 per process: a cluster's sum says how many workers answered the scrape.
    new Gauge({ name: 'server_processes', help: 'Server processes whose metrics this scrape sums (WEB_CONCURRENCY workers in a cluster)', registers: [this.registry] }).set(1);
    this.registry.registerMetric(this.requestDuration as unknown as Parameters<Registry['registerMetric']>[0]);
    const tallies = this.cacheTallies;
    const reported = new Map<string, { hits: number; misses: number }>();
    new Counter({
      name: 'cache_lookups_total',
      help: 'Lookups of each in-process cache, by result (hit: answered from memory; miss: loaded)',
      labelNames: ['cache', 'result'],
      registers: [this.registry],
      collect() {
        for (const [cache, tally] of tallies) {
          const last = reported.get(cache) ?? { hits: 0, misses: 0 };
          this.inc({ cache, result: 'hit' }, tally.hits - last.hits);
          this.inc({ cache, result: 'miss' }, tally.misses - last.misses);
          reported.set(cache, { ...tally });
        }
      },
    });
    this.transcodeDuration = new Histogram({
      name: 'transcode_duration_seconds',
      help: 'Time a video transcode to HLS took, by outcome (done, retry, failed)',
      labelNames: ['outcome'],
      buckets: TRANSCODE_BUCKETS,
      registers: [this.registry],
    });
    this.webhookFailures = new Counter({
      name: 'payment_webhook_failures_total',
      help: "Payment provider webhooks refused or failed, by reason (signature: not the provider's; processing: the event could not be applied)",
      labelNames: ['reason'],
      registers: [this.registry],
    });
  }

  /** The counters a cache named `name` reports its lookups to (one series per cache and result). */
  cache(name: string): CacheCounters {
    // Listed from the start at 0, so that a rate over a cache not used yet is 0 rather than absent.
    const tally = { hits: 0, misses: 0 };
    this.cacheTallies.set(name, tally);
    return { hit: () => void tally.hits++, miss: () => void tally.misses++ };
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe(method, route, status, seconds);
  }

  /**
   * A counter another part keeps as plain running totals (`read` answers them by label value),
   * handed to prom-client when scraped: nothing is spent on the request's path.
   */
  totals(options: { name: string; help: string; labelName: string; read: () => Record<string, number> }): void {
    const { read, labelName, ...rest } = options;
    const reported = new Map<string, number>();
    new Counter({
      ...rest,
      labelNames: [labelName],
      registers: [this.registry],
      collect() {
        for (const [value, total] of Object.entries(read())) {
          this.inc({ [labelName]: value }, total - (reported.get(value) ?? 0));
          reported.set(value, total);
        }
      },
    });
  }

  /** A gauge read at scrape time; `aggregator` says how a cluster combines the workers' values. */
  gauge<L extends string>(options: { name: string; help: string; labelNames?: readonly L[]; aggregator?: 'sum' | 'max'; collect: (gauge: Gauge<L>) => Promise<void> | void }): void {
    const { collect, ...rest } = options;
    new Gauge<L>({
      ...rest,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }
}

/**
 * Counts every answer by its route's pattern (`/api/courses/:id`, never the URL itself: bounded
 * cardinality) and status, in one histogram observation, after the answer has gone.
 */
function registerRequestMetrics(app: FastifyInstance): Metrics {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return metrics;
}

/** A database reading shared by the gauges one query fills: a scrape collects them all at once. */
function perScrape<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= load().finally(() => {
      running = null;
    });
    return running;
  };
}

type QueueRow = { queue: string; state: string; jobs: number; oldest_seconds: number | null };
type OutboxRow = { waiting: number; oldest_seconds: number | null };

/**
 * What the database knows and an operator watches: the job queues' depth and age, the mail
 * outbox's backlog, and the connection pool (on the PostgreSQL server; the embedded PGlite is one
 * connection and has none). Read only when scraped, each an index scan of the unfinished rows.
 * A reading that fails (the database away) leaves its gauges empty rather than failing the scrape.
 */
export function registerDatabaseMetrics(metrics: Metrics, db: Database, pool?: () => PoolUse): void {
  const queues = perScrape(async () => {
    const result = await db.execute<QueueRow>(sql`
      select queue, state, count(*)::int as jobs,
        extract(epoch from now() - min(run_at) filter (where run_at <= now()))::float8 as oldest_seconds
      from jobs where state in ('queued', 'running') group by queue, state`);
    return result.rows;
  });
  const outbox = perScrape(async () => {
    const result = await db.execute<OutboxRow>(sql`
      select count(*)::int as waiting, extract(epoch from now() - min(created_at))::float8 as oldest_seconds
      from mail_outbox where sent_at is null and failed_at is null`);
    return result.rows[0] ?? { waiting: 0, oldest_seconds: null };
  });
  const fill = async <L extends string, T>(gauge: Gauge<L>, read: () => Promise<T>, set: (value: T) => void) => {
    gauge.reset();
    try {
      set(await read());
    } catch {
      // Left empty: the scrape still answers with everything else.
    }
  };

  // Every worker reads the same rows: a cluster reports the value once (max), not N times (sum).
  metrics.gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting (queued) or being worked on (running), by queue',
    labelNames: ['queue', 'state'] as const,
    aggregator: 'max',
    collect: (gauge) => fill(gauge, queues, (rows) => rows.forEach((row) => gauge.set({ queue: row.queue, state: row.state }, row.jobs))),
  });
  metrics.gauge({
    name: 'job_queue_oldest_age_seconds',
    help: 'How long the oldest due job of each queue has been waiting (queued) or held (running) since it was due',
    labelNames: ['queue', 'state'] as const,
    aggregator: 'max',
    collect: (gauge) =>
      fill(gauge, queues, (rows) => rows.forEach((row) => gauge.set({ queue: row.queue, state: row.state }, row.oldest_seconds ?? 0))),
  });
  metrics.gauge({
    name: 'mail_outbox_backlog',
    help: 'E-mails not sent yet (neither sent nor given up on)',
    aggregator: 'max',
    collect: (gauge) => fill(gauge, outbox, (row) => gauge.set(row.waiting)),
  });
  metrics.gauge({
    name: 'mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail not sent yet (0 when none waits)',
    aggregator: 'max',
    collect: (gauge) => fill(gauge, outbox, (row) => gauge.set(row.oldest_seconds ?? 0)),
  });
  if (!pool) return;
  metrics.gauge({
    name: 'db_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state (total open, idle), and the pool size (max)',
    labelNames: ['state'] as const,
    collect: (gauge) => {
      const { total, idle, max } = pool();
      gauge.set({ state: 'total' }, total);
      gauge.set({ state: 'idle' }, idle);
      gauge.set({ state: 'max' }, max);
    },
  });
  metrics.gauge({
    name: 'db_pool_waiting_queries',
    help: 'Queries waiting for a free connection of the pool',
    collect: (gauge) => gauge.set(pool().waiting),
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may scrape: a client on this machine, or one that sends `Authorization: Bearer <token>`.
 * "This machine" is the socket's peer, never a header the client writes; and a request a proxy
 * on this machine forwarded (it says so in X-Forwarded-For or Forwarded) comes from further away.
 */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const { authorization } = request.headers;
  if (token && authorization?.startsWith('Bearer ')) {
    // Digests of equal length, compared in constant time: the answer's timing says nothing of the token.
    return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(token));
  }
  const peer = request.raw.socket.remoteAddress ?? '';
  return isLoopback(peer) && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/**
 * The scrape endpoint, in Prometheus's text format. An operator's route, not the API's: outside
 * /api, the endpoint table and the API docs, like the sitemap. A refused caller gets the usual
 * error answer (401).
 */
function registerMetricsRoute(app: FastifyInstance, { token }: { token: string | undefined }): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, token)) throw new AppError('UNAUTHENTICATED', 'Metrics are open to this machine, or with the metrics token');
    const body = await app.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
  });
}

/**
 * The request metrics and the scrape route, as a plugin of the app (not encapsulated: its hook
 * sees every route). Register it first among the hooks but tracing's, so that the caches built
 * after it can report to `app.metrics`.
 */
export const requestMetrics = fp(
  async (app: FastifyInstance, { token }: { token: string | undefined }) => {
    registerRequestMetrics(app);
    registerMetricsRoute(app, { token });
  },
  { name: 'request-metrics' },
);

/** How the stored server-drawn pages were served, read from the store's own counts when scraped. */
export function registerRenderedPageMetrics(
  metrics: Metrics,
  // The store's own counts (web/page-store.ts), by shape: the metrics layer imports no web module.
  stats: () => { memoryHits: number; storedHits: number; revalidated: number; renders: number; memoryBytes: number },
): void {
  metrics.totals({
    name: 'rendered_pages_served_total',
    help: 'Stored server-drawn pages (course, teacher, fixed pages) by how they were served: memory, stored (one database read), revalidated (data fetched again, unchanged) or rendered (drawn by React)',
    labelName: 'source',
    read: () => {
      const { memoryHits, storedHits, revalidated, renders } = stats();
      return { memory: memoryHits, stored: storedHits, revalidated, rendered: renders };
    },
  });
  metrics.gauge({ name: 'rendered_pages_memory_bytes', help: 'Compressed bytes of stored pages this process keeps in memory (RENDERED_PAGE_MEMORY_MB bounds it)', collect: (gauge) => gauge.set(stats().memoryBytes) });
}
