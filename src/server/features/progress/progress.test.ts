import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { sharedServerUrl } from '../../../../test/helpers/process-pair';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { createCourse, createEnrollment, createTeacher, createUser } from '../../db/factories';
import { courseVideos, videoProgress } from '../../db/schema';
import { ProgressWriter, progressWriter, type ProgressRow } from '../../domain/course-progress';

describe('video progress: batched saves, resuming, my courses', () => {
  const ctx = useTestApp();

  const save = (user: TestUser, positions: unknown[]) => ctx.app.inject({ method: 'PUT', url: '/api/progress', headers: as(user), payload: { positions } });
  const read = (user: TestUser, courseId: number) => ctx.app.inject({ url: `/api/progress/${courseId}`, headers: as(user) });

  it('saves a batch in one go, a later position overwrites, and watched stays once reached at 90 %', async () => {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher });
    const buyer = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: buyer.id, courseId: course.id });
    const first = await save(buyer, [
      { courseId: course.id, video: 'intro', positionSeconds: 55, durationSeconds: 60 },
      { courseId: course.id, video: 'main', positionSeconds: 10.4, durationSeconds: 600 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ saved: 2 });
    const afterFirst = (await read(buyer, course.id)).json();
    expect(afterFirst.videos).toMatchObject([
      { video: 'intro', positionSeconds: 55, durationSeconds: 60, watchedAt: expect.any(String) },
      { video: 'main', positionSeconds: 10, durationSeconds: 600, watchedAt: null },
    ]);
    // Seeking back keeps the intro watched; the main video reaches 90 % now.
    expect((await save(buyer, [{ courseId: course.id, video: 'intro', positionSeconds: 3, durationSeconds: 60 }, { courseId: course.id, video: 'main', positionSeconds: 540, durationSeconds: 600 }])).statusCode).toBe(200);
    const again = (await read(buyer, course.id)).json();
    expect(again.videos[0]).toMatchObject({ video: 'intro', positionSeconds: 3, watchedAt: afterFirst.videos[0].watchedAt });
    expect(again.videos[1]).toMatchObject({ video: 'main', positionSeconds: 540, watchedAt: expect.any(String) });
  });

  it('refuses a course the user may not watch and saves nothing of the batch; each user reads only their own', async () => {
    const teacher = await createTeacher(ctx.db);
    const held = await createCourse(ctx.db, { ownerId: teacher });
    const notHeld = await createCourse(ctx.db, { ownerId: teacher });
    const buyer = await signedInUser(ctx.app);
    const other = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: buyer.id, courseId: held.id });
    const refused = await save(buyer, [
      { courseId: held.id, video: 'main', positionSeconds: 5, durationSeconds: 600 },
      { courseId: notHeld.id, video: 'main', positionSeconds: 5, durationSeconds: 600 },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_ENROLLED');
    expect(await ctx.db.select().from(videoProgress)).toEqual([]);
    expect((await save(buyer, [{ courseId: 999_999, video: 'main', positionSeconds: 5, durationSeconds: 600 }])).statusCode).toBe(404);
    await save(buyer, [{ courseId: held.id, video: 'main', positionSeconds: 5, durationSeconds: 600 }]);
    const otherRead = await read(other, held.id);
    expect(otherRead.statusCode).toBe(403);
    expect(otherRead.json().error.code).toBe('NOT_ENROLLED');
  });

  it('answers 400 in the error shape for bad batches and changes nothing', async () => {
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const buyer = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: buyer.id, courseId: course.id });
    const entry = { courseId: course.id, video: 'main', positionSeconds: 5, durationSeconds: 600 };
    for (const positions of [[], Array.from({ length: 21 }, () => entry), [{ ...entry, positionSeconds: -1 }], [{ ...entry, durationSeconds: 0 }], [{ ...entry, durationSeconds: 100_000 }], [{ ...entry, video: 'outro' }],
      // A course id is a JSON number: not text, in any spelling `Number` reads.
      ...[String(course.id), `0x${course.id.toString(16)}`, `${course.id}e0`, ` ${course.id}`].map((courseId) => [{ ...entry, courseId }])]) {
      const response = await save(buyer, positions);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ctx.db.select().from(videoProgress)).toEqual([]);
  });

  it('lists my courses with their progress, the last watched first, and the date a course was completed', async () => {
    const teacher = await createTeacher(ctx.db);
    const watched = await createCourse(ctx.db, { ownerId: teacher, title: 'Watched' });
    const started = await createCourse(ctx.db, { ownerId: teacher, title: 'Started' });
    const untouched = await createCourse(ctx.db, { ownerId: teacher, title: 'Untouched' });
    // The factory's videos: the intro of 60 s, the main one of 540 s.
    await ctx.db.update(courseVideos).set({ durationSeconds: 60 }).where(eq(courseVideos.position, 1));
    await ctx.db.update(courseVideos).set({ durationSeconds: 540 }).where(eq(courseVideos.position, 2));
    const buyer = await signedInUser(ctx.app);
    for (const course of [watched, started, untouched]) await createEnrollment(ctx.db, { userId: buyer.id, courseId: course.id });
    await save(buyer, [
      { courseId: watched.id, video: 'intro', positionSeconds: 60, durationSeconds: 60 },
      { courseId: watched.id, video: 'main', positionSeconds: 500, durationSeconds: 540 },
    ]);
    await save(buyer, [{ courseId: started.id, video: 'main', positionSeconds: 270, durationSeconds: 540 }]);
    const response = await ctx.app.inject({ url: '/api/enrollments', headers: as(buyer) });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Started', 'Watched', 'Untouched']);
    expect(items[0]).toMatchObject({ progressPercent: 45, lastWatchedAt: expect.any(String), completedAt: null });
    expect(items[1]).toMatchObject({ progressPercent: 100, completedAt: expect.any(String) });
    expect(items[2]).toMatchObject({ progressPercent: 0, lastWatchedAt: null, completedAt: null });
  });

  describe('group commit: saves that arrive while one is written go in the next statement', () => {
    const mainPosition = async (userId: string, courseId: number) =>
      (await ctx.db.select().from(videoProgress).where(and(eq(videoProgress.userId, userId), eq(videoProgress.courseId, courseId), eq(videoProgress.position, 2))))[0];

    /** Six viewers saving five times each: one after another per viewer, as a player does, all viewers at the same time. */
    async function sixViewersSaving() {
      const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
      const viewers = await Promise.all(Array.from({ length: 6 }, () => signedInUser(ctx.app)));
      for (const viewer of viewers) await createEnrollment(ctx.db, { userId: viewer.id, courseId: course.id });
      const writer = progressWriter(ctx.db);
      const before = { ...writer.statistics };
      const savesEach = 5;
      for (let turn = 1; turn <= savesEach; turn += 1) {
        const responses = await Promise.all(
          viewers.map((viewer, index) => save(viewer, [{ courseId: course.id, video: 'main', positionSeconds: 100 * index + turn, durationSeconds: 600 }])),
        );
        expect(responses.map((response) => response.statusCode)).toEqual(viewers.map(() => 200));
      }
      for (const [index, viewer] of viewers.entries()) expect((await mainPosition(viewer.id, course.id))?.positionSeconds).toBe(100 * index + savesEach);
      const requests = viewers.length * savesEach;
      expect(writer.statistics.saves - before.saves).toBe(requests);
      return { requests, statements: writer.statistics.statements - before.statements };
    }

    it('lands every viewer\'s last position from many concurrent saves', async () => {
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
      const held = await createCourse(ctx.db, { ownerId: teacher });
      const notHeld = await createCourse(ctx.db, { ownerId: teacher });
      const [first, intruder, second] = await Promise.all([signedInUser(ctx.app), signedInUser(ctx.app), signedInUser(ctx.app)]);
      for (const viewer of [first!, second!]) await createEnrollment(ctx.db, { userId: viewer.id, courseId: held.id });
      const entry = (courseId: number, positionSeconds: number) => ({ courseId, video: 'main', positionSeconds, durationSeconds: 600 });
      const [firstSave, refused, secondSave] = await Promise.all([
        save(first!, [entry(held.id, 11)]),
        save(intruder!, [entry(notHeld.id, 12)]),
        save(second!, [entry(held.id, 13)]),
      ]);
      expect([firstSave.statusCode, refused.statusCode, secondSave.statusCode]).toEqual([200, 403, 200]);
      expect(refused.json().error.code).toBe('NOT_ENROLLED');
      expect((await mainPosition(first!.id, held.id))?.positionSeconds).toBe(11);
      expect((await mainPosition(second!.id, held.id))?.positionSeconds).toBe(13);
      expect(await mainPosition(intruder!.id, notHeld.id)).toBeUndefined();
    });

    /** A save of the main video, as the writer receives it once the request's access check passed. */
    const row = (userId: string, courseId: number, positionSeconds: number, watched = false): ProgressRow => ({
      userId,
      courseId,
      position: 2,
      positionSeconds,
      durationSeconds: 600,
      watchedAt: watched ? new Date() : null,
      updatedAt: new Date(),
    });

    it('writes the queued saves in one statement, the last arrived winning and a 90 % reached earlier in the batch kept', async () => {
      const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
      const viewer = await createUser(ctx.db);
      const writer = progressWriter(ctx.db);
      const before = { ...writer.statistics };
      // The first goes at once; the other three arrive while it is in flight and share the next statement.
      await Promise.all([
        writer.write([row(viewer.id, course.id, 10)]),
        writer.write([row(viewer.id, course.id, 300)]),
        writer.write([row(viewer.id, course.id, 560, true)]),
        writer.write([row(viewer.id, course.id, 20)]),
      ]);
      expect(writer.statistics.statements - before.statements).toBe(2);
      expect(writer.statistics.saves - before.saves).toBe(4);
      const stored = await mainPosition(viewer.id, course.id);
      expect(stored?.positionSeconds).toBe(20);
      expect(stored?.watchedAt).toBeInstanceOf(Date);
    });

    it('splits the queue beyond the rows a statement may carry, and a failing statement fails only the saves it carried', async () => {
      const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
      const viewers = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx.db)));
      const writer = new ProgressWriter(ctx.db, 2);
      const [alone, unknownUser, sharing, next] = await Promise.allSettled([
        writer.write([row(viewers[0]!.id, course.id, 1)]),
        // No such user: the foreign key fails the statement this save is in.
        writer.write([row('no-such-user', course.id, 2)]),
        writer.write([row(viewers[2]!.id, course.id, 3)]),
        writer.write([row(viewers[3]!.id, course.id, 4)]),
      ]);
      expect(writer.statistics).toEqual({ statements: 3, saves: 4 });
      expect([alone?.status, unknownUser?.status, sharing?.status, next?.status]).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((await mainPosition(viewers[0]!.id, course.id))?.positionSeconds).toBe(1);
      expect(await mainPosition(viewers[2]!.id, course.id)).toBeUndefined();
      expect((await mainPosition(viewers[3]!.id, course.id))?.positionSeconds).toBe(4);
    });
  });
});
