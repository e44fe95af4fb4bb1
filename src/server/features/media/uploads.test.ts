import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signUp } from '../../../../test/helpers/auth';
import { createUpload, insertCourseWithVideos, insertUpload, patchUpload, TUS, uploadFile, videoFixture } from '../../../../test/helpers/videos';
import { courseVideos } from '../../db/schema';
import { MAX_UNUSED_UPLOADS } from './uploads';

describe('video uploads over tus', () => {
  const ctx = useTestApp();
  const storedPath = (id: string) => path.join(ctx.dataDir, 'videos', 'uploads', `${id}.mp4`);
  const incoming = () => (existsSync(path.join(ctx.dataDir, 'uploads-incoming')) ? readdirSync(path.join(ctx.dataDir, 'uploads-incoming')) : []);

  it('records a finished upload as an unclaimed video of its uploader, with size and duration read from the file', async () => {
    const user = await signUp(ctx.app);
    const bytes = await readFile(videoFixture('landscape-5s'));
    const { id, response } = await uploadFile(ctx.app, user, bytes);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, width: 320, height: 180, durationSeconds: 5, sizeBytes: bytes.length });
    const [row] = await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, id));
    expect(row).toMatchObject({ ownerId: user.id, courseId: null, position: null, storageKey: `uploads/${id}.mp4`, contentType: 'video/mp4', sizeBytes: bytes.length });
    expect(await readFile(storedPath(id))).toEqual(bytes);
    expect(incoming(), 'nothing is left in the tus folder').toEqual([]);

    const list = await ctx.app.inject({ url: '/api/videos/uploads', headers: user.headers });
    expect(list.json().items).toEqual([expect.objectContaining({ id, width: 320, height: 180, durationSeconds: 5, url: expect.stringMatching(/^\/api\/videos\/stream\//) })]);
    const played = await ctx.app.inject({ url: list.json().items[0].url });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload).toEqual(bytes);
  });

  it('resumes an interrupted upload where it stopped (POST, PATCH a part, HEAD the offset, PATCH the rest)', async () => {
    const user = await signUp(ctx.app);
    const bytes = await readFile(videoFixture('portrait-4s'));
    const location = await createUpload(ctx.app, user, bytes.length);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    const first = await patchUpload(ctx.app, user, location, 0, bytes.subarray(0, 10_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('10000');

    const head = await ctx.app.inject({ method: 'HEAD', url: location, headers: { ...user.headers, ...TUS } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('10000');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['cache-control']).toBe('no-store');

    const wrongOffset = await patchUpload(ctx.app, user, location, 0, bytes.subarray(0, 100));
    expect(wrongOffset.statusCode).toBe(409);
    expect(wrongOffset.json().error.code).toBe('CONFLICT');

    const rest = await patchUpload(ctx.app, user, location, 10_000, bytes.subarray(10_000));
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ width: 180, height: 320, durationSeconds: 4 });
    const id = location.split('/').pop()!;
    expect(await readFile(storedPath(id))).toEqual(bytes);
  });

  it('keeps the bytes that arrived before a connection dropped, and finishes from there', async () => {
    const user = await signUp(ctx.app);
    const bytes = await readFile(videoFixture('landscape-5s'));
    const location = await createUpload(ctx.app, user, bytes.length);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = ctx.app.server.address() as AddressInfo;
      const sent = 20_000;
      // A PATCH that announces the whole rest of the file but dies after 20 000 bytes.
      await new Promise<void>((resolve) => {
        const request = http.request({
          host: '127.0.0.1',
          port,
          path: location,
          method: 'PATCH',
          headers: { ...user.headers, ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
        });
        request.on('error', () => resolve());
        request.on('close', () => resolve());
        request.write(bytes.subarray(0, sent), () => setTimeout(() => request.destroy(), 200));
      });

      let offset = 0;
      for (let attempt = 0; attempt < 50 && offset !== sent; attempt++) {
        const head = await ctx.app.inject({ method: 'HEAD', url: location, headers: { ...user.headers, ...TUS } });
        offset = Number(head.headers['upload-offset']);
        if (offset !== sent) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(offset).toBe(sent);

      const rest = await patchUpload(ctx.app, user, location, sent, bytes.subarray(sent));
      expect(rest.statusCode).toBe(200);
      expect(await readFile(storedPath(location.split('/').pop()!))).toEqual(bytes);
    } finally {
      await ctx.app.server.close();
    }
  });

  it('refuses a file that is not a video whatever its name, and keeps nothing of it', async () => {
    const user = await signUp(ctx.app);
    const { id, response } = await uploadFile(ctx.app, user, await readFile(path.resolve('package.json')), 'holidays.mp4');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('VIDEO_NOT_MP4');
    expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    expect(existsSync(storedPath(id))).toBe(false);
    expect(incoming()).toEqual([]);
  });

  it('refuses an MP4 that holds no video track (audio only)', async () => {
    const user = await signUp(ctx.app);
    const { response } = await uploadFile(ctx.app, user, await readFile(videoFixture('audio-only')));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('VIDEO_NOT_MP4');
  });

  it('reads the shape the viewer sees: portrait files and phone videos turned by their matrix', async () => {
    const user = await signUp(ctx.app);
    const portrait = await uploadFile(ctx.app, user, await readFile(videoFixture('portrait-4s')));
    const rotated = await uploadFile(ctx.app, user, await readFile(videoFixture('rotated-phone-5s')));
    const longOne = await uploadFile(ctx.app, user, await readFile(videoFixture('landscape-62s-moov-at-end')));
    expect(portrait.response.json()).toMatchObject({ width: 180, height: 320 });
    expect(rotated.response.json()).toMatchObject({ width: 180, height: 320, durationSeconds: 5 });
    expect(longOne.response.json()).toMatchObject({ width: 160, height: 90, durationSeconds: 62 });
  });

  it('lets only signed-in users upload, and only the uploader see or continue an upload', async () => {
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...TUS, 'upload-length': '100' } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHENTICATED');

    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const location = await createUpload(ctx.app, owner, 5000);
    const head = await ctx.app.inject({ method: 'HEAD', url: location, headers: { ...stranger.headers, ...TUS } });
    expect(head.statusCode).toBe(404);
    const patch = await patchUpload(ctx.app, stranger, location, 0, Buffer.alloc(10));
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.code).toBe('VIDEO_NOT_FOUND');
    const cancel = await ctx.app.inject({ method: 'DELETE', url: location, headers: { ...stranger.headers, ...TUS } });
    expect(cancel.statusCode).toBe(404);

    const own = await ctx.app.inject({ method: 'HEAD', url: location, headers: { ...owner.headers, ...TUS } });
    expect(own.headers['upload-offset']).toBe('0');
    const ownCancel = await ctx.app.inject({ method: 'DELETE', url: location, headers: { ...owner.headers, ...TUS } });
    expect(ownCancel.statusCode).toBe(204);
    expect(incoming()).toEqual([]);
  });

  it('lists only my unclaimed uploads, and removes one of them with its file', async () => {
    const me = await signUp(ctx.app);
    const someone = await signUp(ctx.app);
    const { id } = await uploadFile(ctx.app, me, await readFile(videoFixture('landscape-5s')));
    const theirs = await insertUpload(ctx.db, someone.id);
    await insertCourseWithVideos(ctx.db, ctx.dataDir, me.id);

    const list = await ctx.app.inject({ url: '/api/videos/uploads', headers: me.headers });
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([id]);

    const notMine = await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${theirs.id}`, headers: me.headers });
    expect(notMine.statusCode).toBe(404);
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, theirs.id))).toHaveLength(1);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${id}`, headers: me.headers });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(storedPath(id))).toBe(false);
    expect((await ctx.app.inject({ url: '/api/videos/uploads', headers: me.headers })).json().items).toEqual([]);
  });

  it('does not let a video that belongs to a course be removed', async () => {
    const me = await signUp(ctx.app);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, me.id);
    const [attached] = await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id));
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${attached!.id}`, headers: me.headers });
    expect(response.statusCode).toBe(409);
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id))).toHaveLength(2);
  });
});

describe('video upload size limit', () => {
  const ctx = useTestApp({ VIDEO_MAX_BYTES: '40000' });

  it('refuses an upload larger than VIDEO_MAX_BYTES before any byte is sent', async () => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...user.headers, ...TUS, 'upload-length': '40001' } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('VIDEO_TOO_LARGE');
    const fits = await ctx.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...user.headers, ...TUS, 'upload-length': '40000' } });
    expect(fits.statusCode).toBe(201);
  });
});

describe('unused uploads per user', () => {
  const ctx = useTestApp();

  it(`refuses a new upload while ${MAX_UNUSED_UPLOADS} videos wait unused`, async () => {
    const user = await signUp(ctx.app);
    for (let index = 0; index < MAX_UNUSED_UPLOADS; index++) await insertUpload(ctx.db, user.id);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...user.headers, ...TUS, 'upload-length': '100' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('UPLOAD_LIMIT_REACHED');
    const other = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...other.headers, ...TUS, 'upload-length': '100' } })).statusCode).toBe(201);
  });
});
