/**
 * Catalogue load benchmark: the course listing (filters, sorts, pages) and the search on
 * the PostgreSQL server with a large catalogue, at 50 concurrent connections, next to a
 * bare JSON route (`/api/health`) measured in the same run.
 *
 *   npx tsx bench/catalog.ts [--courses 100000] [--duration 10] [--connections 50] [--modes strict,relaxed,uncached]
 *
 * BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/wt_catalog_bench);
 * the project's generator (`npm run db:seed -- --courses N`) fills it once, and later runs reuse it. The server runs in
 * its own process, as in production, in one of three modes:
 *   strict    the default settings: in-process cache, the catalogue version read on every request;
 *   relaxed   CATALOG_CACHE_MAX_STALE_MS=500: a version read is reused for up to 500 ms;
 *   uncached  CATALOG_CACHE_ENTRIES=0: what the database alone gives.
 * Targets: p99 ≤ 20 ms, req/s ≥ 0.25 × the bare route.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { count, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { categories, courses, subcategories } from '../src/server/db/schema';

const { values: args } = parseArgs({
  options: {
    courses: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    modes: { type: 'string', default: 'strict,relaxed,uncached' },
    port: { type: 'string', default: '3193' },
  },
});
const courseCount = Number(args.courses);
const duration = Number(args.duration);
const connections = Number(args.connections);
const port = Number(args.port);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wt_catalog_bench';

const TARGET_P99_MS = 20;
const TARGET_RATIO = 0.25;

async function prepareDatabase() {
  const url = new URL(databaseUrl);
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [url.pathname.slice(1)]);
  if (exists.rowCount === 0) await admin.query(`create database "${url.pathname.slice(1)}"`);
  await admin.end();

  const handle = await openDatabase({ databaseUrl, pgliteDir: 'unused' });
  const [existing] = await handle.db.select({ n: count() }).from(courses);
  const missing = courseCount - (existing?.n ?? 0);
  if (missing > 0) {
    console.log(`generating ${missing} courses with npm run db:seed…`);
    const seeded = spawnSync('npm', ['run', 'db:seed', '--', '--courses', String(missing)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: '.tmp/bench-catalog-data' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('npm run db:seed failed');
  }
  // A fresh bulk load has no visibility map yet; without it the listing's index-only scans
  // would visit the table (autovacuum would get there too, later).
  await handle.db.execute(sql`vacuum analyze courses`);
  const [active] = await handle.db.select({ n: count() }).from(courses).where(isNull(courses.disabledAt));
  const categoryIds = (await handle.db.select({ id: categories.id }).from(categories)).map((row) => row.id);
  const subcategoryIds = (await handle.db.select({ id: subcategories.id }).from(subcategories)).map((row) => row.id);
  await handle.close();
  console.log(`catalogue ready: ${active?.n ?? 0} active courses`);
  return { categoryIds, subcategoryIds, activeCourses: active?.n ?? 0 };
}

const modeSettings: Record<string, Record<string, string>> = {
  strict: { CATALOG_CACHE_ENTRIES: '5000', CATALOG_CACHE_MAX_STALE_MS: '0' },
  relaxed: { CATALOG_CACHE_ENTRIES: '5000', CATALOG_CACHE_MAX_STALE_MS: '500' },
  uncached: { CATALOG_CACHE_ENTRIES: '0', CATALOG_CACHE_MAX_STALE_MS: '0' },
};

async function startServer(mode: string): Promise<ChildProcess> {
  const settings = modeSettings[mode];
  if (!settings) throw new Error(`unknown mode ${mode}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      SEED_DEMO_DATA: 'false',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      ...settings,
      DATA_DIR: '.tmp/bench-catalog-data',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('server did not become ready');
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

type Scenario = { name: string; paths?: string[]; random?: () => string };

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

function scenarios(ids: { categoryIds: number[]; subcategoryIds: number[]; activeCourses: number }): Scenario[] {
  const sorts = ['', 'sort=price-asc', 'sort=price-desc', 'sort=rating-asc', 'sort=rating-desc'];
  const lastPage = Math.ceil(ids.activeCourses / 9);
  const filters = ['', `categoryId=${ids.categoryIds[2]}`, `subcategoryId=${ids.subcategoryIds[7]}`, 'rating=3', `categoryId=${ids.categoryIds[4]}&rating=4`];
  const pages = [1, 2, 3, 50, 1000, lastPage];
  const listing: string[] = [];
  for (const filter of filters) {
    for (const sort of sorts) {
      for (const page of pages) listing.push(`/api/courses?${[filter, sort, `page=${page}`].filter(Boolean).join('&')}`);
    }
  }
  // Topics of the generated catalogue, typed without accents, with typos, by teacher, in either language.
  const searches = ['python', 'programacion', 'pythn', 'diseno grafico', 'carlos castro', 'javscript', 'excel avanzado', 'fotografia', 'postgre', 'desde cero', 'machine learning', 'oratoria'];
  const search: string[] = [];
  for (const q of searches) {
    search.push(`/api/courses?q=${encodeURIComponent(q)}`, `/api/courses?q=${encodeURIComponent(q)}&page=2`, `/api/courses?q=${encodeURIComponent(q)}&sort=price-asc`);
    search.push(`/api/courses?q=${encodeURIComponent(q)}&categoryId=${ids.categoryIds[1]}&rating=2`);
  }
  const suggestions = ['py', 'pyth', 'progr', 'diseñ', 'fotog', 'javas', 'exce', 'mach', 'mong', 'orat'].map((q) => `/api/courses/suggestions?q=${encodeURIComponent(q)}`);
  return [
    { name: 'bare JSON /api/health', paths: ['/api/health'] },
    { name: `listing: ${listing.length} filter/sort/page mixes`, paths: listing },
    {
      name: 'listing: random page, sort and filter',
      random: () => `/api/courses?${[pick(filters), pick(sorts), `page=${1 + Math.floor(Math.random() * lastPage)}`].filter(Boolean).join('&')}`,
    },
    { name: `search: ${search.length} queries (typos, accents, filters)`, paths: search },
    {
      name: 'search: random word + random page',
      random: () => `/api/courses?q=${encodeURIComponent(pick(searches))}&page=${1 + Math.floor(Math.random() * 40)}&${pick(sorts)}`,
    },
    { name: `suggestions: ${suggestions.length} prefixes`, paths: suggestions },
  ];
}

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number; ratio?: number };

async function run(scenario: Scenario, seconds: number): Promise<Row> {
  const requests = scenario.random
    ? [{ method: 'GET' as const, setupRequest: (request: Record<string, unknown>) => ({ ...request, path: scenario.random!() }) }]
    : scenario.paths!.map((p) => ({ method: 'GET' as const, path: p }));
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections, duration: seconds, requests });
  return {
    scenario: scenario.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function print(mode: string, rows: Row[]) {
  console.log(`\n${mode}: ${connections} connections, ${duration} s per scenario, ${courseCount} courses, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log(`${'scenario'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)} ${'errors'.padStart(7)}  verdict`);
  for (const row of rows) {
    const isBase = row.ratio === undefined;
    const ok = isBase || (row.p99 <= TARGET_P99_MS && (row.ratio ?? 0) >= TARGET_RATIO && row.errors === 0);
    console.log(
      `${row.scenario.padEnd(46)} ${String(row.rps).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${(isBase ? '1' : row.ratio!.toFixed(2)).padStart(6)} ${String(row.errors).padStart(7)}  ${isBase ? 'baseline' : ok ? 'ok' : 'MISSES TARGET'}`,
    );
  }
}

async function main() {
  const ids = await prepareDatabase();
  const all = scenarios(ids);
  const report: Record<string, Row[]> = {};
  for (const mode of args.modes.split(',')) {
    const server = await startServer(mode);
    try {
      // Steady state: every fixed request answered once (the cache filled where there is
      // one), then a short pass of each scenario to warm the JIT and the pool.
      for (const scenario of all) {
        for (const p of scenario.paths ?? []) await fetch(`http://127.0.0.1:${port}${p}`).then((response) => response.arrayBuffer());
      }
      for (const scenario of all) await run(scenario, 2);
      const rows: Row[] = [];
      for (const scenario of all) rows.push(await run(scenario, duration));
      const base = rows[0]!.rps;
      for (const row of rows.slice(1)) row.ratio = row.rps / base;
      print(mode, rows);
      report[mode] = rows;
    } finally {
      await stopServer(server);
    }
  }
  const dir = path.join('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `catalog-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ courses: courseCount, connections, duration, report }, null, 2));
  console.log(`\nresults written to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
