import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedServerUrl, useProcessPair } from '../../../../test/helpers/process-pair';
import { call, signUpThrough, sleep, type Answer } from '../../../../test/helpers/server-process';
import { grantAdmin } from '../../auth/admin-grant';
import { createCourse } from '../../db/factories';
import { courses } from '../../db/schema';

/**
 * Two server processes on one PostgreSQL database, each keeping catalogue answers and
 * created-courses counts per catalogue version, which they learn from the database's notices:
 * a change made through one process, or straight in the database, reaches the other; with the
 * notices cut, each request asks the database for the version instead.
 */

const serverUrl = sharedServerUrl;
const SKIP_REASON = 'needs TEST_DATABASE_URL: several server processes must share one PostgreSQL server, and the embedded PGlite database belongs to one process by design';
const PORTS = [3240, 3241] as const;
/** Generous: the notices take milliseconds; this only bounds a test that would otherwise wait for ever. */
const LIMIT_MS = 3000;

async function eventually(ask: () => Promise<Answer>, accept: (answer: Answer) => boolean): Promise<Answer> {
  const started = performance.now();
  for (;;) {
    const answer = await ask();
    if (accept(answer)) return answer;
    if (performance.now() - started > LIMIT_MS) throw new Error(`still ${answer.status} ${JSON.stringify(answer.body)} after ${LIMIT_MS} ms`);
    await sleep(20);
  }
}

const createdCount = (answer: Answer) => (answer.body as { createdCoursesCount?: number }).createdCoursesCount;

describe.skipIf(!serverUrl)(`catalogue versions followed by two server processes${serverUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const pair = useProcessPair(PORTS, 'catalog_version');

  it('answers on one process a course disabled through the other as gone, and at once on the process that disabled it', async () => {
    const admin = await signUpThrough(pair.first);
    await grantAdmin(pair.database.db, admin.email);
    const course = await createCourse(pair.database.db);
    await eventually(() => call(pair.second, `/api/courses/${course.id}`), (answer) => answer.status === 200);
    await eventually(() => call(pair.first, `/api/courses/${course.id}`), (answer) => answer.status === 200);

    expect((await call(pair.first, `/api/admin/courses/${course.id}/disable`, { cookie: admin.cookie, json: {} })).status).toBe(200);
    expect((await call(pair.first, `/api/courses/${course.id}`)).status).toBe(404);
    await eventually(() => call(pair.second, `/api/courses/${course.id}`), (answer) => answer.status === 404);
  });

  it('keeps each process’s created-courses count right as courses are created and deleted elsewhere', async () => {
    const teacher = await signUpThrough(pair.first);
    for (const server of [pair.first, pair.second]) expect(createdCount(await call(server, '/api/users/me', { cookie: teacher.cookie }))).toBe(0);

    const course = await createCourse(pair.database.db, { ownerId: teacher.id });
    for (const server of [pair.first, pair.second]) await eventually(() => call(server, '/api/users/me', { cookie: teacher.cookie }), (answer) => createdCount(answer) === 1);

    await pair.database.db.delete(courses).where(eq(courses.id, course.id));
    for (const server of [pair.first, pair.second]) await eventually(() => call(server, '/api/users/me', { cookie: teacher.cookie }), (answer) => createdCount(answer) === 0);
  });

  it('asks the database for the version while the notices cannot arrive', async () => {
    const course = await createCourse(pair.database.db);
    await eventually(() => call(pair.second, `/api/courses/${course.id}`), (answer) => answer.status === 200);
    // Cut every listening connection to this database: both processes lose their channels (and reconnect a second later).
    await pair.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    await sleep(50);
    await pair.database.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));
    // No notice announces it, yet the next request sees it.
    expect((await call(pair.second, `/api/courses/${course.id}`)).status).toBe(404);
  });
});
