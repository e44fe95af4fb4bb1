/**
 * Learning under load on the PostgreSQL server (issue 17): viewers saving their positions as
 * the player does, a teacher's sales view and a course's reputation block, each next to a bare
 * Fastify server (bench/lib/bare-server-main.ts) measured in the same run.
 *
 *   npx tsx bench/learning.ts [--duration 5] [--connections 10] [--viewers 500] [--port N] [--only saves|reads]
 *   npm run bench -- learning
 *
 * - progress saves: `--viewers` signed-in accounts (created once, each with a paid order of one
 *   course) on as many connections, each saving its position in the course's main video lesson again
 *   as soon as its previous save is answered (the player saves every 5 s of playing; the
 *   position moves 5 s per save, but the saves come as fast as the server takes them). After
 *   the rounds, every viewer's last sent position is compared with the one stored: a save
 *   answered 200 but not stored, or stored out of order, counts as lost.
 * - the teacher's sales (GET /api/teaching/sales) of the teacher whose courses have the most
 *   paid orders, and the reputation (GET /api/courses/:id/reputation) of random courses among
 *   the most bought, at 1 and at `--connections` connections.
 * - the plans (EXPLAIN ANALYZE) of both reads' queries, custom and generic, into
 *   `bench/results/learning-plans.md`.
 *
 * BENCH_DATABASE_URL names the database (bench/lib/data.ts). The viewers are the benchmark's
 * own rows (`learning-viewer-N@viewers.bench.example`, not `@bench.test`, so no other
 * benchmark picks them as buyers); their earlier sessions are removed at the start.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import type { DatabaseHandle } from '../src/server/db/client';
import { createOrder, createUser } from '../src/server/db/factories';
import { courseReputation } from '../src/server/features/reviews';
import { teacherSales } from '../src/server/features/teaching';
import { benchArgs } from './lib/args';
import { benchDataDirs, benchDatabaseUrl, openTarget, prepareData, rows, type DataTarget } from './lib/data';
import { explainingDatabase } from './lib/explain';
import { benchRounds, pick, randomPath, runScenarios, type MeasuredRow } from './lib/load';
import { latencyTable, loadAverage, RESULTS_DIR, saveSection } from './lib/report';
import { freePort, startServer, type ServerProcess } from './lib/server';
import { BENCH_PASSWORD, signIn } from './lib/sign-in';

const loadAtStart = loadAverage();
const args = benchArgs(
  {
    viewers: { type: 'string', default: '500' },
    port: { type: 'string', default: '' },
    /** `saves` or `reads` to measure only those (to compare two versions of the code quickly); both by default. */
    only: { type: 'string', default: '' },
  },
  { duration: 5, connections: 10 },
);
if (!['', 'saves', 'reads'].includes(args.only)) throw new Error('--only takes saves or reads');
const viewerCount = Number(args.viewers);
if (!(viewerCount > 0)) throw new Error('--viewers must be a positive number');
const target: DataTarget = { databaseUrl: benchDatabaseUrl, dataDir: benchDataDirs.postgres, courses: 100_000, users: 10_000, orders: 50_000 };

/** The player saves every 5 s of playing; each save moves the position on by as much. */
const SAVE_EVERY_SECONDS = 5;
/** Sign-ins hash a password each (argon2): a few at a time keep the server's two cores busy without queueing them. */
const SIGN_IN_CONCURRENCY = 4;
const POPULAR_COURSES = 200;

const VIEWER_DOMAIN = 'viewers.bench.example';
const viewerEmail = (index: number) => `learning-viewer-${String(index).padStart(4, '0')}@${VIEWER_DOMAIN}`;

type Viewer = { id: string; email: string; cookie: string };
/** The viewers' course and its main video's lesson (the starter curriculum's second), which they save positions in. */
type Watched = { courseId: number; lessonId: number; durationSeconds: number };

/**
 * The viewers' course (kept from an earlier run, else the first active paid course with a
 * main video) and `count` viewer accounts holding a paid order of it: the missing ones are
 * created, the existing ones reused; their old sessions go, so sessions do not pile up.
 */
