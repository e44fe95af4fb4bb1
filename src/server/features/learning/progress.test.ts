import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { sharedServerUrl } from '../../../../test/helpers/process-pair';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import type { Database } from '../../db/client';
import { createCourse, createEnrollment, createTeacher, createUser } from '../../db/factories';
import { certificates, courseLessons, courseSections, lessonProgress } from '../../db/schema';
import { ProgressWriter, progressWriter, type ProgressRow } from './course-progress';

/**
 * A course of the starter curriculum (intro preview video of 60 s, main video of 600 s, as the
 * server stored them) plus a text and a file lesson in a second section.
 */
async function courseWithEveryKind(db: Database, ownerId: string) {
  const course = await createCourse(db, { ownerId });
  const [section] = await db.insert(courseSections).values({ courseId: course.id, title: 'Más', position: 2 }).returning();
  await db.insert(courseLessons).values([
    { courseId: course.id, sectionId: section!.id, position: 1, title: 'Lectura', kind: 'text', body: '# Hola', durationSeconds: 60 },
    { courseId: course.id, sectionId: section!.id, position: 2, title: 'Apuntes', kind: 'resource', resourceKey: 'resources/x.pdf', resourceName: 'x.pdf', resourceSizeBytes: 10 },
  ]);
  const lessons = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .where(eq(courseLessons.courseId, course.id))
    .orderBy(asc(courseSections.position), asc(courseLessons.position));
  const [intro, main, text, file] = lessons.map((lesson) => lesson.id) as [number, number, number, number];
  await db.update(courseLessons).set({ durationSeconds: 60 }).where(eq(courseLessons.id, intro));
  await db.update(courseLessons).set({ durationSeconds: 600 }).where(eq(courseLessons.id, main));
  return { course, intro, main, text, file };
}

