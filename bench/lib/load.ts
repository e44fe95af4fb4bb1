/** autocannon, run one scenario at a time and summed up as one result row. */
import { createRequire } from 'node:module';
import os from 'node:os';
import type { Options, Request, Result } from 'autocannon';
import { BARE_PATH, startBareServer } from './bare-server';
import { watchMemory } from './server';

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

let answeredByApp = 0;
/** Answers the app server gave under runScenarios so far (warm-up included), e.g. to tell its log lines per request. */
export const appAnswers = () => answeredByApp;

export async function measure(scenario: string, options: Options): Promise<Row & { answers: number }> {
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
    answers: result.requests.total,
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

/**
 * Waits until the app answers its health route quickly again (twice under 50 ms, at most 60 s):
 * a scenario whose answers are slower than its clients' patience (server-rendered misses) leaves
 * work queued after its clients are gone, and the next scenario would measure that backlog.
 */
export async function settle(url: string, { fastMs = 50, timeoutMs = 60_000 } = {}): Promise<number> {
  const started = performance.now();
  let fastInARow = 0;
  while (fastInARow < 2 && performance.now() - started < timeoutMs) {
    const asked = performance.now();
    try {
      await (await fetch(`${url}/api/health`)).arrayBuffer();
    } catch {
      // still busy or closing connections: try again
    }
    fastInARow = performance.now() - asked < fastMs ? fastInARow + 1 : 0;
    if (fastInARow < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (performance.now() - started) / 1000;
}

export type MeasuredRow = Row & {
  /** The app server's peak resident memory during this scenario (MiB). */
  peakMib: number;
  /** The bare server's req/s next to this scenario (the mean of its runs just before and just after) in the median round. */
  bareRps?: number;
};

/** Measured rounds per scenario (the median is kept): BENCH_ROUNDS, 3 by default. */
export const benchRounds = () => Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);

const BARE_SCENARIO = 'bare Fastify (own process, one JSON route, no plugins): GET /api/health';

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * Runs the scenarios against one server, next to a bare Fastify server started for the run
 * (the yardstick of every ratio): a short warm-up pass of each (JIT, connection pool, caches),
 * then `rounds` rounds. In a round the bare server is measured right before every scenario and
 * once more after the last, with the same connections and duration, so each scenario's ratio is
 * taken against the mean of its two neighbours, seconds apart, rather than against a bare figure
 * taken a minute earlier under another load. After each scenario the app is given time to drain
 * what it left queued (`settle`), so no scenario measures its predecessor's backlog. Each row
 * is the round with the median ratio. The
 * app server's peak memory is watched during each scenario's runs (bench/lib/server.ts).
 */
export async function runScenarios(
  server: { url: string; pid: number },
  scenarios: Scenario[],
  options: { duration: number; connections: number; warmUpSeconds?: number; rounds?: number },
): Promise<MeasuredRow[]> {
  const bare = await startBareServer();
  try {
    const run = async (scenario: Scenario, url: string, duration: number) => {
      const { answers, ...row } = await measure(scenario.name, { url, connections: options.connections, duration, requests: scenario.requests() });
      if (url === server.url) answeredByApp += answers;
      return row;
    };
    const bareScenario = fixedPaths(BARE_SCENARIO, [BARE_PATH]);
    const warmUp = options.warmUpSeconds ?? Math.min(2, options.duration);
    await run(bareScenario, bare.url, warmUp);
    for (const scenario of scenarios) {
      await run(scenario, server.url, warmUp);
      await settle(server.url);
    }
    const rounds = options.rounds ?? benchRounds();
    const measured = scenarios.map(() => [] as (Row & { bareRps: number; ratio: number })[]);
    const bareRuns: Row[] = [];
    const peaks = scenarios.map(() => 0);
    const bareMemory = { peak: 0 };
    const measureBare = async () => {
      const watch = watchMemory(bare.pid);
      const row = await run(bareScenario, bare.url, options.duration);
      bareMemory.peak = Math.max(bareMemory.peak, watch.stop());
      bareRuns.push(row);
      return row;
    };
    for (let round = 1; round <= rounds; round += 1) {
      let before = await measureBare();
      for (const [index, scenario] of scenarios.entries()) {
        const watch = watchMemory(server.pid);
        const row = await run(scenario, server.url, options.duration);
        peaks[index] = Math.max(peaks[index]!, watch.stop());
        const settledSeconds = await settle(server.url);
        if (settledSeconds > 1) console.log(`  (the server took ${settledSeconds.toFixed(1)} s to drain what ${scenario.name} left queued)`);
        const after = await measureBare();
        const bareRps = (before.rps + after.rps) / 2;
        const ratio = bareRps > 0 ? row.rps / bareRps : 0;
        measured[index]!.push({ ...row, bareRps, ratio });
        console.log(
          `  [${round}/${rounds}] ${row.scenario}: ${row.rps} req/s (bare ${Math.round(bareRps)}, ${ratio.toFixed(2)}×), p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
            `errors ${row.errors}${row.rejected ? ` ${JSON.stringify(row.rejected)}` : ''}, peak ${peaks[index]!.toFixed(0)} MiB, load ${os.loadavg()[0]!.toFixed(2)}`,
        );
        before = after;
      }
    }
    const bareMedian = bareRuns.find((row) => row.rps === medianOf(bareRuns.map((each) => each.rps)))!;
    const bareRow: MeasuredRow = { ...bareMedian, errors: bareRuns.reduce((sum, each) => sum + each.errors, 0), ratio: 1, peakMib: bareMemory.peak };
    return [
      bareRow,
      ...measured.map((runs, index) => {
        const middle = runs.find((row) => row.ratio === medianOf(runs.map((each) => each.ratio)))!;
        // Errors of every round count, not only the median one's.
        return { ...middle, errors: runs.reduce((sum, each) => sum + each.errors, 0), peakMib: peaks[index]! };
      }),
    ];
  } finally {
    await bare.stop();
  }
}
