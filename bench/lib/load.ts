/** autocannon, run one scenario at a time and summed up as one result row. */
import { createRequire } from 'node:module';
import type { Options, Request, Result } from 'autocannon';

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
export const fixedPaths = (name: string, paths: string[]): Scenario => ({ name, requests: () => paths.map((path) => ({ method: 'GET', path })) });

/** A new path for every request. */
export const randomPath = (name: string, next: () => string): Scenario => ({
  name,
  requests: () => [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
});

export type MeasuredRow = Row & { peakMib: number };

/**
 * Runs the scenarios against one server: a short warm-up pass of each (JIT, connection
 * pool, caches), then each measured in turn. The first scenario is the baseline the others'
 * ratios are taken against; after each, the server's peak memory so far is noted.
 */
export async function runScenarios(
  server: { url: string; peakMemoryMib(): number },
  scenarios: Scenario[],
  options: { duration: number; connections: number; warmUpSeconds?: number },
): Promise<MeasuredRow[]> {
  const run = (scenario: Scenario, duration: number) => measure(scenario.name, { url: server.url, connections: options.connections, duration, requests: scenario.requests() });
  const warmUp = options.warmUpSeconds ?? Math.min(2, options.duration);
  for (const scenario of scenarios) await run(scenario, warmUp);
  const measured: MeasuredRow[] = [];
  for (const scenario of scenarios) {
    const row = await run(scenario, options.duration);
    measured.push({ ...row, peakMib: server.peakMemoryMib() });
    console.log(`  ${row.scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.rejected ? ` ${JSON.stringify(row.rejected)}` : ''}`);
  }
  const baseline = measured[0]!;
  return measured.map((row) => ({ ...row, ratio: row === baseline ? 1 : baseline.rps > 0 ? row.rps / baseline.rps : 0 }));
}
