/**
 * The catalogue's goals at a million courses: course detail by random id, a random listing
 * page, a random search and the suggestions, each next to a bare Fastify server measured in
 * the same run, with the server's peak memory, on a database already seeded
 * (`npm run db:seed -- --courses 1000000`).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/seed_1m npx tsx bench/million.ts [--duration 10] [--connections 50] [--vacuum yes]
 *
 * --vacuum yes runs VACUUM ANALYZE first (a fresh bulk load has no visibility map, and without it
 * the listing's index-only scans visit the table). The server runs compiled, as `npm start` runs
 * it (bench/lib/server.ts), in its own process with the default settings.
 * Goals (issue 32): p99 ≤ 20 ms course detail, ≤ 40 ms listing, ≤ 60 ms search, ≤ 30 ms suggestions.
 */
import { sql } from 'drizzle-orm';
import { benchArgs } from './lib/args';
import { catalogueRequests, suggestionPrefixes } from './lib/catalog-requests';
import { benchDataDirs, benchDatabaseUrl, catalogueIds, openTarget, rows, type DataTarget } from './lib/data';
import { fixedPaths, pick, randomPath, runScenarios, skipResponseBodies, benchRounds } from './lib/load';
import { latencyTable, loadAverage, saveSection } from './lib/report';
import { freePort, startServer } from './lib/server';

const loadAtStart = loadAverage();
const args = benchArgs({ vacuum: { type: 'string', default: '' }, port: { type: 'string', default: '' } }, { duration: 10, connections: 50 });
const target: DataTarget = { databaseUrl: benchDatabaseUrl, dataDir: benchDataDirs.postgres, courses: 0, users: 0, orders: 0 };
const goals: Record<string, number> = { 'course detail': 20, listing: 40, search: 60, suggestions: 30 };

skipResponseBodies();

async function main() {
  const handle = await openTarget(target);
  let allCourseIds: number[];
  let ids: Awaited<ReturnType<typeof catalogueIds>>;
  try {
    if (args.vacuum === 'yes') {
      const started = performance.now();
      await handle.db.execute(sql`vacuum analyze`);
      console.log(`vacuum analyze: ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
    }
    ids = await catalogueIds(handle);
    allCourseIds = (await rows<{ id: number }>(handle, sql`select id from courses where disabled_at is null`)).map((row) => row.id);
  } finally {
    await handle.close();
  }
  const catalogue = catalogueRequests(ids);
  // Suggestions as typed: a prefix of a random length of one of the benchmark's words.
  const words = ['python', 'programacion', 'diseno', 'fotografia', 'javascript', 'excel', 'machine', 'marketing', 'oratoria', 'guitarra', 'react', 'finanzas'];
  const randomSuggestion = () => {
    const word = pick(words);
    return `/api/courses/suggestions?q=${encodeURIComponent(word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1))))}`;
  };
  const scenarios = [
    randomPath(`course detail: GET /api/courses/:id, random ids among ${allCourseIds.length}`, () => `/api/courses/${pick(allCourseIds)}`),
    randomPath('listing: random filter, sort and page', catalogue.randomListing),
    randomPath('search: random word, sort and page', catalogue.randomSearch),
    fixedPaths(`suggestions: ${suggestionPrefixes.length} prefixes`, catalogue.suggestions),
    randomPath('suggestions: random prefixes of 12 words', randomSuggestion),
  ];
  const port = args.port ? Number(args.port) : await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir } });
  try {
    const measured = await runScenarios(server, scenarios, args);
    const table = latencyTable(`PostgreSQL server, ${args.connections} connections, median of ${benchRounds()} rounds of ${args.duration} s per scenario, default settings`, measured);
    const withGoals = {
      ...table,
      columns: [...table.columns, 'p99 goal'],
      rows: table.rows.map((cells, index) => {
        const row = measured[index]!;
        const goal = Object.entries(goals).find(([word]) => row.scenario.startsWith(word))?.[1];
        return [...cells, index === 0 ? 'baseline' : goal === undefined ? '—' : `${goal} ms: ${row.p99 <= goal && row.errors === 0 ? 'met' : 'missed'}`];
      }),
    };
    saveSection({
      name: 'million',
      title: 'Catalogue at a million courses',
      facts: [
        `data: ${ids.activeCourses} active courses (${benchDatabaseUrl.replace(/\/\/[^@]*@/, '//')})`,
        `server peak memory (VmHWM): ${server.peakMemoryMib().toFixed(0)} MiB`,
        `goals: p99 ≤ ${Object.entries(goals).map(([name, ms]) => `${ms} ms ${name}`).join(', ')}`,
      ],
      tables: [withGoals],
      loadAtStart,
    });
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
