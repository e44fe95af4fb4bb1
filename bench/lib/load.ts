/** autocannon, run one scenario at a time and summed up as one result row. */
import { createRequire } from 'node:module';
import type { Options, Result } from 'autocannon';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (options: Options) => Promise<Result>;

export type Row = {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  /** Transport errors, timeouts and answers outside 2xx (redirects excepted). */
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
  const rejected = Object.fromEntries(Object.entries(byStatus).filter(([status]) => Number(status) >= 400).map(([status, { count }]) => [status, count]));
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + Object.values(rejected).reduce((sum, count) => sum + count, 0),
    mibPerSecond: result.throughput.average / 1024 ** 2,
    ...(Object.keys(rejected).length ? { rejected } : {}),
  };
}

/** Fills in each row's ratio to the baseline row's req/s. */
export function withRatios(baseline: Row, rows: Row[]): Row[] {
  return rows.map((row) => (row === baseline ? { ...row, ratio: 1 } : { ...row, ratio: baseline.rps > 0 ? row.rps / baseline.rps : 0 }));
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
