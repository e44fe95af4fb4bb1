/**
 * Catalogue load benchmark: the course listing (filters, sorts, pages), the search and the
 * suggestions with a large catalogue, next to a bare Fastify server (bench/lib/bare-server-main.ts)
 * measured in the same run, on the PostgreSQL server or on the embedded PGlite default.
 *
 *   npx tsx bench/catalog.ts [--database postgres|pglite] [--courses 100000] [--duration 10] [--connections 50] [--modes strict,relaxed,uncached]
 *
 * postgres: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/marketplace_bench,
 * shared with bench/marketplace.ts). pglite: a server with no DATABASE_URL, its catalogue in
 * DATA_DIR=.tmp/bench-pglite-data. Either is created when missing and filled once with
 * `npm run db:seed` (users and orders in the generator's default proportion: one user per
 * ten courses, five orders per user, so ratings mean something); later runs reuse it.
 * The server runs in its own process, as in production, in one of three modes:
 *   strict    the default settings: in-process cache, the catalogue version read on every request;
 *   relaxed   CATALOG_CACHE_MAX_STALE_MS=500: a version read is reused for up to 500 ms;
 *   uncached  CATALOG_CACHE_ENTRIES=0: what the database alone gives.
 * Targets: p99 ≤ 20 ms, req/s ≥ 0.25 × the bare route.
 */
import { benchArgs } from './lib/args';
import { catalogueRequests } from './lib/catalog-requests';
import { benchDataDirs, benchDatabaseUrl, catalogueIds, openTarget, prepareData, type DataTarget } from './lib/data';
import { fixedPaths, randomPath, runScenarios, skipResponseBodies, benchRounds, type MeasuredRow } from './lib/load';
import { latencyTable, loadAverage, saveSection, type Table } from './lib/report';
import { freePort, startServer } from './lib/server';

const loadAtStart = loadAverage();
const args = benchArgs(
  {
    database: { type: 'string', default: 'postgres' },
    courses: { type: 'string', default: '100000' },
    modes: { type: 'string', default: 'strict,relaxed,uncached' },
    port: { type: 'string', default: '' },
  },
  { duration: 10, connections: 50 },
);
if (args.database !== 'postgres' && args.database !== 'pglite') throw new Error('--database must be postgres or pglite');
const database = args.database;
const courseCount = Number(args.courses);
const users = Math.max(100, Math.ceil(courseCount / 10));
const target: DataTarget = {
  databaseUrl: database === 'postgres' ? benchDatabaseUrl : undefined,
  dataDir: benchDataDirs[database],
  courses: courseCount,
  users,
  orders: users * 5,
};

const TARGET_P99_MS = 20;
const TARGET_RATIO = 0.25;

const modeSettings: Record<string, Record<string, string>> = {
  strict: { CATALOG_CACHE_ENTRIES: '5000', CATALOG_CACHE_MAX_STALE_MS: '0' },
  relaxed: { CATALOG_CACHE_ENTRIES: '5000', CATALOG_CACHE_MAX_STALE_MS: '500' },
  uncached: { CATALOG_CACHE_ENTRIES: '0', CATALOG_CACHE_MAX_STALE_MS: '0' },
};

const modeDescriptions: Record<string, string> = {
  strict: 'the default settings',
  relaxed: 'CATALOG_CACHE_MAX_STALE_MS=500',
  uncached: 'CATALOG_CACHE_ENTRIES=0',
};

skipResponseBodies();

function withVerdicts(table: Table, rows: MeasuredRow[]): Table {
  return {
    ...table,
    columns: [...table.columns, 'verdict'],
    rows: table.rows.map((cells, index) => {
      const row = rows[index]!;
      const ok = row.p99 <= TARGET_P99_MS && (row.ratio ?? 0) >= TARGET_RATIO && row.errors === 0;
      return [...cells, index === 0 ? 'baseline' : ok ? 'ok' : 'misses target'];
    }),
  };
}

async function main() {
  const modes = args.modes.split(',').filter(Boolean);
  const unknown = modes.filter((mode) => !modeSettings[mode]);
  if (unknown.length) throw new Error(`unknown mode(s) ${unknown.join(', ')}`);
  const prepared = await prepareData(target);
  const handle = await openTarget(target);
  const ids = await catalogueIds(handle).finally(() => handle.close());
  const catalogue = catalogueRequests(ids);
  const scenarios = [
    fixedPaths('app: GET /api/health', ['/api/health']),
    fixedPaths(`listing: ${catalogue.listing.length} filter/sort/page mixes`, catalogue.listing),
    randomPath('listing: random filter, sort and page', catalogue.randomListing),
    fixedPaths(`search: ${catalogue.search.length} queries (typos, accents, filters)`, catalogue.search),
    randomPath('search: random word, sort and page', catalogue.randomSearch),
    fixedPaths(`suggestions: ${catalogue.suggestions.length} prefixes`, catalogue.suggestions),
  ];

  const tables: Table[] = [];
  const peaks: string[] = [];
  for (const mode of modes) {
    const port = args.port ? Number(args.port) : await freePort();
    const server = await startServer({ port, env: { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, ...modeSettings[mode] } });
    try {
      // Every fixed request answered once first: the cache, where there is one, holds them.
      for (const scenario of scenarios) {
        for (const request of scenario.requests()) if (request.path) await fetch(`${server.url}${request.path}`).then((response) => response.arrayBuffer());
      }
      console.log(`${mode}:`);
      const rows = await runScenarios(server, scenarios, args);
      tables.push(withVerdicts(latencyTable(`${mode}: ${database === 'postgres' ? 'PostgreSQL server' : 'embedded PGlite'}, ${args.connections} connections, median of ${benchRounds()} rounds of ${args.duration} s per scenario`, rows), rows));
      peaks.push(`${mode} ${server.peakMemoryMib().toFixed(0)} MiB`);
    } finally {
      await server.stop();
    }
  }
  saveSection({
    name: `catalog-${database}`,
    title: `Catalogue on ${database === 'postgres' ? 'the PostgreSQL server' : 'the embedded PGlite default (no DATABASE_URL)'}`,
    facts: [
      `data: ${prepared.counts.courses} courses (${ids.activeCourses} active), ${prepared.counts.users} users, ${prepared.counts.orders} orders` +
        (prepared.seededSeconds ? `; generated in this run in ${prepared.seededSeconds.toFixed(0)} s` : '; reused from an earlier run'),
      `modes: ${modes.map((mode) => `${mode} (${modeDescriptions[mode]})`).join('; ')}`,
      `targets: p99 ≤ ${TARGET_P99_MS} ms and req/s ≥ ${TARGET_RATIO} × the bare route`,
      `server peak memory (VmHWM): ${peaks.join(', ')}`,
    ],
    tables,
    loadAtStart,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
