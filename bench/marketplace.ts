/**
 * The marketplace under load on the PostgreSQL server, with the issue's data size (100,000
 * courses, 10,000 users, 50,000 orders): the catalogue page with filters, the search, a
 * course page (the course and its reviews), signed-in shoppers filling a cart and opening a
 * checkout, a signed-in read, course details by random id, and video Range reads, each next
 * to a bare Fastify server (bench/lib/bare-server-main.ts) measured in the same run, plus the
 * server's peak memory.
 *
 *   npx tsx bench/marketplace.ts [--duration 10] [--connections 50] [--courses 100000] [--users 10000] [--orders 50000] [--port N] [--only cart,video]
 *
 * BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/marketplace_bench);
 * it is created when missing and filled with `npm run db:seed`, and later runs reuse it.
 * The server runs compiled (`dist/server/main.mjs`, as `npm start` does: run `npm run build`
 * first) in its own process, with the default settings (log level and catalogue cache included,
 * its log written to a file) and the built-in test payment provider (no Stripe keys).
 */
import { sql } from 'drizzle-orm';
import type { Context, Request } from 'autocannon';
import { benchArgs } from './lib/args';
import { catalogueRequests } from './lib/catalog-requests';
import { benchDataDirs, benchDatabaseUrl, catalogueIds, openTarget, prepareData, rows, type CatalogueIds, type DataTarget } from './lib/data';
import { appAnswers, browserPageHeaders, fixedPaths, pick, randomPath, runScenarios, skipResponseBodies, benchRounds, type Scenario } from './lib/load';
import { latencyTable, loadAverage, saveSection } from './lib/report';
import { freePort, startServer, type ServerProcess } from './lib/server';
import { signIn } from './lib/sign-in';

const loadAtStart = loadAverage();
const args = benchArgs(
  {
    courses: { type: 'string', default: '100000' },
    users: { type: 'string', default: '10000' },
    orders: { type: 'string', default: '50000' },
    port: { type: 'string', default: '' },
    /** Comma-separated words: only the scenarios whose name has one (the bare route always runs). */
    only: { type: 'string', default: '' },
  },
  { duration: 10, connections: 50 },
);
const target: DataTarget = {
  databaseUrl: benchDatabaseUrl,
  dataDir: benchDataDirs.postgres,
  courses: Number(args.courses),
  users: Number(args.users),
  orders: Number(args.orders),
};
const VIDEO_RANGE_BYTES = 64 * 1024;

skipResponseBodies();

type Shopper = { id: string; email: string; cookie: string; courseIds: number[]; nextCourse: number };

/** Generated buyers who teach nothing, each with paid courses they do not own yet. */
async function loadShoppers(count: number, sampleCourseIds: number[]): Promise<Omit<Shopper, 'cookie' | 'nextCourse'>[]> {
  const handle = await openTarget(target);
  try {
    const people = await rows<{ id: string; email: string }>(
      handle,
      sql`select u.id, u.email from users u
          where u.email like '%@bench.test' and not exists (select 1 from courses c where c.owner_id = u.id)
          order by u.email limit ${count}`,
    );
    if (people.length < count) throw new Error(`only ${people.length} generated buyers; the cart scenario needs ${count}`);
    const shoppers = [];
    for (const person of people) {
      const courseIds = await rows<{ id: number }>(
        handle,
        sql`select c.id from courses c
            where c.id in (${sql.join(sampleCourseIds.map((id) => sql`${id}`), sql`, `)})
              and c.disabled_at is null and c.price_cents > 0 and c.owner_id <> ${person.id}
              and not exists (select 1 from enrollments e where e.user_id = ${person.id} and e.course_id = c.id)
            limit 50`,
      );
      shoppers.push({ ...person, courseIds: courseIds.map((row) => row.id) });
    }
    // Left over from an interrupted run: an item already there would answer 409.
    await handle.db.execute(sql`delete from cart_items where user_id in (${sql.join(people.map((person) => sql`${person.id}`), sql`, `)})`);
    return shoppers;
  } finally {
    await handle.close();
  }
}

/** The checkouts the run opened: unpaid orders nobody will pay, removed so the next run starts alike. */
async function removeBenchOrders(shoppers: Shopper[], since: Date) {
  const handle = await openTarget(target);
  try {
    const ids = sql.join(shoppers.map((shopper) => sql`${shopper.id}`), sql`, `);
    const removed = await rows<{ id: string }>(
      handle,
      sql`delete from orders where user_id in (${ids}) and payment_status in ('unpaid', 'failed') and created_at >= ${since.toISOString()} returning id`,
    );
    await handle.db.execute(sql`delete from cart_items where user_id in (${ids})`);
    return removed.length;
  } finally {
    await handle.close();
  }
}

