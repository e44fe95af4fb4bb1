/**
 * The options every load benchmark takes. `npm run bench -- --duration 3` reaches each
 * script as BENCH_DURATION (and --connections as BENCH_CONNECTIONS), so one flag sets them all.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type StringOptions = Record<string, { type: 'string'; default?: string }>;

export function benchArgs<Extra extends StringOptions>(extra: Extra, defaults: { duration: number; connections: number }) {
  const options = {
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? String(defaults.duration) },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? String(defaults.connections) },
    ...extra,
  } satisfies ParseArgsConfig['options'];
  const values = parseArgs({ options, strict: true }).values as Record<string, string>;
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (!(duration > 0) || !(connections > 0)) throw new Error('--duration and --connections must be positive numbers');
  return { ...(values as Record<keyof Extra, string>), duration, connections };
}
