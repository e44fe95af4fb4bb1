import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { insertCourseWithVideos } from '../../../../test/helpers/videos';
import { courseLessons, courses, courseSections, courseVideos, enrollments } from '../../db/schema';
import { createStarterCurriculum } from '../curriculum';
import { createStreamToken, deriveVideoUrlKey } from './stream-tokens';

const VTT = 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHola <b>a todos</b>\n\n00:00:02.000 --> 00:00:04.500\nSegunda línea\n';
const SRT = '1\r\n00:00:00,500 --> 00:00:02,000\r\n<font color="red">Hello</font>\r\n\r\n2\r\n00:00:02,000 --> 00:00:04,000\r\nWorld\r\n';

describe('captions', () => {
  const ctx = useTestApp();

  /** A course whose 5-second intro and main video are its first lessons, a text lesson after them, and a buyer. */
  async function course() {
    const owner = await signedInUser(ctx.app);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id);
    const videos = await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id)).orderBy(asc(courseVideos.position));
    await createStarterCurriculum(ctx.db, course, { intro: videos[0]!, main: videos[1]! });
    const [section] = await ctx.db.insert(courseSections).values({ courseId: course.id, title: 'Más', position: 2 }).returning();
    const [text] = await ctx.db
      .insert(courseLessons)
      .values({ courseId: course.id, sectionId: section!.id, position: 1, title: 'Lectura', kind: 'text', body: 'Texto', durationSeconds: 3 })
      .returning();
    const [intro, main] = await ctx.db
      .select({ id: courseLessons.id })
      .from(courseLessons)
      .where(and(eq(courseLessons.courseId, course.id), eq(courseLessons.kind, 'video')))
      .orderBy(asc(courseLessons.position));
    const buyer = await signedInUser(ctx.app);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
    return { courseId: course.id, owner, buyer, intro: intro!.id, main: main!.id, text: text!.id };
  }

  const captionsUrl = (courseId: number, lessonId: number, language?: string) => `/api/courses/${courseId}/lessons/${lessonId}/captions${language ? `/${language}` : ''}`;
  const put = (user: TestUser, courseId: number, lessonId: number, language: string, text: string, fileName = 'subs.vtt') =>
    ctx.app.inject({ method: 'PUT', url: captionsUrl(courseId, lessonId, language), headers: as(user), payload: { fileName, text } });

  it('lets the owner and admins attach, list, replace and remove a video lesson’s captions; others get 403', async () => {
    const { courseId, owner, buyer, main } = await course();
    const attached = await put(owner, courseId, main, 'es', VTT);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().items).toEqual([{ language: 'es', fileName: 'subs.vtt', cueCount: 2, updatedAt: expect.any(String) }]);

    const admin = await signedInAdmin(ctx.app);
    expect((await put(admin, courseId, main, 'en', SRT, 'subs.srt')).json().items.map((item: { language: string }) => item.language)).toEqual(['en', 'es']);
    const listed = await ctx.app.inject({ url: captionsUrl(courseId, main), headers: as(owner) });
    expect(listed.json().items).toHaveLength(2);

    expect((await put(buyer, courseId, main, 'es', VTT)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: captionsUrl(courseId, main), headers: as(buyer) })).statusCode).toBe(403);

    const removed = await ctx.app.inject({ method: 'DELETE', url: captionsUrl(courseId, main, 'en'), headers: as(admin) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((item: { language: string }) => item.language)).toEqual(['es']);
  });

  it('answers 404 for a lesson that is not a video, or not of that course', async () => {
    const { courseId, owner, text, main } = await course();
    const other = await course();
    expect((await put(owner, courseId, text, 'es', VTT)).json().error.code).toBe('LESSON_NOT_FOUND');
    expect((await put(owner, courseId, other.main, 'es', VTT)).statusCode).toBe(404);
    expect((await put(owner, courseId, main, 'fr', VTT)).statusCode).toBe(400);
  });

  it('refuses a bad file with a code and, for a bad cue, its line', async () => {
    const { courseId, owner, main } = await course();
    const refusal = async (text: string) => {
      const response = await put(owner, courseId, main, 'es', text);
      return { status: response.statusCode, ...(response.json().error as { code: string; fields?: unknown }) };
    };
    expect(await refusal('just some words')).toMatchObject({ status: 422, code: 'CAPTIONS_UNREADABLE' });
    expect(await refusal(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'a'.repeat(600 * 1024)}`)).toMatchObject({ status: 413, code: 'CAPTIONS_TOO_LARGE' });
    expect(await refusal('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:03.000 --> 00:00:02.000\nbackwards')).toMatchObject({
      status: 422,
      code: 'CAPTIONS_CUE_INVALID',
      fields: { line: ['6'] },
    });
    // The video lasts 5 s; a second of tolerance.
    expect(await refusal('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:06,500\nlate')).toMatchObject({
      status: 422,
      code: 'CAPTIONS_CUE_OUTSIDE_VIDEO',
      fields: { line: ['6'] },
    });
    expect((await ctx.app.inject({ url: captionsUrl(courseId, main), headers: as(owner) })).json().items).toEqual([]);
  });

  it('serves the intro’s captions publicly as WebVTT (an SRT converted), with a validator, and names them on the course page', async () => {
    const { courseId, owner, intro } = await course();
    // The course page is cached: attaching captions changes the catalogue, and the page with it.
    expect((await ctx.app.inject({ url: `/api/courses/${courseId}` })).json().introVideo.captions).toEqual([]);
    expect((await put(owner, courseId, intro, 'en', SRT, 'intro.srt')).statusCode).toBe(200);
    const url = `/api/videos/courses/${courseId}/intro/captions/en`;
    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.body).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n\n00:00:02.000 --> 00:00:04.000\nWorld\n');
    const cached = await ctx.app.inject({ url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect((await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/captions/es` })).json().error.code).toBe('CAPTIONS_NOT_FOUND');

    const page = await ctx.app.inject({ url: `/api/courses/${courseId}` });
    expect(page.json().introVideo.captions).toEqual([{ language: 'en', url }]);

    // Out of the catalogue: strangers get 404, the owner still reads them, kept by no cache.
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, courseId));
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url, headers: as(await signedInUser(ctx.app)) })).statusCode).toBe(404);
    const owners = await ctx.app.inject({ url, headers: as(owner) });
    expect(owners.statusCode).toBe(200);
    expect(owners.headers['cache-control']).toBe('private, no-store');
  });

  it("lists a lesson's captions under its video's signed link, which stops with the buyer's access or when altered", async () => {
    const { courseId, owner, buyer, main } = await course();
    await put(owner, courseId, main, 'es', VTT);
    const content = await ctx.app.inject({ url: `/api/lessons/${main}`, headers: as(buyer) });
    const { captions } = content.json().video as { captions: { language: string; url: string }[] };
    expect(captions).toEqual([{ language: 'es', url: expect.stringMatching(/^\/api\/videos\/captions\/[^/]+\/es$/) }]);
    const url = captions[0]!.url;

    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.body).toContain('Hola <b>a todos</b>');
    expect((await ctx.app.inject({ url: url.replace(/\/es$/, '/en') })).statusCode).toBe(404);

    // A token for another user, signed with the wrong key, or tampered with: refused.
    const token = url.split('/')[4]!;
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await ctx.app.inject({ url: `/api/videos/captions/${altered}/es` })).statusCode).toBe(403);
    const forged = createStreamToken(deriveVideoUrlKey('another secret'), 'captions', { kind: 'lesson', lessonId: main, userId: buyer.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await ctx.app.inject({ url: `/api/videos/captions/${forged}/es` })).statusCode).toBe(403);

    // The refund takes the course: the link already handed out stops.
    await ctx.db.delete(enrollments).where(eq(enrollments.userId, buyer.id));
    expect((await ctx.app.inject({ url })).statusCode).toBe(403);
  });

  it('grants captions only: a caption link opens neither the video nor its HLS copy, and the video link opens no captions', async () => {
    const { courseId, owner, buyer, main } = await course();
    await put(owner, courseId, main, 'es', VTT);
    const { video } = (await ctx.app.inject({ url: `/api/lessons/${main}`, headers: as(buyer) })).json() as { video: { url: string; captions: { url: string }[] } };
    const captionToken = video.captions[0]!.url.split('/')[4]!;
    const streamToken = video.url.split('/').at(-1)!;
    // Each link still opens what it was made for.
    expect((await ctx.app.inject({ url: video.captions[0]!.url })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: video.url })).statusCode).toBe(200);

    expect((await ctx.app.inject({ url: `/api/videos/stream/${captionToken}` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/videos/hls/${captionToken}/master.m3u8` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/videos/captions/${streamToken}/es` })).statusCode).toBe(403);
  });
});
