import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { newCourseForm } from '../../../../test/helpers/videos';
import type { Database } from '../../db/client';
import { createCourse } from '../../db/factories';
import { courses } from '../../db/schema';
import { getMeAnswer } from './service';

/**
 * The count of `GET /api/users/me` and the catalogue are kept between requests and follow the
 * catalogue's version, which this process learns from the database's notices: a change made
 * through this process is seen by the very next request, one made elsewhere once its notice
 * arrives. The app here does not catch up before each request, as the other tests' app does.
 */
describe('kept counts and catalogue entries follow every change', () => {
  const ctx = useTestApp({}, { catchUpBeforeEachRequest: false });
  beforeEach(async () => {
    // The emptied database's own notice, so that no entry of the previous test is reused.
    await ctx.app.catalogVersionFeed.sync();
  });

  const createdCount = async (user: TestUser) => {
    const response = await ctx.app.inject({ url: '/api/users/me', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ createdCoursesCount: number }>().createdCoursesCount;
  };

  it('counts a course created through this process at the next request', async () => {
    const teacher = await signedInUser(ctx.app);
    const { form } = await newCourseForm(ctx.db, teacher.id);
    await ctx.app.catalogVersionFeed.sync();
    expect(await createdCount(teacher)).toBe(0);
    expect(await createdCount(teacher)).toBe(0);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: teacher.headers,
      payload: form,
    });
    expect(created.statusCode).toBe(201);
    expect(await createdCount(teacher)).toBe(1);
  });

  it('follows courses created and removed elsewhere once the database announces them', async () => {
    const teacher = await signedInUser(ctx.app);
    expect(await createdCount(teacher)).toBe(0);

    // Another process (here: another connection) creates and then removes the user's courses.
    const course = await createCourse(ctx.db, { ownerId: teacher.id });
    await createCourse(ctx.db, { ownerId: teacher.id });
    await vi.waitFor(async () => expect(await createdCount(teacher)).toBe(2), { timeout: 2000, interval: 20 });
    await ctx.db.delete(courses).where(eq(courses.id, course.id));
    await vi.waitFor(async () => expect(await createdCount(teacher)).toBe(1), { timeout: 2000, interval: 20 });
  });

  it('reuses the count it read while no course changed, without asking the database again', async () => {
    const teacher = await signedInUser(ctx.app);
    expect(await createdCount(teacher)).toBe(0);
    // A course written with its triggers off (no path of the app can) leaves the version as it was.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await createCourse(tx as unknown as Database, { ownerId: teacher.id });
    });
    expect(await createdCount(teacher)).toBe(0);
    // Any statement on courses makes a new version, even one that changes no row.
    await ctx.db.update(courses).set({ title: 'x' }).where(sql`false`);
    await vi.waitFor(async () => expect(await createdCount(teacher)).toBe(1), { timeout: 2000, interval: 20 });
  });

  it('reads the count every time while the version is not known', async () => {
    const teacher = await signedInUser(ctx.app);
    const user = { id: teacher.id, name: teacher.name, email: teacher.email, image: null, isAdmin: false };
    expect(JSON.parse(await getMeAnswer(ctx.db, user, undefined)).createdCoursesCount).toBe(0);
    await createCourse(ctx.db, { ownerId: teacher.id });
    expect(JSON.parse(await getMeAnswer(ctx.db, user, undefined)).createdCoursesCount).toBe(1);
  });

  it('answers a course disabled through this process as gone at the next request, from the cache before', async () => {
    const admin = await signedInAdmin(ctx.app);
    const course = await createCourse(ctx.db);
    await ctx.app.catalogVersionFeed.sync();
    expect((await ctx.app.inject({ url: `/api/courses/${course.id}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/courses/${course.id}` })).statusCode).toBe(200);

    const disabled = await ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${course.id}/disable`, headers: admin.headers });
    expect(disabled.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/courses/${course.id}` })).statusCode).toBe(404);
  });
});