describe('lesson progress: batched saves, states, resuming, my courses', () => {
  const ctx = useTestApp();

  // The server's clock: playback reports are judged by the time between them, so the tests move it as real playback would.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());
  const wait = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  const save = (user: TestUser, lessons: unknown[]) => ctx.app.inject({ method: 'PUT', url: '/api/progress', headers: as(user), payload: { lessons } });
  const read = (user: TestUser, courseId: number) => ctx.app.inject({ url: `/api/progress/${courseId}`, headers: as(user) });
  const lessonOf = async (user: TestUser, courseId: number, lessonId: number) =>
    ((await read(user, courseId)).json().lessons as { lessonId: number }[]).find((lesson) => lesson.lessonId === lessonId) as Record<string, unknown>;

  async function buyerOf() {
    const teacher = await createTeacher(ctx.db);
    const lessons = await courseWithEveryKind(ctx.db, teacher);
    const buyer = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: buyer.id, courseId: lessons.course.id });
    return { buyer, ...lessons };
  }

  /**
   * Plays a video lesson as the player does: a report where playback starts, then one every
   * `everySeconds` of wall clock (the last one at `to`), the clock moving as the playback takes.
   * The player reports every 5 s; tests that only need a lesson seen whole report less often.
   * `claimedDuration`: a length sent along, as older players did (the server ignores it).
   */
  async function play(
    user: TestUser,
    lessonId: number,
    { from = 0, to, speed = 1, everySeconds = 20, claimedDuration }: { from?: number; to: number; speed?: number; everySeconds?: number; claimedDuration?: number },
  ) {
    let position = from;
    const report = () => save(user, [{ lessonId, positionSeconds: position, ...(claimedDuration ? { durationSeconds: claimedDuration } : {}) }]);
    expect((await report()).statusCode).toBe(200);
    while (position < to) {
      const next = Math.min(to, position + speed * everySeconds);
      wait((next - position) / speed);
      position = next;
      expect((await report()).statusCode).toBe(200);
    }
  }

  it('answers the curriculum with every lesson not started, resuming at the first, before anything is saved', async () => {
    const { buyer, course, intro, main, text, file } = await buyerOf();
    const response = await read(buyer, course.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const body = response.json();
    expect(body.curriculum.sections.map((section: { lessons: { id: number }[] }) => section.lessons.map((lesson) => lesson.id))).toEqual([[intro, main], [text, file]]);
    expect(body.curriculum.sections[1].lessons[0]).toMatchObject({ title: 'Lectura', kind: 'text', isPreview: false, durationSeconds: 60 });
    expect(body.lessons.map((lesson: { state: string }) => lesson.state)).toEqual(['not_started', 'not_started', 'not_started', 'not_started']);
    expect(body).toMatchObject({ courseId: course.id, resumeLessonId: intro, percent: 0, completed: false });
  });

  it('marks a video done once the server has seen 90 % of its stored length played, and keeps it done when the learner seeks back', async () => {
    const { buyer, course, intro, main } = await buyerOf();
    await play(buyer, intro, { to: 54 });
    const afterIntro = (await read(buyer, course.id)).json();
    // 54 of 60 seconds seen is exactly 90 %.
    expect(afterIntro.lessons[0]).toMatchObject({ lessonId: intro, state: 'done', positionSeconds: 54, durationSeconds: 60, watchedSeconds: 54, completedAt: expect.any(String) });
    // The intro trailer is done but not asked for: none of the three lessons is done yet.
    expect(afterIntro).toMatchObject({ percent: 0, completed: false });

    await play(buyer, main, { to: 535 });
    expect(await lessonOf(buyer, course.id, main)).toMatchObject({ state: 'in_progress', positionSeconds: 535, durationSeconds: 600, watchedSeconds: 535, completedAt: null });
    await play(buyer, main, { from: 535, to: 540 });
    const done = await lessonOf(buyer, course.id, main);
    expect(done).toMatchObject({ state: 'done', watchedSeconds: 540, completedAt: expect.any(String) });
    wait(60);
    expect((await save(buyer, [{ lessonId: main, positionSeconds: 3 }])).statusCode).toBe(200);
    expect(await lessonOf(buyer, course.id, main)).toMatchObject({ state: 'done', positionSeconds: 3, completedAt: done.completedAt });
  });

  it('marks a short video watched to its end done, though its stored length is rounded', async () => {
    const { buyer, course, main } = await buyerOf();
    await ctx.db.update(courseLessons).set({ durationSeconds: 6 }).where(eq(courseLessons.id, main));
    // The end of a 5.6 s video stored as 6 s: 5 whole seconds seen of 6.
    await play(buyer, main, { to: 5.034666 });
    expect(await lessonOf(buyer, course.id, main)).toMatchObject({ state: 'done', positionSeconds: 5, durationSeconds: 6, watchedSeconds: 5 });
  });

  it('marks a text or a file done or not done as the learner says (a position does not); a video is never marked', async () => {
    const { buyer, course, text, file, main } = await buyerOf();
    await save(buyer, [{ lessonId: text, positionSeconds: 60 }]);
    expect((await read(buyer, course.id)).json().lessons[2]).toMatchObject({ state: 'in_progress' });
    await save(buyer, [{ lessonId: text, completed: true }, { lessonId: file, completed: true }, { lessonId: main, completed: true }]);
    let body = (await read(buyer, course.id)).json();
    expect(body.lessons.slice(1).map((lesson: { state: string }) => lesson.state)).toEqual(['not_started', 'done', 'done']);
    const markedAt = body.lessons[2].completedAt;
    // Marking again keeps the date it was first done; "not done" takes the mark away.
    wait(60);
    await save(buyer, [{ lessonId: text, completed: true }, { lessonId: file, completed: false }]);
    body = (await read(buyer, course.id)).json();
    expect(body.lessons[2]).toMatchObject({ state: 'done', completedAt: markedAt });
    expect(body.lessons[3]).toMatchObject({ state: 'in_progress', completedAt: null });
    // A video seen played stays done whatever a save says.
    await play(buyer, main, { to: 600, speed: 2 });
    await save(buyer, [{ lessonId: main, completed: false }]);
    await save(buyer, [{ lessonId: file, completed: true }]);
    body = (await read(buyer, course.id)).json();
    expect(body.lessons[1]).toMatchObject({ state: 'done' });
    // The intro trailer is a preview, not a lesson: the course is complete without it.
    expect(body.lessons[0]).toMatchObject({ state: 'not_started' });
    expect(body).toMatchObject({ percent: 100, completed: true, resumeLessonId: body.lessons[0].lessonId });
  });

  it('resumes at the last lesson touched that is not done, else the first not done, else the first', async () => {
    const { buyer, course, intro, main, text, file } = await buyerOf();
    await save(buyer, [{ lessonId: text, positionSeconds: 5 }]);
    wait(1);
    await save(buyer, [{ lessonId: main, positionSeconds: 5 }]);
    expect((await read(buyer, course.id)).json().resumeLessonId).toBe(main);
    wait(1);
    await save(buyer, [{ lessonId: text, positionSeconds: 6 }]);
    expect((await read(buyer, course.id)).json().resumeLessonId).toBe(text);
    await save(buyer, [{ lessonId: text, completed: true }]);
    await play(buyer, main, { to: 600, speed: 2 });
    expect((await read(buyer, course.id)).json().resumeLessonId).toBe(intro);
    await play(buyer, intro, { to: 60 });
    expect((await read(buyer, course.id)).json().resumeLessonId).toBe(file);
    await save(buyer, [{ lessonId: file, completed: true }]);
    expect((await read(buyer, course.id)).json()).toMatchObject({ resumeLessonId: intro, percent: 100, completed: true });
  });

  it('issues the certificate when a save completes the last lesson, and not before, stating what the server saw; the intro trailer is never asked for', async () => {
    const { buyer, course, main, text, file } = await buyerOf();
    const issued = () => ctx.db.select().from(certificates).where(and(eq(certificates.userId, buyer.id), eq(certificates.courseId, course.id)));
    await play(buyer, main, { to: 600, speed: 2 });
    await save(buyer, [{ lessonId: text, completed: true }]);
    // A position that completes nothing issues nothing.
    await save(buyer, [{ lessonId: main, positionSeconds: 10 }]);
    expect(await issued()).toEqual([]);
    expect((await save(buyer, [{ lessonId: file, completed: true }])).statusCode).toBe(200);
    expect(await issued()).toHaveLength(1);
    expect((await issued())[0]).toMatchObject({ lessonsCompleted: 3, videoSecondsWatched: 600 });
    // Completing a lesson again changes nothing.
    await save(buyer, [{ lessonId: file, completed: true }]);
    expect(await issued()).toHaveLength(1);
  });

  it('refuses a lesson the user may not take or that does not exist, and saves nothing of the batch; each user reads only their own', async () => {
    const { buyer, course, main } = await buyerOf();
    const notHeld = await courseWithEveryKind(ctx.db, await createTeacher(ctx.db));
    const other = await signedInUser(ctx.app);
    const refused = await save(buyer, [
      { lessonId: main, positionSeconds: 5, durationSeconds: 600 },
      { lessonId: notHeld.main, positionSeconds: 5, durationSeconds: 600 },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_ENROLLED');
    expect(await ctx.db.select().from(lessonProgress).where(eq(lessonProgress.userId, buyer.id))).toEqual([]);
    const unknown = await save(buyer, [{ lessonId: main, positionSeconds: 5, durationSeconds: 600 }, { lessonId: 999_999, positionSeconds: 5, durationSeconds: 600 }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('LESSON_NOT_FOUND');
    expect(await ctx.db.select().from(lessonProgress).where(eq(lessonProgress.userId, buyer.id))).toEqual([]);
    await save(buyer, [{ lessonId: main, positionSeconds: 5, durationSeconds: 600 }]);
    const otherRead = await read(other, course.id);
    expect(otherRead.statusCode).toBe(403);
    expect(otherRead.json().error.code).toBe('NOT_ENROLLED');
    expect((await read(buyer, 999_999)).statusCode).toBe(404);
  });

  it('answers 400 in the error shape for bad batches and changes nothing', async () => {
    const { buyer, main } = await buyerOf();
    const entry = { lessonId: main, positionSeconds: 5, durationSeconds: 600 };
    for (const lessons of [
      [],
      Array.from({ length: 21 }, () => entry),
      [{ ...entry, positionSeconds: -1 }],
      [{ ...entry, durationSeconds: 0 }],
      [{ ...entry, durationSeconds: 100_000 }],
      [{ lessonId: main }],
      [{ lessonId: main, durationSeconds: 600 }],
      [{ lessonId: main, completed: 'yes' }],
      // A lesson id is a JSON number: not text, in any spelling `Number` reads.
      ...[String(main), `0x${main.toString(16)}`, `${main}e0`, ` ${main}`].map((lessonId) => [{ ...entry, lessonId }]),
    ]) {
      const response = await save(buyer, lessons);
      expect(response.statusCode, JSON.stringify(lessons).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ctx.db.select().from(lessonProgress).where(eq(lessonProgress.userId, buyer.id))).toEqual([]);
  });

  it('lists my courses with the share of lessons done, the next lesson, the last touched first, and the date a course was completed', async () => {
    const teacher = await createTeacher(ctx.db);
    const done = await courseWithEveryKind(ctx.db, teacher);
    const started = await courseWithEveryKind(ctx.db, teacher);
    const untouched = await courseWithEveryKind(ctx.db, teacher);
    const buyer = await signedInUser(ctx.app);
    for (const { course } of [done, started, untouched]) await createEnrollment(ctx.db, { userId: buyer.id, courseId: course.id });
    await play(buyer, done.intro, { to: 60 });
    await play(buyer, done.main, { to: 600, speed: 2 });
    await save(buyer, [done.text, done.file].map((lessonId) => ({ lessonId, completed: true })));
    await play(buyer, started.intro, { to: 60 });
    wait(1);
    await save(buyer, [{ lessonId: started.text, positionSeconds: 5 }]);
    const response = await ctx.app.inject({ url: '/api/enrollments', headers: as(buyer) });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { id: number }) => item.id)).toEqual([started.course.id, done.course.id, untouched.course.id]);
    // The intro trailer done counts for nothing: it is not a lesson to complete.
    expect(items[0]).toMatchObject({ progressPercent: 0, lastWatchedAt: expect.any(String), completedAt: null, nextLesson: { id: started.text, title: 'Lectura' } });
    expect(items[1]).toMatchObject({ progressPercent: 100, completedAt: expect.any(String), nextLesson: null });
    expect(items[2]).toMatchObject({ progressPercent: 0, lastWatchedAt: null, completedAt: null, nextLesson: { id: untouched.intro } });
  });

  describe('completion the server has seen: the browser claims neither a length nor a completion', () => {
    it('completed: true on every lesson completes no video and issues no certificate', async () => {
      const { buyer, course, intro, main, text, file } = await buyerOf();
      const response = await save(buyer, [intro, main, text, file].map((lessonId) => ({ lessonId, completed: true })));
      expect(response.statusCode).toBe(200);
      const body = (await read(buyer, course.id)).json();
      expect(body.lessons.map((lesson: { state: string }) => lesson.state)).toEqual(['not_started', 'not_started', 'done', 'done']);
      expect(body).toMatchObject({ completed: false, percent: 66 });
      expect((await ctx.app.inject({ method: 'POST', url: `/api/certificates/courses/${course.id}`, headers: as(buyer) })).statusCode).toBe(409);
      expect(await ctx.db.select().from(certificates).where(eq(certificates.userId, buyer.id))).toEqual([]);
    });

    it('a claimed duration of 1 s and a position of 1 s complete nothing: the stored length is what counts', async () => {
      const { buyer, course, intro, main } = await buyerOf();
      await save(buyer, [{ lessonId: main, positionSeconds: 0, durationSeconds: 1 }, { lessonId: intro, positionSeconds: 0, durationSeconds: 1 }]);
      wait(1);
      await save(buyer, [{ lessonId: main, positionSeconds: 1, durationSeconds: 1, completed: true }, { lessonId: intro, positionSeconds: 1, durationSeconds: 1 }]);
      const body = (await read(buyer, course.id)).json();
      expect(body.lessons[0]).toMatchObject({ state: 'in_progress', positionSeconds: 1, durationSeconds: 60, watchedSeconds: 1 });
      expect(body.lessons[1]).toMatchObject({ state: 'in_progress', positionSeconds: 1, durationSeconds: 600, watchedSeconds: 1, completedAt: null });
    });

    it('a real watch at 2×, reported every 5 s, completes the lesson', async () => {
      const { buyer, course, main } = await buyerOf();
      const started = Date.now();
      await play(buyer, main, { to: 600, speed: 2, everySeconds: 5 });
      expect(Date.now() - started).toBe(300_000);
      expect(await lessonOf(buyer, course.id, main)).toMatchObject({ state: 'done', watchedSeconds: 600 });
    });

    it('seeking to the end covers nothing in between, however long the player waited before', async () => {
      const { buyer, course, main } = await buyerOf();
      await play(buyer, main, { to: 30, claimedDuration: 600 });
      // Sought at once from 30 s to 300 s, then played on.
      await play(buyer, main, { from: 300, to: 320, claimedDuration: 600 });
      // Paused for ten minutes, then sought to 570 s: no playback covers what lies between.
      wait(600);
      await play(buyer, main, { from: 570, to: 600, claimedDuration: 600 });
      expect(await lessonOf(buyer, course.id, main)).toMatchObject({ state: 'in_progress', positionSeconds: 600, watchedSeconds: 30 + 20 + 30, completedAt: null });
    });

    it('reports faster than the fastest speed, replayed, or sent in parallel cover nothing past real time', async () => {
      const { buyer, course, main } = await buyerOf();
      // Ten seconds of video every second: five times the fastest speed.
      for (let position = 0; position <= 600; position += 10) {
        await save(buyer, [{ lessonId: main, positionSeconds: position }]);
        wait(1);
      }
      expect(await lessonOf(buyer, course.id, main)).toMatchObject({ state: 'in_progress', watchedSeconds: 0 });
      // The same report again and again, and a burst of reports at once, after five seconds.
      await save(buyer, [{ lessonId: main, positionSeconds: 0 }]);
      wait(5);
      for (let replay = 0; replay < 3; replay += 1) await save(buyer, [{ lessonId: main, positionSeconds: 10 }]);
      await Promise.all([20, 30, 40, 50].map((positionSeconds) => save(buyer, [{ lessonId: main, positionSeconds }])));
      await save(buyer, [{ lessonId: main, positionSeconds: 50 }, { lessonId: main, positionSeconds: 60 }]);
      expect(await lessonOf(buyer, course.id, main)).toMatchObject({ watchedSeconds: 10 });
    });

    it('two tabs interleaving their reports cannot add up faster than real time', async () => {
      const { buyer, course, main } = await buyerOf();
      // One tab plays from the start, the other from the middle, both at 2×, each reporting every 5 s (with the length, as older players did).
      const tabs = [0, 300];
      await save(buyer, [{ lessonId: main, positionSeconds: tabs[0], durationSeconds: 600 }]);
      for (let turn = 1; turn <= 60; turn += 1) {
        wait(2.5);
        const tab = turn % 2;
        tabs[tab]! += 10;
        expect((await save(buyer, [{ lessonId: main, positionSeconds: tabs[tab], durationSeconds: 600 }])).statusCode).toBe(200);
      }
      // 150 s of wall clock: at most 300 s of video could have been played, and the lesson is not done.
      const lesson = await lessonOf(buyer, course.id, main);
      expect(lesson.watchedSeconds).toBeLessThanOrEqual(300);
      expect(lesson).toMatchObject({ state: 'in_progress', completedAt: null });
    });

    it('the owner and an admin may watch, and their progress is saved, but they get no certificate: they hold no course', async () => {
      const owner = await signedInUser(ctx.app);
      const admin = await signedInAdmin(ctx.app);
      const { course, main, text, file } = await courseWithEveryKind(ctx.db, owner.id);
      for (const viewer of [owner, admin]) {
        await play(viewer, main, { to: 600, speed: 2 });
        await save(viewer, [{ lessonId: text, completed: true }, { lessonId: file, completed: true }]);
        expect((await read(viewer, course.id)).json()).toMatchObject({ completed: true });
      }
      expect(await ctx.db.select().from(certificates).where(eq(certificates.courseId, course.id))).toEqual([]);
    });
  });

  describe('group commit: saves that arrive while one is written go in the next statement', () => {
    const position = async (userId: string, lessonId: number) =>
      (await ctx.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))))[0];

    /** Six viewers saving five times each: one after another per viewer, as a player does, all viewers at the same time. */
    async function sixViewersSaving() {
      const { course, main } = await courseWithEveryKind(ctx.db, await createTeacher(ctx.db));
      const viewers = await Promise.all(Array.from({ length: 6 }, () => signedInUser(ctx.app)));
      for (const viewer of viewers) await createEnrollment(ctx.db, { userId: viewer.id, courseId: course.id });
      const writer = progressWriter(ctx.db);
      const before = { ...writer.statistics };
      const savesEach = 5;
      for (let turn = 1; turn <= savesEach; turn += 1) {
        const responses = await Promise.all(viewers.map((viewer, index) => save(viewer, [{ lessonId: main, positionSeconds: 100 * index + turn, durationSeconds: 600 }])));
        expect(responses.map((response) => response.statusCode)).toEqual(viewers.map(() => 200));
      }
      for (const [index, viewer] of viewers.entries()) expect((await position(viewer.id, main))?.positionSeconds).toBe(100 * index + savesEach);
      const requests = viewers.length * savesEach;
      expect(writer.statistics.saves - before.saves).toBe(requests);
      return { requests, statements: writer.statistics.statements - before.statements };
    }

    it("lands every viewer's last position from many concurrent saves", async () => {
      await sixViewersSaving();
    });

    // PGlite runs one query at a time, first come first served: a request's upsert is always
    // ahead of the next request's access check, so no save is waiting when one is written
    // (the writer's own test below shows the grouping on both databases).
    it.runIf(sharedServerUrl)(`groups concurrent requests' saves into fewer statements than requests${sharedServerUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`, async () => {
      const { requests, statements } = await sixViewersSaving();
      expect(statements).toBeLessThan(requests);
    });

    it('refuses a request for a course its user may not watch without failing the saves that go with it', async () => {
      const teacher = await createTeacher(ctx.db);
      const held = await courseWithEveryKind(ctx.db, teacher);
      const notHeld = await courseWithEveryKind(ctx.db, teacher);
      const [first, intruder, second] = await Promise.all([signedInUser(ctx.app), signedInUser(ctx.app), signedInUser(ctx.app)]);
      for (const viewer of [first!, second!]) await createEnrollment(ctx.db, { userId: viewer.id, courseId: held.course.id });
      const entry = (lessonId: number, positionSeconds: number) => ({ lessonId, positionSeconds, durationSeconds: 600 });
      const [firstSave, refused, secondSave] = await Promise.all([save(first!, [entry(held.main, 11)]), save(intruder!, [entry(notHeld.main, 12)]), save(second!, [entry(held.main, 13)])]);
      expect([firstSave.statusCode, refused.statusCode, secondSave.statusCode]).toEqual([200, 403, 200]);
      expect(refused.json().error.code).toBe('NOT_ENROLLED');
      expect((await position(first!.id, held.main))?.positionSeconds).toBe(11);
      expect((await position(second!.id, held.main))?.positionSeconds).toBe(13);
      expect(await position(intruder!.id, notHeld.main)).toBeUndefined();
    });

    /** A save of a lesson, as the writer receives it once the request's access check passed. */
    const row = (userId: string, lesson: { courseId: number; lessonId: number }, positionSeconds: number, done = false): ProgressRow => ({
      userId,
      ...lesson,
      positionSeconds,
      durationSeconds: 600,
      completedAt: done ? new Date() : null,
      updatedAt: new Date(),
    });

    it('writes the queued saves in one statement, the last arrived winning and a completion earlier in the batch kept', async () => {
      const { course, main } = await courseWithEveryKind(ctx.db, await createTeacher(ctx.db));
      const lesson = { courseId: course.id, lessonId: main };
      const viewer = await createUser(ctx.db);
      const writer = progressWriter(ctx.db);
      const before = { ...writer.statistics };
      // The first goes at once; the other three arrive while it is in flight and share the next statement.
      await Promise.all([writer.write([row(viewer.id, lesson, 10)]), writer.write([row(viewer.id, lesson, 300)]), writer.write([row(viewer.id, lesson, 560, true)]), writer.write([row(viewer.id, lesson, 20)])]);
      expect(writer.statistics.statements - before.statements).toBe(2);
      expect(writer.statistics.saves - before.saves).toBe(4);
      const stored = await position(viewer.id, main);
      expect(stored?.positionSeconds).toBe(20);
      expect(stored?.completedAt).toBeInstanceOf(Date);
    });

    it('splits the queue beyond the rows a statement may carry, and a failing statement fails only the saves it carried', async () => {
      const { course, main } = await courseWithEveryKind(ctx.db, await createTeacher(ctx.db));
      const lesson = { courseId: course.id, lessonId: main };
      const viewers = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx.db)));
      const writer = new ProgressWriter(ctx.db, 2);
      const [alone, unknownUser, sharing, next] = await Promise.allSettled([
        writer.write([row(viewers[0]!.id, lesson, 1)]),
        // No such user: the foreign key fails the statement this save is in.
        writer.write([row('no-such-user', lesson, 2)]),
        writer.write([row(viewers[2]!.id, lesson, 3)]),
        writer.write([row(viewers[3]!.id, lesson, 4)]),
      ]);
      expect(writer.statistics).toEqual({ statements: 3, saves: 4 });
      expect([alone?.status, unknownUser?.status, sharing?.status, next?.status]).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((await position(viewers[0]!.id, main))?.positionSeconds).toBe(1);
      expect(await position(viewers[2]!.id, main)).toBeUndefined();
      expect((await position(viewers[3]!.id, main))?.positionSeconds).toBe(4);
    });
  });
});
