/**
 * Runs the benchmarks one after another, each in its own process so none shares the event
 * loop or the CPU with another. `npm run bench` runs them all; `npm run bench -- catalog stream`
 * runs the ones named.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && file !== 'run.ts')
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of requested.length ? requested : available) {
  console.log(`\n### ${name}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, `${name}.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
