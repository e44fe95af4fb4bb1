import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { createUpload, insertCourseWithVideos, patchUpload, TUS, uploadFile, videoFixture } from '../../../../test/helpers/videos';
import { findBox, withDeclaredSize } from '../../../../test/helpers/mp4';
import { useS3Server } from '../../../../test/helpers/s3';
import { courseVideos, uploadsInProgress } from '../../db/schema';
import { MAX_UNUSED_UPLOADS } from './uploads';
import { insertUpload } from '../../db/factories';

/** A real video whose sample size table claims 2^31 one-byte samples: 2^31 table entries for a parser that believes it. */
async function hostileVideo() {
  const bytes = Buffer.from(await readFile(videoFixture('landscape-5s')));
  const stsz = findBox(bytes, 'moov/trak/mdia/minf/stbl/stsz');
  bytes.writeUInt32BE(1, stsz.payload + 4);
  bytes.writeUInt32BE(0x7fffffff, stsz.payload + 8);
  return bytes;
}

describe.each(['the local disk', 'an S3 bucket'] as const)('video uploads over tus, kept on %s', (backend) => {
  // With S3_* settings, a multipart upload straight into the bucket (s3rver, started for these tests).
  const s3 = backend === 'an S3 bucket' ? useS3Server() : null;
  const ctx = useTestApp(() => s3?.env ?? {});
  /** The stored video's bytes, or null when there is none. */
  const stored = async (id: string) => {
    if (s3) return s3.objectBytes(`uploads/${id}.mp4`);
    const file = path.join(ctx.dataDir, 'videos', 'uploads', `${id}.mp4`);
    return existsSync(file) ? readFile(file) : null;
  };
  /** What the tus store holds: files of the uploads folder, or the bucket's upload objects and multipart uploads. */
  const incoming = async () => {
    if (s3) return [...(await s3.keys('uploads-incoming/')), ...Array.from({ length: await s3.openMultipartUploads() }, () => 'an open multipart upload')];
    return existsSync(path.join(ctx.dataDir, 'uploads-incoming')) ? readdirSync(path.join(ctx.dataDir, 'uploads-incoming')) : [];
  };

  it('records a finished upload as an unclaimed video of its uploader, with size and duration read from the file', async () => {
    const user = await signedInUser(ctx.app);
    const bytes = await readFile(videoFixture('landscape-5s'));
    const { id, response } = await uploadFile(ctx.app, user, bytes);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, width: 320, height: 180, durationSeconds: 5, sizeBytes: bytes.length });
    const [row] = await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, id));
    expect(row).toMatchObject({ ownerId: user.id, courseId: null, position: null, storageKey: `uploads/${id}.mp4`, contentType: 'video/mp4', sizeBytes: bytes.length });
    expect(await stored(id)).toEqual(bytes);
    expect(await incoming(), 'nothing is left of the tus upload').toEqual([]);

    const list = await ctx.app.inject({ url: '/api/videos/uploads', headers: user.headers });
    expect(list.json().items).toEqual([expect.objectContaining({ id, width: 320, height: 180, durationSeconds: 5, url: expect.stringMatching(/^\/api\/videos\/stream\//) })]);
    const played = await ctx.app.inject({ url: list.json().items[0].url });
    if (s3) {
      // The bucket serves the bytes, through a presigned URL the app hands out after its checks.
      expect(played.statusCode).toBe(302);
      const fetched = await fetch(String(played.headers.location));
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
    } else {
      expect(played.statusCode).toBe(200);
      expect(played.rawPayload).toEqual(bytes);
    }
  });

  it('resumes an interrupted upload where it stopped (POST, PATCH a part, HEAD the offset, PATCH the rest)', async () => {
    const user = await signedInUser(ctx.app);
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
    expect(await stored(id)).toEqual(bytes);
  });

  it('keeps the bytes that arrived before a connection dropped, and finishes from there', async () => {
    const user = await signedInUser(ctx.app);
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
      expect(await stored(location.split('/').pop()!)).toEqual(bytes);
    } finally {
      await ctx.app.server.close();
    }
  });

  it('refuses a file that is not a video whatever its name, and keeps nothing of it', async () => {
    const user = await signedInUser(ctx.app);
    const { id, response } = await uploadFile(ctx.app, user, await readFile(path.resolve('package.json')), 'holidays.mp4');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('VIDEO_NOT_MP4');
    expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    expect(await stored(id)).toBeNull();
    expect(await incoming()).toEqual([]);
  });

  it('refuses a crafted MP4 whose sample table claims 2^31 samples with 415 VIDEO_NOT_MP4, keeping nothing of it', async () => {
    const user = await signedInUser(ctx.app);
    const { id, response } = await uploadFile(ctx.app, user, await hostileVideo());
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('VIDEO_NOT_MP4');
    expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);
    expect(await stored(id)).toBeNull();
    expect(await incoming()).toEqual([]);
  });

  it('refuses an MP4 whose header declares 32768×720 with 422 VIDEO_TOO_LARGE_PICTURE, keeping nothing of it', async () => {
    const user = await signedInUser(ctx.app);
    const wide = withDeclaredSize(await readFile(videoFixture('landscape-5s')), { track: [32768, 720], entry: [32768, 720] });
    const { id, response } = await uploadFile(ctx.app, user, wide);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('VIDEO_TOO_LARGE_PICTURE');
    expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    expect(await stored(id)).toBeNull();
  });

  it('keeps answering /api/health at once while a finished upload is probed', async () => {
    const user = await signedInUser(ctx.app);
    const bytes = await hostileVideo();
    const location = await createUpload(ctx.app, user, bytes.length);
    let finished = false;
    const finishing = patchUpload(ctx.app, user, location, 0, bytes).finally(() => {
      finished = true;
    });
    // Health checks one after another until the upload answers: several must be answered while
    // the file is still being read. A probe on the request thread would hold the event loop, and
    // no check would be answered until it ended (how fast each answers is the benchmarks' business).
    let answeredDuringProbe = 0;
    while (!finished) {
      const health = await ctx.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (!finished) answeredDuringProbe += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await finishing).json().error.code).toBe('VIDEO_NOT_MP4');
    expect(answeredDuringProbe).toBeGreaterThanOrEqual(3);
  });

  it('refuses an MP4 that holds no video track (audio only)', async () => {
    const user = await signedInUser(ctx.app);
    const { response } = await uploadFile(ctx.app, user, await readFile(videoFixture('audio-only')));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('VIDEO_NOT_MP4');
  });

  it('reads the shape the viewer sees: portrait files and phone videos turned by their matrix', async () => {
    const user = await signedInUser(ctx.app);
    const portrait = await uploadFile(ctx.app, user, await readFile(videoFixture('portrait-4s')));
    const rotated = await uploadFile(ctx.app, user, await readFile(videoFixture('rotated-phone-5s')));
    const longOne = await uploadFile(ctx.app, user, await readFile(videoFixture('landscape-62s-moov-at-end')));
    expect(portrait.response.json()).toMatchObject({ width: 180, height: 320 });
    expect(rotated.response.json()).toMatchObject({ width: 180, height: 320, durationSeconds: 5 });
    expect(longOne.response.json()).toMatchObject({ width: 160, height: 90, durationSeconds: 62 });
  });

  it('lets only signed-in users upload, and only the uploader see or continue an upload', async () => {
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...TUS, 'upload-length': '100' } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHENTICATED');

    const owner = await signedInUser(ctx.app);
    const stranger = await signedInUser(ctx.app);
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
    expect(await incoming()).toEqual([]);
  });

  it('names the upload by its path alone: a query string changes nothing, and a name that is no upload id is refused', async () => {
    const owner = await signedInUser(ctx.app);
    const location = await createUpload(ctx.app, owner, 5000);
    const withQuery = `${location}?FXjU%7B6%5D=%3Ce%22Z%7B%5D%3Fzs&x=1`;
    const head = await ctx.app.inject({ method: 'HEAD', url: withQuery, headers: { ...owner.headers, ...TUS } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    const patch = await patchUpload(ctx.app, owner, withQuery, 0, Buffer.alloc(10));
    expect(patch.statusCode).toBe(204);
    expect(patch.headers['upload-offset']).toBe('10');

    for (const url of ['/api/uploads/not-an-upload', '/api/uploads/%E2%82%AC', `${location}x`]) {
      const missing = await ctx.app.inject({ method: 'DELETE', url, headers: { ...owner.headers, ...TUS } });
      expect(missing.statusCode, url).toBe(400);
      expect(missing.json().error.code, url).toBe('VALIDATION_FAILED');
    }
    const cancel = await ctx.app.inject({ method: 'DELETE', url: withQuery, headers: { ...owner.headers, ...TUS } });
    expect(cancel.statusCode).toBe(204);
    expect(await incoming()).toEqual([]);
  });

  it('lists only my unclaimed uploads, and removes one of them with its file', async () => {
    const me = await signedInUser(ctx.app);
    const someone = await signedInUser(ctx.app);
    const { id } = await uploadFile(ctx.app, me, await readFile(videoFixture('landscape-5s')));
    const theirs = await insertUpload(ctx.db, someone.id);
    await insertCourseWithVideos(ctx.db, ctx.app.videoStorage, me.id);

    const list = await ctx.app.inject({ url: '/api/videos/uploads', headers: me.headers });
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([id]);

    const notMine = await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${theirs.id}`, headers: me.headers });
    expect(notMine.statusCode).toBe(404);
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, theirs.id))).toHaveLength(1);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${id}`, headers: me.headers });
    expect(removed.statusCode).toBe(200);
    expect(await stored(id)).toBeNull();
    expect((await ctx.app.inject({ url: '/api/videos/uploads', headers: me.headers })).json().items).toEqual([]);
  });

  it('does not let a video that belongs to a course be removed', async () => {
    const me = await signedInUser(ctx.app);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.app.videoStorage, me.id);
    const [attached] = await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id));
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/videos/uploads/${attached!.id}`, headers: me.headers });
    expect(response.statusCode).toBe(409);
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.courseId, course.id))).toHaveLength(2);
  });
});

describe('video upload size limit', () => {
  const ctx = useTestApp({ VIDEO_MAX_BYTES: '40000' });

  it('refuses an upload larger than VIDEO_MAX_BYTES before any byte is sent', async () => {
    const user = await signedInUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, 'upload-length': '40001' } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('VIDEO_TOO_LARGE');
    const fits = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, 'upload-length': '40000' } });
    expect(fits.statusCode).toBe(201);
  });
});

describe('probe limits', () => {
  // No worker starts, let alone reads a file, within a millisecond.
  const ctx = useTestApp({ VIDEO_PROBE_TIMEOUT_MS: '1' });
  const incoming = () => readdirSync(path.join(ctx.dataDir, 'uploads-incoming'));

  it('refuses an upload whose probe passes its time limit with 422 VIDEO_UNREADABLE, removing it and freeing its place', async () => {
    const user = await signedInUser(ctx.app);
    const { response } = await uploadFile(ctx.app, user, await readFile(videoFixture('landscape-5s')));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'VIDEO_UNREADABLE', message: expect.stringContaining('too long') });
    expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    expect(await ctx.db.select().from(uploadsInProgress)).toEqual([]);
    expect(incoming()).toEqual([]);
  });
});

describe('unused uploads per user', () => {
  const ctx = useTestApp();

  it(`refuses a new upload while ${MAX_UNUSED_UPLOADS} videos wait unused`, async () => {
    const user = await signedInUser(ctx.app);
    for (let index = 0; index < MAX_UNUSED_UPLOADS; index++) await insertUpload(ctx.db, user.id);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, 'upload-length': '100' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('UPLOAD_LIMIT_REACHED');
    const other = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...other.headers, ...TUS, 'upload-length': '100' } })).statusCode).toBe(201);
  });

  it('counts uploads in progress as videos that will wait unused, so finishing them cannot pass the limit', async () => {
    const user = await signedInUser(ctx.app);
    for (let index = 0; index < MAX_UNUSED_UPLOADS - 2; index++) await insertUpload(ctx.db, user.id);
    await createUpload(ctx.app, user, 1000);
    await createUpload(ctx.app, user, 1000);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, 'upload-length': '100' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('UPLOAD_LIMIT_REACHED');
  });
});

describe('upload space per user', () => {
  const ctx = useTestApp({ VIDEO_MAX_BYTES: '100000', UPLOADS_MAX_UNFINISHED_PER_USER: '2', UPLOADS_MAX_DECLARED_BYTES_PER_USER: '150000' });
  const create = (user: { headers: Record<string, string> }, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...TUS, ...headers } });
  const rowsOf = (ownerId: string) => ctx.db.select().from(uploadsInProgress).where(eq(uploadsInProgress.ownerId, ownerId));

  it('refuses a third unfinished upload with UNFINISHED_UPLOADS_LIMIT, naming the limit; finishing or cancelling one frees its place', async () => {
    const user = await signedInUser(ctx.app);
    const bytes = await readFile(videoFixture('portrait-4s'));
    const first = await createUpload(ctx.app, user, bytes.length);
    const second = await createUpload(ctx.app, user, 1000);
    const refused = await create(user, { 'upload-length': '1000' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'UNFINISHED_UPLOADS_LIMIT', message: expect.stringContaining('At most 2 uploads') });
    expect(await rowsOf(user.id)).toHaveLength(2);
    // Someone else is not held back by my uploads.
    expect((await create(await signedInUser(ctx.app), { 'upload-length': '1000' })).statusCode).toBe(201);

    expect((await patchUpload(ctx.app, user, first, 0, bytes)).statusCode).toBe(200);
    const third = await createUpload(ctx.app, user, 1000);
    expect((await create(user, { 'upload-length': '1000' })).json().error.code).toBe('UNFINISHED_UPLOADS_LIMIT');
    const cancelled = await ctx.app.inject({ method: 'DELETE', url: second, headers: { ...user.headers, ...TUS } });
    expect(cancelled.statusCode).toBe(204);
    expect((await create(user, { 'upload-length': '1000' })).statusCode).toBe(201);
    expect((await rowsOf(user.id)).map((row) => row.id)).toContain(third.split('/').pop());
  });

  it('refuses an upload whose declared length would pass the total with UPLOAD_SPACE_EXCEEDED, naming what is left', async () => {
    const user = await signedInUser(ctx.app);
    await createUpload(ctx.app, user, 100_000);
    const refused = await create(user, { 'upload-length': '50001' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({ code: 'UPLOAD_SPACE_EXCEEDED', message: expect.stringContaining('150000 bytes in total; 50000 are left') });
    expect((await create(user, { 'upload-length': '50000' })).statusCode).toBe(201);
  });

  it('refuses an upload that defers its length (Upload-Defer-Length), which no limit could count', async () => {
    const user = await signedInUser(ctx.app);
    const refused = await create(user, { 'upload-defer-length': '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('UPLOAD_LENGTH_REQUIRED');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('lets only the limit through when many uploads are created at once', async () => {
    const user = await signedInUser(ctx.app);
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(user, { 'upload-length': '1000' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(await rowsOf(user.id)).toHaveLength(2);
    const more = await Promise.all(Array.from({ length: 8 }, () => create(user, { 'upload-length': '1000' })));
    expect(more.every((response) => response.statusCode === 409)).toBe(true);
  });

  it('records when bytes last arrived: a write moves it, an empty PATCH does not, and the creation time stays', async () => {
    const user = await signedInUser(ctx.app);
    const location = await createUpload(ctx.app, user, 5000);
    const id = location.split('/').pop()!;
    const longAgo = new Date(Date.now() - 20 * 3600_000);
    await ctx.db.update(uploadsInProgress).set({ createdAt: longAgo, lastWriteAt: longAgo }).where(eq(uploadsInProgress.id, id));

    expect((await patchUpload(ctx.app, user, location, 0, Buffer.alloc(0))).statusCode).toBe(204);
    expect((await rowsOf(user.id))[0]!.lastWriteAt).toEqual(longAgo);

    expect((await patchUpload(ctx.app, user, location, 0, Buffer.alloc(100))).statusCode).toBe(204);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ id, declaredBytes: 5000, createdAt: longAgo });
    expect(Date.now() - row!.lastWriteAt.getTime()).toBeLessThan(60_000);
  });
});