/** The intro videos' sizes, so each Range read asks for bytes that exist. */
async function introSizes(server: ServerProcess, courseIds: number[]) {
  const sizes: { courseId: number; bytes: number }[] = [];
  for (const courseId of courseIds) {
    const response = await fetch(`${server.url}/api/videos/courses/${courseId}/intro`, { headers: { range: 'bytes=0-0' } });
    await response.arrayBuffer();
    const total = Number(response.headers.get('content-range')?.split('/')[1]);
    if (response.status === 206 && total > VIDEO_RANGE_BYTES) sizes.push({ courseId, bytes: total });
  }
  if (sizes.length === 0) throw new Error('no course has an intro video to read');
  return sizes;
}

/**
 * A cycle (add, checkout, empty) takes a shopper nobody else is using and gives it back at
 * its end, so no two connections touch one cart. autocannon clears a connection's context
 * after each cycle; the course cursor lives on the shopper and never restarts.
 *
 * The queue of free shoppers lasts across rounds. The shoppers of the cycles a round cuts
 * short go to its back when the next round starts: the server may still be answering their
 * last requests, and a new cycle on one of those carts would race them (an empty landing after
 * the new add, then a checkout of an empty cart). By the time they come up again, the other
 * shoppers have all had a cycle, and the next cycle's empty clears what they left.
 */
function cartCycle(shoppers: Shopper[]): () => Request[] {
  const free = [...shoppers];
  const busy = new Set<Shopper>();
  const shopperOf = (context: Context) => context.shopper as Shopper;
  const headers = (shopper: Shopper) => ({ cookie: shopper.cookie, 'content-type': 'application/json' });
  return () => {
    free.push(...busy);
    busy.clear();
    return [
      {
        method: 'POST',
        path: '/api/cart',
        setupRequest: (request, context) => {
          const shopper = free.shift();
          if (!shopper) throw new Error('more connections than shoppers');
          busy.add(shopper);
          context.shopper = shopper;
          const courseId = shopper.courseIds[shopper.nextCourse++ % shopper.courseIds.length]!;
          return { ...request, headers: headers(shopper), body: JSON.stringify({ courseId }) };
        },
      },
      { method: 'POST', path: '/api/checkout', setupRequest: (request, context) => ({ ...request, headers: headers(shopperOf(context)), body: '{}' }) },
      {
        method: 'DELETE',
        path: '/api/cart',
        setupRequest: (request, context) => ({ ...request, headers: { cookie: shopperOf(context).cookie } }),
        onResponse: (_status, _body, context) => {
          busy.delete(shopperOf(context));
          free.push(shopperOf(context));
        },
      },
    ];
  };
}

/** Every active course's id, so that course details are asked for across the whole catalogue. */
async function activeCourseIds(): Promise<number[]> {
  const handle = await openTarget(target);
  try {
    return (await rows<{ id: number }>(handle, sql`select id from courses where disabled_at is null`)).map((row) => row.id);
  } finally {
    await handle.close();
  }
}

/** The listing's page for the same query as its JSON (`/api/courses?…` → `/allcourses?…`). */
const asPage = (apiPath: string) => apiPath.replace(/^\/api\/courses/, '/allcourses');

function scenarios(ids: CatalogueIds, allCourseIds: number[], shoppers: Shopper[], videos: { courseId: number; bytes: number }[]): Scenario[] {
  const catalogue = catalogueRequests(ids);
  return [
    fixedPaths('app: GET /api/health', ['/api/health']),
    {
      name: `signed-in read: GET /api/users/me, ${shoppers.length} sessions`,
      requests: () => [{ method: 'GET', path: '/api/users/me', setupRequest: (request) => ({ ...request, headers: { cookie: pick(shoppers).cookie } }) }],
    },
    randomPath(`course detail: GET /api/courses/:id, random ids among ${allCourseIds.length}`, () => `/api/courses/${pick(allCourseIds)}`),
    fixedPaths(`catalogue page: ${catalogue.listing.length} filter/sort/page mixes`, catalogue.listing),
    randomPath('catalogue page: random filter, sort and page', catalogue.randomListing),
    // The same pages as the browser's first visit gets them: server-rendered HTML, compressed as
    // the browser asks (needs `npm run build`). Few of the random course pages were ever drawn in
    // this database, so this measures first drawings; bench/pages.ts draws every page first and
    // measures stored pages being served.
    randomPath(`HTML course page, mostly never drawn before: GET /course/:id, random ids among ${allCourseIds.length}`, () => `/course/${pick(allCourseIds)}`, browserPageHeaders),
    fixedPaths(`HTML catalogue page: ${catalogue.listing.length} filter/sort/page mixes`, catalogue.listing.map(asPage), browserPageHeaders),
    randomPath('HTML catalogue page: random filter, sort and page', () => asPage(catalogue.randomListing()), browserPageHeaders),
    fixedPaths(`search: ${catalogue.search.length} queries (typos, accents, filters)`, catalogue.search),
    randomPath('search: random word, sort and page', catalogue.randomSearch),
    {
      name: 'course page: GET /api/courses/:id, then its reviews',
      requests: () => [
        {
          method: 'GET',
          setupRequest: (request, context) => {
            context.courseId = pick(ids.courseIds);
            return { ...request, path: `/api/courses/${context.courseId}` };
          },
        },
        { method: 'GET', setupRequest: (request, context) => ({ ...request, path: `/api/courses/${context.courseId}/reviews` }) },
      ],
    },
    { name: 'signed-in cart: add, checkout (test provider), empty', requests: cartCycle(shoppers) },
    {
      name: `video: ${VIDEO_RANGE_BYTES / 1024} KiB Range reads of intro videos`,
      requests: () => [
        {
          method: 'GET',
          setupRequest: (request) => {
            const video = pick(videos);
            const start = Math.floor(Math.random() * (video.bytes - VIDEO_RANGE_BYTES));
            return { ...request, path: `/api/videos/courses/${video.courseId}/intro`, headers: { range: `bytes=${start}-${start + VIDEO_RANGE_BYTES - 1}` } };
          },
        },
      ],
    },
  ];
}

