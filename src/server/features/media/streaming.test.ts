import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, signedInAdmin, type TestUser } from '../../../../test/helpers/auth';
import { TEST_BUCKET, useS3Server } from '../../../../test/helpers/s3';
import { insertCourseWithVideos, videoFixture } from '../../../../test/helpers/videos';
import { courses, enrollments, users } from '../../db/schema';
import { createStreamToken, deriveVideoUrlKey } from './signed-url';

describe('intro streaming', () => {
  const ctx = useTestApp();

  async function publicIntro() {
    const owner = await signedInUser(ctx.app);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id);
    const bytes = await readFile(videoFixture('landscape-5s'));
    return { owner, url: `/api/videos/courses/${course.id}/intro`, bytes, courseId: course.id };
  }

  it('sends the whole file to anyone, with type, validators and caching headers', async () => {
    const { url, bytes } = await publicIntro();
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['etag']).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(bytes);
  });

  it('answers byte ranges with 206: a slice, an open end and a suffix', async () => {
    const { url, bytes } = await publicIntro();
    const size = bytes.length;

    const slice = await ctx.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(slice.statusCode).toBe(206);
    expect(slice.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(slice.headers['content-length']).toBe('100');
    expect(slice.rawPayload).toEqual(bytes.subarray(100, 200));

    const openEnd = await ctx.app.inject({ url, headers: { range: `bytes=${size - 10}-` } });
    expect(openEnd.statusCode).toBe(206);
    expect(openEnd.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(openEnd.rawPayload).toEqual(bytes.subarray(size - 10));

    const suffix = await ctx.app.inject({ url, headers: { range: 'bytes=-50' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload).toEqual(bytes.subarray(size - 50));

    const pastEnd = await ctx.app.inject({ url, headers: { range: `bytes=0-${size * 2}` } });
    expect(pastEnd.statusCode).toBe(206);
    expect(pastEnd.headers['content-range']).toBe(`bytes 0-${size - 1}/${size}`);
  });

  it('answers 416 with the size for a range it cannot serve', async () => {
    const { url, bytes } = await publicIntro();
    for (const range of [`bytes=${bytes.length}-`, 'bytes=500-100', 'bytes=abc', 'bytes=-0']) {
      const response = await ctx.app.inject({ url, headers: { range } });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(response.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('answers 304 when the client has the current copy, and honours If-Range', async () => {
    const { url, bytes } = await publicIntro();
    const first = await ctx.app.inject({ url });
    const etag = String(first.headers.etag);

    const cached = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    expect((await ctx.app.inject({ url, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
    expect((await ctx.app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const sinceModified = await ctx.app.inject({ url, headers: { 'if-modified-since': String(first.headers['last-modified']) } });
    expect(sinceModified.statusCode).toBe(304);

    const current = await ctx.app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(current.statusCode).toBe(206);
    const stale = await ctx.app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(bytes);
  });

  it('answers HEAD with the headers only', async () => {
    const { url, bytes } = await publicIntro();
    const response = await ctx.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.length).toBe(0);
    const whole = await ctx.app.inject({ method: 'HEAD', url });
    expect(whole.headers['content-length']).toBe(String(bytes.length));
  });

  it("keeps a disabled course's intro for its owner and admins", async () => {
    const { owner, url, courseId } = await publicIntro();
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, courseId));
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    const own = await ctx.app.inject({ url, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    // An answer that depended on who asked: kept by no cache.
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await ctx.app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
  });

  it('answers 404 for a course that does not exist', async () => {
    const response = await ctx.app.inject({ url: '/api/videos/courses/999999/intro' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('COURSE_NOT_FOUND');
  });
});

describe('main video', () => {
  const ctx = useTestApp();

  async function paidCourse() {
    const owner = await signedInUser(ctx.app);
    const buyer = await signedInUser(ctx.app);
    const { course, mainKey } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
    return { owner, buyer, courseId: course.id, mainKey, bytes: await readFile(videoFixture('portrait-4s')) };
  }

  const ask = (courseId: number, user?: TestUser) => ctx.app.inject({ url: `/api/videos/courses/${courseId}/main`, headers: user?.headers ?? {} });

  it('gives buyers, the owner and admins a short-lived link that streams the main video', async () => {
    const { owner, buyer, courseId, bytes } = await paidCourse();
    const admin = await signedInAdmin(ctx.app, ctx.db);
    for (const user of [buyer, owner, admin]) {
      const response = await ask(courseId, user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const body = response.json();
      expect(body).toMatchObject({ width: 180, height: 320, durationSeconds: 4, url: expect.stringMatching(/^\/api\/videos\/stream\/.+/) });
      const expiresIn = new Date(body.expiresAt).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(3500_000);
      expect(expiresIn).toBeLessThanOrEqual(3600_000);

      const stream = await ctx.app.inject({ url: body.url, headers: { range: 'bytes=0-1023' } });
      expect(stream.statusCode).toBe(206);
      expect(stream.headers['content-type']).toBe('video/mp4');
      expect(stream.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(stream.rawPayload).toEqual(bytes.subarray(0, 1024));
    }
  });

  it('refuses anyone else: 403 for other users, 401 for visitors', async () => {
    const { courseId } = await paidCourse();
    const other = await signedInUser(ctx.app);
    const refused = await ask(courseId, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await ask(courseId)).statusCode).toBe(401);
    expect((await ask(987654, other)).statusCode).toBe(404);
  });

  it('keeps buyers watching a course an admin disabled after they bought it', async () => {
    const { owner, buyer, courseId } = await paidCourse();
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, courseId));
    for (const user of [buyer, owner]) {
      const response = await ask(courseId, user);
      expect(response.statusCode).toBe(200);
      expect((await ctx.app.inject({ url: response.json().url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    }
    expect((await ask(courseId, await signedInUser(ctx.app))).statusCode).toBe(403);
  });

  it('stops a link already handed out once its buyer loses the course (refund) or the account is disabled', async () => {
    const { buyer, courseId } = await paidCourse();
    const { url } = (await ask(courseId, buyer)).json() as { url: string };
    expect((await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    await ctx.db.delete(enrollments).where(eq(enrollments.userId, buyer.id));
    const revoked = await ctx.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error.code).toBe('FORBIDDEN');

    const other = await paidCourse();
    const link = ((await ask(other.courseId, other.buyer)).json() as { url: string }).url;
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(200);
    await ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, other.buyer.id));
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(403);
  });

  it('refuses an expired, altered, re-addressed or foreign-signed link with 403', async () => {
    const { buyer, courseId } = await paidCourse();
    const stranger = await signedInUser(ctx.app);
    const otherCourse = await paidCourse();
    const { url } = (await ask(courseId, buyer)).json() as { url: string };
    const token = url.split('/').pop()!;
    const key = deriveVideoUrlKey(ctx.config.authSecret!);

    const expired = createStreamToken(key, 'stream', { kind: 'course-main', courseId, userId: buyer.id, expiresAt: new Date(Date.now() - 1000) });
    // The genuine signature with another course, another user or a later expiry put in.
    const [expiry, signature, , course, user] = token.split('.') as [string, string, string, string, string];
    const strangerPart = createStreamToken(key, 'stream', { kind: 'course-main', courseId, userId: stranger.id, expiresAt: new Date(Date.now() + 600_000) }).split('.').pop()!;
    const otherCoursePart = `c.${otherCourse.courseId.toString(36)}`;
    const reAddressed = `${expiry}.${signature}.c.${course}.${strangerPart}`;
    const otherFile = `${expiry}.${signature}.${otherCoursePart}.${user}`;
    const later = `${(parseInt(expiry, 36) + 3600).toString(36)}.${token.slice(expiry.length + 1)}`;
    const foreign = createStreamToken(deriveVideoUrlKey('another-secret-that-is-long-enough-000'), 'stream', { kind: 'course-main', courseId, userId: buyer.id, expiresAt: new Date(Date.now() + 600_000) });
    const flipped = `${expiry}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}.${token.split('.').slice(2).join('.')}`;
    // Genuinely signed, but for a user who never bought the course.
    const strangers = createStreamToken(key, 'stream', { kind: 'course-main', courseId, userId: stranger.id, expiresAt: new Date(Date.now() + 600_000) });

    for (const bad of [expired, reAddressed, otherFile, later, foreign, flipped, strangers, 'garbage']) {
      const response = await ctx.app.inject({ url: `/api/videos/stream/${bad}` });
      expect(response.statusCode, bad).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
  });
});

describe('streaming behind nginx (VIDEO_ACCEL_REDIRECT_PREFIX)', () => {
  const ctx = useTestApp({ VIDEO_ACCEL_REDIRECT_PREFIX: '/internal-videos/' });

  it('decides access, then hands the file to nginx with X-Accel-Redirect', async () => {
    const owner = await signedInUser(ctx.app);
    const { course, introKey } = await insertCourseWithVideos(ctx.db, ctx.dataDir, owner.id);
    const response = await ctx.app.inject({ url: `/api/videos/courses/${course.id}/intro`, headers: { range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe(`/internal-videos/${introKey}`);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.rawPayload.length).toBe(0);

    const other = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ url: `/api/videos/courses/${course.id}/main`, headers: other.headers })).statusCode).toBe(403);
  });
});

describe('streaming from object storage (S3_*): access decided by the app, bytes from the bucket', () => {
  const s3 = useS3Server();
  const ctx = useTestApp(() => s3.env);

  async function paidCourse() {
    const owner = await signedInUser(ctx.app);
    const buyer = await signedInUser(ctx.app);
    const { course, introKey, mainKey } = await insertCourseWithVideos(ctx.db, ctx.app.videoStorage, owner.id);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId: course.id });
    return { owner, buyer, courseId: course.id, introKey, mainKey };
  }
  const ask = (courseId: number, user?: TestUser) => ctx.app.inject({ url: `/api/videos/courses/${courseId}/main`, headers: user?.headers ?? {} });

  /** Follows the app's redirect as a browser does, with the same Range header. */
  async function followed(location: string, range: string) {
    expect(new URL(location).origin).toBe(s3.endpoint);
    return fetch(location, { headers: { range } });
  }

  it('checks the buyer, then redirects each request of the link to a presigned URL valid for a minute, which answers ranges', async () => {
    const { buyer, courseId, mainKey } = await paidCourse();
    const { url } = (await ask(courseId, buyer)).json() as { url: string };
    const redirect = await ctx.app.inject({ url, headers: { range: 'bytes=0-1023' } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, max-age=30');
    const location = String(redirect.headers.location);
    const signed = new URL(location);
    expect(signed.pathname).toBe(`/${TEST_BUCKET}/${mainKey}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    // A request in CORS mode (a <video crossorigin>, its poster) gets a URL of its own, and the redirect varies with it.
    expect(redirect.headers.vary).toBe('Origin');
    const corsMode = await ctx.app.inject({ url, headers: { range: 'bytes=0-1023', origin: 'http://localhost:3000' } });
    expect(new URL(String(corsMode.headers.location)).searchParams.get('X-Amz-Expires')).toBe('61');

    const bytes = await readFile(videoFixture('portrait-4s'));
    const slice = await followed(location, 'bytes=0-1023');
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-type')).toBe('video/mp4');
    expect(slice.headers.get('content-range')).toBe(`bytes 0-1023/${bytes.length}`);
    expect(Buffer.from(await slice.arrayBuffer())).toEqual(bytes.subarray(0, 1024));
    const tail = await followed(location, `bytes=${bytes.length - 10}-`);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(-10));
  });

  it('hands no bucket URL to anyone else: 403 for other users and forged links, 401 for visitors, and none once the buyer is refunded', async () => {
    const { buyer, courseId, mainKey } = await paidCourse();
    const stranger = await signedInUser(ctx.app);
    const refused = await ask(courseId, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(s3.endpoint);
    expect((await ask(courseId)).statusCode).toBe(401);

    const key = deriveVideoUrlKey(ctx.config.authSecret!);
    const strangers = createStreamToken(key, 'stream', { kind: 'course-main', courseId, userId: stranger.id, expiresAt: new Date(Date.now() + 600_000) });
    const forged = await ctx.app.inject({ url: `/api/videos/stream/${strangers}`, headers: { range: 'bytes=0-99' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
    expect(forged.body).not.toContain(mainKey);

    const { url } = (await ask(courseId, buyer)).json() as { url: string };
    expect((await ctx.app.inject({ url })).statusCode).toBe(302);
    await ctx.db.delete(enrollments).where(eq(enrollments.userId, buyer.id));
    const revoked = await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.headers.location).toBeUndefined();
  });

  it('redirects the public intro too, and keeps a disabled course\'s intro from visitors', async () => {
    const { courseId, introKey } = await paidCourse();
    const url = `/api/videos/courses/${courseId}/intro`;
    const redirect = await ctx.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(redirect.statusCode).toBe(302);
    expect(new URL(String(redirect.headers.location)).pathname).toBe(`/${TEST_BUCKET}/${introKey}`);
    const slice = await followed(String(redirect.headers.location), 'bytes=0-99');
    expect(slice.status).toBe(206);
    expect(Buffer.from(await slice.arrayBuffer())).toEqual((await readFile(videoFixture('landscape-5s'))).subarray(0, 100));

    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, courseId));
    const hidden = await ctx.app.inject({ url });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers.location).toBeUndefined();
  });

  it('lets the pages load media from the bucket (and hls.js fetch its segments), and nothing else from it', async () => {
    // A page's policy (the API's JSON answers carry a shorter one that loads nothing at all).
    const page = await ctx.app.inject({ url: '/about' });
    const policy = String(page.headers['content-security-policy']);
    const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('media-src').split(' ')).toContain(s3.endpoint);
    expect(directive('connect-src').split(' ')).toContain(s3.endpoint);
    for (const other of ['default-src', 'script-src', 'img-src']) expect(directive(other), other).not.toContain(s3.endpoint);
  });
});
