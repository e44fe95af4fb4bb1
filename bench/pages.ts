/**
 * Server-rendered HTML pages at catalogue scale: course pages with random ids and catalogue pages
 * with random filters, each next to a bare Fastify server in the same run (bench/lib/load.ts).
 *
 *   npx tsx bench/pages.ts [--courses 10000] [--duration 10] [--connections 50] [--draw-connections 4] [--draw no] [--only course|catalogue]
 *
 * Runs the server of the current directory (its build: `npm run build` first) on the PostgreSQL
 * database BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/pages_bench), seeded to
 * --courses. Before measuring, every course page is asked for once, in Spanish, by
 * --draw-connections clients (the first view of a page draws it; its time is reported as the cost
 * of drawing the whole catalogue); `--draw no` measures the cold server instead. `--only` runs one
 * of the two scenarios.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { benchArgs } from './lib/args';
import { catalogueRequests } from './lib/catalog-requests';
import { catalogueIds, createDatabaseIfMissing, openTarget, prepareData, rows, type DataTarget } from './lib/data';
import { browserPageHeaders, pick, randomPath, runScenarios, skipResponseBodies } from './lib/load';
import { freePort, startServer } from './lib/server';

const args = benchArgs(
  { courses: { type: 'string', default: '10000' }, 'draw-connections': { type: 'string', default: '4' }, draw: { type: 'string', default: 'yes' }, only: { type: 'string', default: '' } },
  { duration: 10, connections: 50 },
);
const load = () => loadavg()[0]!.toFixed(2);
const target: DataTarget = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pages_bench',
  dataDir: '.tmp/pages-bench-data',
  courses: Number(args.courses),
  users: 0,
  orders: 0,
};

async function drawEveryCoursePage(url: string, ids: number[], connections: number) {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const response = await fetch(`${url}/course/${id}`, { headers: browserPageHeaders });
        await response.arrayBuffer();
        if (!response.ok) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, pagesPerSecond: ids.length / seconds, failed };
}

async function main() {
  skipResponseBodies();
  // A fresh machine has no benchmark database yet: counting its courses needs one to exist.
  if (target.databaseUrl) await createDatabaseIfMissing(target.databaseUrl);
  const handle = await openTarget(target);
  const [present] = await rows<{ courses: number; users: number; orders: number }>(handle, sql`select count(*)::int as courses, 0 as users, 0 as orders from courses`);
  // Seeding again when the data is there would still touch the catalogue (a new version: every stored page checked again).
  const counts = present && present.courses >= target.courses ? present : (await prepareData(target)).counts;
  const [ids, courseIds] = await (async () => {
    try {
      return [await catalogueIds(handle), (await rows<{ id: number }>(handle, sql`select id from courses where disabled_at is null order by id`)).map((row) => row.id)] as const;
    } finally {
      await handle.close();
    }
  })();
  console.log(`${counts.courses} courses (${courseIds.length} active); load average ${load()}`);
  const server = await startServer({ port: await freePort(), env: { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir } });
  try {
    if (args.draw !== 'no') {
      console.log(`drawing every course page once (${args['draw-connections']} clients)…`);
      const drawn = await drawEveryCoursePage(server.url, courseIds, Number(args['draw-connections']));
      console.log(`  ${courseIds.length} pages in ${drawn.seconds.toFixed(0)} s: ${drawn.pagesPerSecond.toFixed(1)} pages/s, ${drawn.failed} failed; load average ${load()}`);
    }
    const catalogue = catalogueRequests(ids);
    const asPage = (apiPath: string) => apiPath.replace(/^\/api\/courses/, '/allcourses');
    const startLoad = load();
    const scenarios = {
      course: randomPath(`HTML course page: GET /course/:id, random ids among ${courseIds.length}`, () => `/course/${pick(courseIds)}`, browserPageHeaders),
      catalogue: randomPath('HTML catalogue page: random filter, sort and page', () => asPage(catalogue.randomListing()), browserPageHeaders),
    };
    const only = args.only as keyof typeof scenarios | '';
    if (only && !Object.hasOwn(scenarios, only)) throw new Error(`--only takes ${Object.keys(scenarios).join(' or ')}`);
    const results = await runScenarios(server, only ? [scenarios[only]] : Object.values(scenarios), { duration: args.duration, connections: args.connections });
    console.log(`\n| scenario | req/s | ratio | p50 ms | p99 ms | errors | peak MiB |\n|---|---|---|---|---|---|---|`);
    for (const row of results) console.log(`| ${row.scenario} | ${row.rps} | ${row.ratio?.toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.peakMib.toFixed(0)} |`);
    console.log(`\nload average (1 min): ${startLoad} at the start, ${load()} at the end`);
  } finally {
    await server.stop();
  }
}

await main();
