/** autocannon, run one scenario at a time and summed up as one result row. */
import { createRequire } from 'node:module';
import type { Options, Request, Result } from 'autocannon';
import { BARE_PATH, startBareServer } from './bare-server';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (options: Options) => Promise<Result>;

export type Row = {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts (autocannon's 10 s) and answers of 4xx/5xx. */
  errors: number;
  /** req/s over the bare JSON route's req/s in the same run. */
  ratio?: number;
  mibPerSecond?: number;
  /** Answers outside 2xx by status code, to tell what the errors were. */
  rejected?: Record<string, number>;
};

/** Every body is dropped unread: autocannon would otherwise decode binary video bytes as text. */
export function skipResponseBodies() {
  (require('autocannon/lib/pipelinedRequestsQueue') as { prototype: { addBody: () => void } }).prototype.addBody = () => {};
}

export async function measure(scenario: string, options: Options): Promise<Row> {
  const result = await autocannon(options);
  const byStatus = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
  const rejected: Record<string, number> = Object.fromEntries(
    Object.entries(byStatus)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, { count }]) => [status, count]),
  );
  // autocannon's `errors` counts timeouts too.
  if (result.timeouts) rejected.timeouts = result.timeouts;
  if (result.errors > result.timeouts) rejected['connection errors'] = result.errors - result.timeouts;
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: Object.values(rejected).reduce((sum, count) => sum + count, 0),
    mibPerSecond: result.throughput.average / 1024 ** 2,
    ...(Object.keys(rejected).length ? { rejected } : {}),
  };
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export type Scenario = { name: string; requests: () => Request[] };

/** The same fixed paths, in turn, on every connection. */
export const fixedPaths = (name: string, paths: string[], headers?: Record<string, string>): Scenario => ({
  name,
  requests: () => paths.map((path) => ({ method: 'GET', path, ...(headers ? { headers } : {}) })),
});

/** A new path for every request. */
export const randomPath = (name: string, next: () => string, headers?: Record<string, string>): Scenario => ({
  name,
  requests: () => [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next(), ...(headers ? { headers } : {}) }) }],
});

/** What a browser sends with a page request: the page comes compressed, as visitors get it. */
export const browserPageHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'es-ES,es;q=0.9' };

export type MeasuredRow = Row & { peakMib: number };

/** Measured rounds per scenario (the median is kept): BENCH_ROUNDS, 3 by default. */
export const benchRounds = () => Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);

const BARE_SCENARIO = 'bare Fastify (own process, one JSON route, no plugins): GET /api/health';

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((left, right) => left.rps - right.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Runs the scenarios against one server, next to a bare Fastify server started for the run
 * (the yardstick of every ratio): a short warm-up pass of each (JIT, connection pool,
 * caches), then `rounds` rounds in which the bare server and each scenario are measured in
 * turn; each row is the round with the median req/s, and its ratio is that median over the
 * bare server's median. After each scenario, the app server's peak memory so far is noted.
 */
export async function runScenarios(
  server: { url: string; peakMemoryMib(): number },
  scenarios: Scenario[],
  options: { duration: number; connections: number; warmUpSeconds?: number; rounds?: number },
): Promise<MeasuredRow[]> {
  const bare = await startBareServer();
  try {
    const targets = [{ scenario: fixedPaths(BARE_SCENARIO, [BARE_PATH]), url: bare.url, peak: () => bare.peakMemoryMib() }, ...scenarios.map((scenario) => ({ scenario, url: server.url, peak: () => server.peakMemoryMib() }))];
    const run = (target: (typeof targets)[number], duration: number) =>
      measure(target.scenario.name, { url: target.url, connections: options.connections, duration, requests: target.scenario.requests() });
    const warmUp = options.warmUpSeconds ?? Math.min(2, options.duration);
    for (const target of targets) await run(target, warmUp);
    const rounds = options.rounds ?? benchRounds();
    const byTarget = targets.map(() => [] as Row[]);
    const peaks = targets.map(() => 0);
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, target] of targets.entries()) {
        const row = await run(target, options.duration);
        byTarget[index]!.push(row);
        peaks[index] = target.peak();
        console.log(`  [${round}/${rounds}] ${row.scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.rejected ? ` ${JSON.stringify(row.rejected)}` : ''}`);
      }
    }
    const medians = byTarget.map(median);
    const baseline = medians[0]!;
    return medians.map((row, index) => {
      // Errors of every round count, not only the median one's.
      const errors = byTarget[index]!.reduce((sum, each) => sum + each.errors, 0);
      return { ...row, errors, peakMib: peaks[index]!, ratio: index === 0 ? 1 : baseline.rps > 0 ? row.rps / baseline.rps : 0 };
    });
  } finally {
    await bare.stop();
  }
}