async function ensureViewers(handle: DatabaseHandle, count: number): Promise<{ watched: Watched; viewers: Omit<Viewer, 'cookie'>[] }> {
  const emails = Array.from({ length: count }, (_, index) => viewerEmail(index + 1));
  const emailList = sql.join(emails.map((email) => sql`${email}`), sql`, `);
  const [course] = await rows<{ id: number; title: string; price_cents: number; owner_id: string; duration_seconds: number; lesson_id: number }>(
    handle,
    sql`select c.id, c.title, c.price_cents, c.owner_id, v.duration_seconds, l.id as lesson_id from courses c
        join course_videos v on v.course_id = c.id and v.position = 2
        join course_lessons l on l.video_id = v.id
        where c.disabled_at is null and c.price_cents > 0
        order by exists (select 1 from enrollments e join users u on u.id = e.user_id where e.course_id = c.id and u.email in (${emailList})) desc, c.id
        limit 1`,
  );
  if (!course) throw new Error('no active paid course with a main video');
  const existing = await rows<{ id: string; email: string; enrolled: boolean }>(
    handle,
    sql`select u.id, u.email, exists (select 1 from enrollments e where e.user_id = u.id and e.course_id = ${course.id}) as enrolled from users u where u.email in (${emailList})`,
  );
  const byEmail = new Map(existing.map((row) => [row.email, row]));
  const passwordHash = await hash(BENCH_PASSWORD);
  const viewers: Omit<Viewer, 'cookie'>[] = [];
  let created = 0;
  for (const email of emails) {
    let viewer = byEmail.get(email);
    if (!viewer) {
      const user = await createUser(handle.db, { email, name: `Viewer ${email.split('@')[0]}` }, { password: BENCH_PASSWORD, hashPassword: async () => passwordHash });
      viewer = { id: user.id, email, enrolled: false };
      created += 1;
    }
    if (!viewer.enrolled) await createOrder(handle.db, { userId: viewer.id, items: [{ id: course.id, title: course.title, priceCents: course.price_cents, ownerId: course.owner_id }] });
    viewers.push({ id: viewer.id, email });
  }
  await handle.db.execute(sql`delete from sessions where user_id in (${sql.join(viewers.map((viewer) => sql`${viewer.id}`), sql`, `)})`);
  if (created) console.log(`created ${created} viewer accounts with a paid order of course ${course.id}`);
  return { watched: { courseId: course.id, lessonId: course.lesson_id, durationSeconds: course.duration_seconds }, viewers };
}

/** The teacher whose courses have the most paid orders, and the most bought active courses (the viewers' orders aside). */
async function readTargets(handle: DatabaseHandle): Promise<{ teacher: { id: string; email: string; orders: number; courses: number }; popular: number[] }> {
  const [teacher] = await rows<{ id: string; email: string; orders: number; courses: number }>(
    handle,
    sql`select u.id, u.email, count(*)::int as orders, count(distinct c.id)::int as courses
        from order_items oi join orders o on o.id = oi.order_id and o.payment_status = 'paid'
        join courses c on c.id = oi.course_id join users u on u.id = c.owner_id
        where u.email like '%@bench.test'
        group by u.id, u.email order by orders desc, u.id limit 1`,
  );
  if (!teacher) throw new Error('no generated teacher has paid orders');
  const popular = await rows<{ id: number }>(
    handle,
    sql`select oi.course_id as id from order_items oi join orders o on o.id = oi.order_id and o.payment_status = 'paid'
        join courses c on c.id = oi.course_id and c.disabled_at is null
        join users buyer on buyer.id = o.user_id and buyer.email not like ${`%@${VIEWER_DOMAIN}`}
        group by oi.course_id order by count(*) desc, oi.course_id limit ${POPULAR_COURSES}`,
  );
  return { teacher, popular: popular.map((row) => row.id) };
}