async function main() {
  const prepared = await prepareData(target);
  const handle = await openTarget(target);
  const ids = await catalogueIds(handle).finally(() => handle.close());
  const port = args.port ? Number(args.port) : await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const idleMib = server.peakMemoryMib();
  const startedAt = new Date();
  let shoppers: Shopper[] = [];
  try {
    // Twice as many as connections: a free one is always at hand when a cycle starts.
    const buyers = await loadShoppers(args.connections * 2, ids.courseIds);
    shoppers = [];
    for (const buyer of buyers) shoppers.push({ ...buyer, cookie: await signIn(server, buyer.email), nextCourse: 0 });
    const videos = await introSizes(server, ids.courseIds.slice(0, 100));
    const allCourseIds = await activeCourseIds();
    const wanted = args.only.split(',').filter(Boolean);
    const chosen = scenarios(ids, allCourseIds, shoppers, videos).filter((scenario, index) => index === 0 || wanted.length === 0 || wanted.some((word) => scenario.name.includes(word)));
    const logBefore = server.log?.();
    const answersBefore = appAnswers();
    const measured = await runScenarios(server, chosen, args);
    const logAfter = server.log?.();
    const answers = appAnswers() - answersBefore;
    const table = latencyTable(`PostgreSQL server, ${args.connections} connections, median of ${benchRounds()} rounds of ${args.duration} s per scenario`, measured, { throughput: true });
    const cart = measured.find((row) => row.scenario.startsWith('signed-in cart'));
    saveSection({
      name: 'marketplace',
      title: 'Marketplace scenarios on the PostgreSQL server',
      facts: [
        `data: ${prepared.counts.courses} courses (${ids.activeCourses} active), ${prepared.counts.users} users, ${prepared.counts.orders} orders` +
          (prepared.seededSeconds ? `; generated in this run in ${prepared.seededSeconds.toFixed(0)} s` : '; reused from an earlier run'),
        `server: dist/server/main.mjs (as \`npm start\` runs it) in its own process, default settings (LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}, catalogue cache on), built-in test payment provider; a short warm-up pass of every scenario first`,
        `ratios: each scenario against the bare server measured right before and right after it in the same round (mean of the two), same connections and duration; the row is the round with the median ratio`,
        ...(logBefore && logAfter && answers > 0
          ? [
              `server log at the default level, written to a file: ${((logAfter.lines - logBefore.lines) / answers).toFixed(2)} lines and ${((logAfter.bytes - logBefore.bytes) / answers).toFixed(0)} bytes per request ` +
                `(${logAfter.lines - logBefore.lines} lines, ${((logAfter.bytes - logBefore.bytes) / 1024 ** 2).toFixed(1)} MiB for ${answers} answers)`,
            ]
          : []),
        `signed-in cart: ${shoppers.length} signed-in generated buyers (session cookies), each connection cycling add to cart, POST /api/checkout, empty cart` +
          (cart ? `: ${Math.round(cart.rps / 3)} checkouts/s` : ''),
        `course page: two requests per visit (the course, then its reviews), counted separately in req/s`,
        `server peak memory: ${Math.max(idleMib, ...measured.slice(1).map((row) => row.peakMib)).toFixed(0)} MiB over the measured scenarios (${idleMib.toFixed(0)} MiB once ready, before any load); the column shows each scenario's own peak RSS (high-water mark reset before it, VmRSS sampled every 100 ms; the bare row is the bare server's)`,
      ],
      tables: [table],
      loadAtStart,
    });
  } finally {
    await server.stop();
    if (shoppers.length) console.log(`removed ${await removeBenchOrders(shoppers, startedAt)} unpaid checkout orders opened by the run`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
