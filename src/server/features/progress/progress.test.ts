import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as, createTeacher, enrol } from '../../../../test/helpers/commerce';
import { createCourse } from '../../db/factories';
import { courseVideos, videoProgress } from '../../db/schema';

describe('video progress: batched saves, resuming, my courses', () => {
  const ctx = useTestApp();

  const save = (user: TestUser, positions: unknown[]) => ctx.app.inject({ method: 'PUT', url: '/api/progress', headers: as(user), payload: { positions } });
  const read = (user: TestUser, courseId: number) => ctx.app.inject({ url: `/api/progress/${courseId}`, headers: as(user) });

  it('saves a batch in one go, a later position overwrites, and watched stays once reached at 90 %', async () => {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher });
    const buyer = await signedInUser(ctx.app);
    await enrol(ctx.db, buyer.id, course.id);
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
    await enrol(ctx.db, buyer.id, held.id);
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
    await enrol(ctx.db, buyer.id, course.id);
    const entry = { courseId: course.id, video: 'main', positionSeconds: 5, durationSeconds: 600 };
    for (const positions of [[], Array.from({ length: 21 }, () => entry), [{ ...entry, positionSeconds: -1 }], [{ ...entry, durationSeconds: 0 }], [{ ...entry, durationSeconds: 100_000 }], [{ ...entry, video: 'outro' }]]) {
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
    for (const course of [watched, started, untouched]) await enrol(ctx.db, buyer.id, course.id);
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
});
