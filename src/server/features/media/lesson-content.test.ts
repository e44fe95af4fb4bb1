import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { insertCourseWithVideos } from '../../../../test/helpers/videos';
import { courseLessons, courses, courseSections, courseVideos, enrollments } from '../../db/schema';
import { createStarterCurriculum } from '../curriculum';

describe("a lesson's content", () => {
  const ctx = useTestApp();

  /** A course whose videos are real files: the starter section (intro preview, main video), then a text preview, a text and a file. */
  async function course() {
    const owner = await signedInUser(ctx.app);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id);
    const videos = await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id)).orderBy(asc(courseVideos.position));
    await createStarterCurriculum(ctx.db, course, { intro: videos[0]!, main: videos[1]! });
    const [section] = await ctx.db.insert(courseSections).values({ courseId: course.id, title: 'Más', position: 2 }).returning();
    const body = '# Bienvenida\n\nLee **esto**.\n\n<script>alert(1)</script>\n\n[mal](javascript:alert(1))';
    await ctx.db.insert(courseLessons).values([
      { courseId: course.id, sectionId: section!.id, position: 1, title: 'Lectura libre', kind: 'text', isPreview: true, body, durationSeconds: 3 },
      { courseId: course.id, sectionId: section!.id, position: 2, title: 'Lectura', kind: 'text', body: 'Solo para *alumnos*.', durationSeconds: 3 },
      { courseId: course.id, sectionId: section!.id, position: 3, title: 'Apuntes', kind: 'resource', resourceKey: 'resources/a.pdf', resourceName: 'apuntes.pdf', resourceSizeBytes: 1234 },
    ]);
    const lessons = await ctx.db
      .select({ id: courseLessons.id })
      .from(courseLessons)
      .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
      .where(eq(courseLessons.courseId, course.id))
      .orderBy(asc(courseSections.position), asc(courseLessons.position));
    const [intro, main, freeText, text, file] = lessons.map((lesson) => lesson.id) as [number, number, number, number, number];
    const buyer = await signedInUser(ctx.app);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
    return { courseId: course.id, owner, buyer, intro, main, freeText, text, file };
  }

  const get = (lessonId: number, user?: TestUser) => ctx.app.inject({ url: `/api/lessons/${lessonId}`, headers: user ? as(user) : {} });

  it('opens a preview video to visitors, with a link that plays for them, and keeps answers out of caches', async () => {
    const { courseId, intro } = await course();
    const response = await get(intro);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body).toMatchObject({ id: intro, courseId, kind: 'video', isPreview: true, html: null, download: null });
    expect(body.video).toMatchObject({ url: expect.stringMatching(/^\/api\/videos\/stream\//), width: 320, height: 180, durationSeconds: 5, expiresAt: expect.any(String) });
    const stream = await ctx.app.inject({ url: body.video.url });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('video/mp4');
  });

  it("the visitor's preview link stops once the lesson is no longer a preview", async () => {
    const { intro } = await course();
    const { video } = (await get(intro)).json();
    await ctx.db.update(courseLessons).set({ isPreview: false }).where(eq(courseLessons.id, intro));
    expect((await ctx.app.inject({ url: video.url })).statusCode).toBe(403);
  });

  it("gives a paid video to its buyer, its owner and admins, with a link that checks the viewer's access on every request", async () => {
    const { courseId, main, buyer, owner } = await course();
    const admin = await signedInAdmin(ctx.app);
    for (const user of [buyer, owner, admin]) {
      const response = await get(main, user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json()).toMatchObject({ kind: 'video', isPreview: false, video: { width: 180, height: 320, durationSeconds: 4 } });
    }
    const { video } = (await get(main, buyer)).json();
    expect((await ctx.app.inject({ url: video.url })).statusCode).toBe(200);
    // A refund ends the link already handed out.
    await ctx.db.delete(enrollments).where(eq(enrollments.courseId, courseId));
    expect((await ctx.app.inject({ url: video.url })).statusCode).toBe(403);
  });

  it('refuses a paid lesson: 401 signed out, 403 NOT_ENROLLED for anyone else signed in', async () => {
    const { main, text, file } = await course();
    const stranger = await signedInUser(ctx.app);
    for (const lessonId of [main, text, file]) {
      const signedOut = await get(lessonId);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
      const refused = await get(lessonId, stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NOT_ENROLLED');
    }
  });

  it('renders a text lesson as sanitised HTML, a preview for anyone and the rest for buyers', async () => {
    const { freeText, text, buyer } = await course();
    const preview = (await get(freeText)).json();
    expect(preview).toMatchObject({ kind: 'text', video: null, download: null });
    expect(preview.html).toContain('<h1>Bienvenida</h1>');
    expect(preview.html).toContain('<strong>esto</strong>');
    expect(preview.html).not.toMatch(/<script|href="javascript/i);
    expect((await get(text, buyer)).json().html).toBe('<p>Solo para <em>alumnos</em>.</p>\n');
  });

  it('answers a resource lesson with its short-lived download link, without video or HTML', async () => {
    const { file, buyer } = await course();
    const response = await get(file, buyer);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ kind: 'resource', title: 'Apuntes', video: null, html: null, download: { name: 'apuntes.pdf', sizeBytes: 1234 } });
    expect(body.download.url).toMatch(/^\/api\/resources\/[\w.~-]+$/);
    expect(new Date(body.download.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("hides a disabled course's lessons, previews too, from all but its buyers, owner and admins; an unknown lesson is 404", async () => {
    const { courseId, intro, main, buyer, owner } = await course();
    const stranger = await signedInUser(ctx.app);
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, courseId));
    for (const [lessonId, user] of [[intro, undefined], [intro, stranger], [main, undefined], [main, stranger]] as const) {
      const response = await get(lessonId, user);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('LESSON_NOT_FOUND');
    }
    expect((await get(main, owner)).statusCode).toBe(200);
    expect((await get(main, buyer)).statusCode).toBe(200);
    expect((await get(intro, await signedInAdmin(ctx.app))).statusCode).toBe(200);
    const unknown = await get(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('LESSON_NOT_FOUND');
  });
});
