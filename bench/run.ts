/**
 * Runs the benchmarks one after another, each in its own process so none shares the event
 * loop or the CPU with another, then joins their tables into `bench/results/run-<time>.json`
 * and `bench/results/last-run.md` and prints them. (`latest.md` is the hot paths' before and
 * after, written by hand from such runs: a run does not overwrite it.)
 *
 *   npm run bench                                   the default set (below)
 *   npm run bench -- catalog stream                 the ones named (file names in bench/, or a preset)
 *   npm run bench -- all                            every script and preset
 *   npm run bench -- --duration 3 --connections 20  shorter runs (every script takes them)
 *   npm run bench -- --rounds 1                     one measured round instead of the median of 3
 *   npm run bench -- --quick                        --duration 3 --rounds 1, unless given
 *   npm run bench -- --skip-build                   reuse dist/ as it is (a build is minutes here)
 *
 * It first runs `npm run build`, then every script measures the compiled server as `npm start`
 * runs it (`node dist/server/main.mjs`), with the default settings (bench/lib/server.ts).
 * Every ratio is taken against a bare Fastify server (one JSON route, no plugins, its own
 * process) measured right before and right after each scenario (bench/lib/load.ts).
 *
 * The default set needs only the PostgreSQL server (BENCH_DATABASE_URL, see bench/lib/data.ts):
 * the marketplace scenarios on it and the catalogue on the embedded PGlite. The others run
 * when named: `catalog` (three cache modes on the server), `auth`, `commerce-webhooks`,
 * `stream` (needs nginx) and `home-bundle` (needs `npm run build`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { markdownSection, RESULTS_DIR, timestamp, type Section } from './lib/report';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && file !== 'run.ts')
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
/** Named runs of a script with other options. */
const presets: Record<string, { script: string; args: string[] }> = {
  'catalog-pglite': { script: 'catalog', args: ['--database', 'pglite', '--modes', 'strict'] },
};
const defaultSet = ['marketplace', 'catalog-pglite'];

const { values: options, positionals } = parseArgs({
  options: { duration: { type: 'string' }, connections: { type: 'string' }, rounds: { type: 'string' }, quick: { type: 'boolean' }, 'skip-build': { type: 'boolean' } },
  allowPositionals: true,
  strict: true,
});
const known = [...scripts, ...Object.keys(presets)];
const requested = positionals.includes('all') ? known : positionals.length ? positionals : defaultSet;
const unknown = requested.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${known.join(', ')}, all`);
  process.exit(2);
}

/** The whole machine's CPU time so far (/proc/stat), to tell how busy it was during the run. */
function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
}
const loadSamples: number[] = [];
const sampleLoad = () => loadSamples.push(os.loadavg()[0]!);
sampleLoad();
const sampler = setInterval(sampleLoad, 5000);
const cpuAtStart = cpuTimes();

const startedAt = new Date();
const runId = timestamp(startedAt);
const partsDir = path.join('.tmp', `bench-parts-${runId}`);
rmSync(partsDir, { recursive: true, force: true });
const env: NodeJS.ProcessEnv = { ...process.env, BENCH_PARTS_DIR: partsDir };
if (options.quick) {
  options.duration ??= '3';
  options.rounds ??= '1';
}
if (options.duration) env.BENCH_DURATION = options.duration;
if (options.rounds) env.BENCH_ROUNDS = options.rounds;
if (options.connections) env.BENCH_CONNECTIONS = options.connections;

const failed: string[] = [];
if (!options['skip-build']) {
  console.log('\n### npm run build\n');
  const build = spawn('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: process.env });
  if ((await new Promise<number | null>((resolve) => build.once('exit', resolve))) !== 0) {
    console.error('npm run build failed: nothing measured');
    process.exit(1);
  }
}
for (const name of requested) {
  const { script, args } = presets[name] ?? { script: name, args: [] };
  console.log(`\n### ${name}\n`);
  const started = performance.now();
  // Not spawnSync: the load sampler must keep ticking while a benchmark runs.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, `${script}.ts`), ...args], { stdio: 'inherit', env: { ...env, BENCH_PART_NAME: name } });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (status !== 0) failed.push(name);
}
clearInterval(sampler);
sampleLoad();
const cpuAtEnd = cpuTimes();

const sections: Section[] = existsSync(partsDir)
  ? readdirSync(partsDir)
      .sort((left, right) => requested.indexOf(left.replace(/\.json$/, '')) - requested.indexOf(right.replace(/\.json$/, '')))
      .map((file) => JSON.parse(readFileSync(path.join(partsDir, file), 'utf8')) as Section)
  : [];
rmSync(partsDir, { recursive: true, force: true });

const finishedAt = new Date();
const busy = 1 - (cpuAtEnd.idle - cpuAtStart.idle) / Math.max(1, cpuAtEnd.total - cpuAtStart.total);
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
  node: process.version,
  kernel: os.release(),
};
const load = {
  loadAverage1m: {
    min: Math.min(...loadSamples),
    mean: Number((loadSamples.reduce((sum, value) => sum + value, 0) / loadSamples.length).toFixed(2)),
    max: Math.max(...loadSamples),
  },
  cpuBusyPercent: Math.round(busy * 100),
};
const run = {
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt.toISOString(),
  seconds: Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000),
  benchmarks: requested,
  failed,
  options: { duration: options.duration ?? 'default', connections: options.connections ?? 'default', rounds: options.rounds ?? 'default' },
  machine,
  load,
  sections,
};

mkdirSync(RESULTS_DIR, { recursive: true });
const jsonFile = path.join(RESULTS_DIR, `run-${runId}.json`);
writeFileSync(jsonFile, `${JSON.stringify(run, null, 2)}\n`);
const markdown = [
  '# Benchmark results',
  '',
  `Run ${run.startedAt} – ${run.finishedAt} (${run.seconds} s): \`npm run bench${positionals.length ? ` -- ${positionals.join(' ')}` : ''}\`` +
    `${options['skip-build'] ? ', --skip-build' : ''}${options.duration ? `, --duration ${options.duration}` : ''}${options.connections ? `, --connections ${options.connections}` : ''}${options.rounds ? `, --rounds ${options.rounds}` : ''}.`,
  '',
  `- machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, Linux ${machine.kernel}`,
  `- machine load during the run: load average (1 min) ${load.loadAverage1m.min.toFixed(1)}–${load.loadAverage1m.max.toFixed(1)}, mean ${load.loadAverage1m.mean}; ` +
    `CPU ${load.cpuBusyPercent}% busy (all processes, the load generator and the database included)`,
  `- the load generator (autocannon), the server and the database share these cores: ratios to the bare Fastify server, measured in the same run, move less with the load than absolute figures`,
  ...(failed.length ? [`- FAILED: ${failed.join(', ')}`] : []),
  `- raw figures: \`${path.basename(jsonFile)}\``,
  '',
  ...sections.map(markdownSection),
].join('\n');
writeFileSync(path.join(RESULTS_DIR, 'last-run.md'), markdown);
console.log(`\n${markdown}\nresults written to ${jsonFile} and ${path.join(RESULTS_DIR, 'last-run.md')}`);
process.exit(failed.length ? 1 : 0);