async function signInAll<T extends { email: string }>(server: ServerProcess, people: T[]): Promise<(T & { cookie: string })[]> {
  const signedIn: (T & { cookie: string })[] = [];
  const queue = [...people];
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      for (let person = queue.shift(); person; person = queue.shift()) signedIn.push({ ...person, cookie: await signIn(server, person.email) });
    }),
  );
  return signedIn;
}

/**
 * Each request takes a viewer no other connection is using and gives it back once answered,
 * so a viewer's saves reach the server one after another, as a player's do; what each viewer
 * sent last, and what was answered 200 last, is noted for the check.
 */
function savingViewers(server: ServerProcess, viewers: Viewer[], watched: Watched) {
  const sent = new Map<string, number>();
  const acknowledged = new Map<string, number>();
  const saves = new Map<string, number>();
  const requests = (): Request[] => {
    const free = [...viewers];
    return [
      {
        method: 'PUT',
        path: '/api/progress',
        setupRequest: (request, context) => {
          const viewer = free.pop();
          if (!viewer) throw new Error('more connections than viewers');
          context.viewer = viewer;
          const count = (saves.get(viewer.id) ?? 0) + 1;
          saves.set(viewer.id, count);
          const positionSeconds = (count * SAVE_EVERY_SECONDS) % (watched.durationSeconds + 1);
          sent.set(viewer.id, positionSeconds);
          context.positionSeconds = positionSeconds;
          const body = JSON.stringify({ lessons: [{ lessonId: watched.lessonId, positionSeconds, durationSeconds: watched.durationSeconds }] });
          return { ...request, headers: { cookie: viewer.cookie, origin: server.url, 'content-type': 'application/json' }, body };
        },
        onResponse: (status, _body, context) => {
          const viewer = context.viewer as Viewer;
          if (status === 200) acknowledged.set(viewer.id, context.positionSeconds as number);
          free.push(viewer);
        },
      },
    ];
  };
  return { requests, sent, acknowledged };
}

