import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { courses, favourites } from '../../db/schema';
import { insertCatalogBase, insertCourse } from '../../db/factories';

describe('favourites', () => {
  const ctx = useTestApp();

  const favouriteIds = async (user: TestUser) => {
    const response = await ctx.app.inject({ url: '/api/favourites', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { id: number }[] }).items.map((course) => course.id);
  };
  const put = (user: TestUser | null, courseId: number | string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/favourites/${courseId}`, headers: user?.headers ?? { origin: ctx.config.publicUrl } });
  const remove = (user: TestUser | null, courseId: number | string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/favourites/${courseId}`, headers: user?.headers ?? { origin: ctx.config.publicUrl } });

  it('sets and unsets a favourite, each idempotent, most recent first', async () => {
    const base = await insertCatalogBase(ctx.db);
    const first = await insertCourse(ctx.db, base.python, { title: 'Uno' });
    const second = await insertCourse(ctx.db, base.python, { title: 'Dos' });
    const user = await signedInUser(ctx.app);
    expect(await favouriteIds(user)).toEqual([]);

    const added = await put(user, first.id);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ courseId: first.id, favourite: true });
    expect((await put(user, first.id)).json()).toEqual({ courseId: first.id, favourite: true });
    await ctx.db.update(favourites).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(favourites.courseId, first.id));
    await put(user, second.id);
    expect(await favouriteIds(user)).toEqual([second.id, first.id]);

    const removed = await remove(user, first.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ courseId: first.id, favourite: false });
    expect((await remove(user, first.id)).json()).toEqual({ courseId: first.id, favourite: false });
    expect(await favouriteIds(user)).toEqual([second.id]);
  });

  it('lists the course card fields', async () => {
    const base = await insertCatalogBase(ctx.db);
    const course = await insertCourse(ctx.db, base.python, { title: 'Python', teacherName: 'Ana Torres', priceCents: 0 });
    const user = await signedInUser(ctx.app);
    await put(user, course.id);
    const response = await ctx.app.inject({ url: '/api/favourites', headers: user.headers });
    expect(response.json().items).toEqual([expect.objectContaining({ id: course.id, title: 'Python', teacherName: 'Ana Torres', priceCents: 0, imageUrl: 'https://example.com/image.jpg' })]);
  });

  it("keeps each user's favourites to themselves", async () => {
    const base = await insertCatalogBase(ctx.db);
    const course = await insertCourse(ctx.db, base.python);
    const alice = await signedInUser(ctx.app);
    const bob = await signedInUser(ctx.app);
    await put(alice, course.id);
    expect(await favouriteIds(alice)).toEqual([course.id]);
    expect(await favouriteIds(bob)).toEqual([]);
    await remove(bob, course.id);
    expect(await favouriteIds(alice)).toEqual([course.id]);
  });

  it('leaves disabled courses out of the list, and brings them back when enabled again', async () => {
    const base = await insertCatalogBase(ctx.db);
    const course = await insertCourse(ctx.db, base.python);
    const user = await signedInUser(ctx.app);
    await put(user, course.id);
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));
    expect(await favouriteIds(user)).toEqual([]);
    await ctx.db.update(courses).set({ disabledAt: null }).where(eq(courses.id, course.id));
    expect(await favouriteIds(user)).toEqual([course.id]);
  });

  it('refuses to favourite an unknown or disabled course, but unsetting always works', async () => {
    const base = await insertCatalogBase(ctx.db);
    const disabled = await insertCourse(ctx.db, base.python, { disabledAt: new Date() });
    const user = await signedInUser(ctx.app);
    for (const id of [disabled.id, 424242]) {
      const response = await put(user, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('COURSE_NOT_FOUND');
      expect((await remove(user, id)).statusCode).toBe(200);
    }
    expect((await put(user, 'abc')).statusCode).toBe(400);
    expect(await ctx.db.select().from(favourites)).toEqual([]);
  });

  it('is for signed-in users only', async () => {
    const base = await insertCatalogBase(ctx.db);
    const course = await insertCourse(ctx.db, base.python);
    expect((await ctx.app.inject({ url: '/api/favourites' })).statusCode).toBe(401);
    const response = await put(null, course.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect((await remove(null, course.id)).statusCode).toBe(401);
    expect(await ctx.db.select().from(favourites)).toEqual([]);
  });
});