/** Stored positions against the last ones sent: `lost` are the viewers whose last save is not what the database holds. */
async function checkPositions(handle: DatabaseHandle, watched: Watched, sent: Map<string, number>, acknowledged: Map<string, number>) {
  const ids = [...sent.keys()];
  if (ids.length === 0) return { checked: 0, lost: 0, answeredButLost: 0 };
  const stored = new Map(
    (
      await rows<{ user_id: string; position_seconds: number }>(
        handle,
        sql`select user_id, position_seconds from lesson_progress
            where lesson_id = ${watched.lessonId} and user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      )
    ).map((row) => [row.user_id, row.position_seconds]),
  );
  const lost = ids.filter((id) => stored.get(id) !== sent.get(id));
  // Of those, the ones whose last 200 answer was not kept (rather than a last save cut off by the end of a round).
  const answeredButLost = lost.filter((id) => acknowledged.get(id) === sent.get(id));
  return { checked: ids.length, lost: lost.length, answeredButLost: answeredButLost.length };
}

async function writePlans(teacherId: string, courseId: number) {
  const explaining = explainingDatabase(benchDatabaseUrl);
  try {
    const sections = [
      await explaining.plansOf(`teacher's sales, teacher ${teacherId}`, () => teacherSales(explaining.db, teacherId), { genericPlan: true }),
      await explaining.plansOf(`course reputation, course ${courseId}`, () => courseReputation(explaining.db, courseId), { genericPlan: true }),
    ];
    const [counts] = (
      await explaining.pool.query<{ courses: number; orders: number }>('select (select count(*)::int from courses) as courses, (select count(*)::int from orders) as orders')
    ).rows;
    const file = path.join(RESULTS_DIR, 'learning-plans.md');
    writeFileSync(
      file,
      [
        '# Query plans of the teacher view and the course reputation',
        '',
        `Database: ${counts?.courses} courses, ${counts?.orders} orders; \`npx tsx bench/learning.ts\` on ${new Date().toISOString()}.`,
        '',
        ...sections,
      ].join('\n'),
    );
    console.log(`plans written to ${file}`);
  } finally {
    await explaining.close();
  }
}

async function main() {
  const prepared = await prepareData(target);
  const handle = await openTarget(target);
  let watched: Watched;
  let viewerRows: Omit<Viewer, 'cookie'>[];
  let targets: Awaited<ReturnType<typeof readTargets>>;
  try {
    ({ watched, viewers: viewerRows } = await ensureViewers(handle, viewerCount));
    targets = await readTargets(handle);
  } finally {
    await handle.close();
  }
  const port = args.port ? Number(args.port) : await freePort();
  const server = await startServer({ port, env: { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const idleMib = server.peakMemoryMib();
  try {
    const viewers = args.only === 'reads' ? [] : await signInAll(server, viewerRows);
    const [teacher] = await signInAll(server, [targets.teacher]);
    const saving = savingViewers(server, viewers, watched);
    const saves =
      args.only === 'reads'
        ? []
        : await runScenarios(server, [{ name: `progress saves: PUT /api/progress, ${viewers.length} viewers`, requests: saving.requests }], {
            duration: args.duration,
            connections: viewers.length,
          });
    // A save cut off by the end of a round is still on its way through the server.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const checkHandle = await openTarget(target);
    const check = await checkPositions(checkHandle, watched, saving.sent, saving.acknowledged).finally(() => checkHandle.close());

    const reads = [
      {
        name: `teacher's sales: GET /api/teaching/sales (${targets.teacher.courses} courses, ${targets.teacher.orders} paid sales)`,
        requests: () => [{ method: 'GET', path: '/api/teaching/sales', headers: { cookie: teacher!.cookie } }] as Request[],
      },
      randomPath(`course reputation: GET /api/courses/:id/reputation, random among the ${targets.popular.length} most bought`, () => `/api/courses/${pick(targets.popular)}/reputation`),
    ];
    const readRows: { connections: number; rows: MeasuredRow[] }[] = [];
    if (args.only !== 'saves') {
      for (const connections of [1, args.connections]) readRows.push({ connections, rows: await runScenarios(server, reads, { duration: args.duration, connections }) });
      await writePlans(targets.teacher.id, targets.popular[0]!);
    }

    const savesRow = saves[1];
    saveSection({
      name: 'learning',
      title: 'Learning on the PostgreSQL server: progress saves, teacher view, course reputation',
      facts: [
        `data: ${prepared.counts.courses} courses, ${prepared.counts.users} users, ${prepared.counts.orders} orders` +
          (prepared.seededSeconds ? `; generated in this run in ${prepared.seededSeconds.toFixed(0)} s` : '; reused from an earlier run'),
        ...(savesRow
          ? [
              `progress saves: ${viewers.length} signed-in viewers of course ${watched.courseId}, one connection each, one position per save, the next save as soon as the last is answered: ` +
                `${savesRow.rps} saves/s, p50 ${savesRow.p50} ms, p99 ${savesRow.p99} ms, errors ${savesRow.errors}`,
              `last positions: ${check.checked} viewers checked, ${check.lost} whose last sent position is not the stored one (${check.answeredButLost} of them answered 200)`,
            ]
          : []),
        `teacher's sales: ${targets.teacher.email}, the generated teacher with the most paid orders; reputation: random courses among the ${targets.popular.length} most bought`,
        `plans of both reads: bench/results/learning-plans.md`,
        `server peak memory (VmHWM): ${server.peakMemoryMib().toFixed(0)} MiB (${idleMib.toFixed(0)} MiB once ready)`,
      ],
      tables: [
        ...(saves.length ? [latencyTable(`progress saves, ${viewers.length} connections, median of ${benchRounds()} rounds of ${args.duration} s`, saves)] : []),
        ...readRows.map(({ connections, rows: measured }) => latencyTable(`reads, ${connections} connection(s), median of ${benchRounds()} rounds of ${args.duration} s`, measured)),
      ],
      loadAtStart,
    });
    if (check.lost > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
