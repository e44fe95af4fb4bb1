import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { createUpload, insertCourseWithVideos, patchUpload, storeFixture, TUS, videoFixture } from '../../../../test/helpers/videos';
import { buildApp } from '../../app';
import { courseVideos, uploadsInProgress } from '../../db/schema';
import { testDatabase } from '../../../../test/helpers/database';
import { createVideoStorage, incomingDirFor } from '../../storage/video-storage';
import { sweepAbandonedUploads } from './sweeper';
import { localUploadStore, openUploadStore } from './upload-stores';
import { useS3Server } from '../../../../test/helpers/s3';
import { insertUpload } from '../../db/factories';

const HOUR = 3600_000;

describe('sweeping abandoned uploads', () => {
  const ctx = useTestApp();
  const sweep = async (now = new Date()) => {
    const storage = createVideoStorage(ctx.dataDir);
    const uploads = await localUploadStore({ incomingDir: incomingDirFor(ctx.dataDir), storage, db: ctx.db });
    return sweepAbandonedUploads({ db: ctx.db, storage, uploads, now });
  };

  async function uploadAged(ownerId: string, ageMs: number) {
    const row = await insertUpload(ctx.db, ownerId, { createdAt: new Date(Date.now() - ageMs) });
    const file = await storeFixture(ctx.dataDir, row.storageKey, videoFixture('portrait-4s'));
    return { row, file };
  }

  it('removes uploads no course claimed within 24 hours, with their files, and keeps the rest', async () => {
    const user = await signedInUser(ctx.app);
    const old = await uploadAged(user.id, 25 * HOUR);
    const recent = await uploadAged(user.id, 23 * HOUR);
    const { course } = await insertCourseWithVideos(ctx.db, ctx.dataDir, user.id);
    await ctx.db.update(courseVideos).set({ createdAt: new Date(Date.now() - 48 * HOUR) }).where(eq(courseVideos.courseId, course.id));

    expect(await sweep()).toEqual({ uploads: 1, incompleteFiles: 0 });
    expect(existsSync(old.file)).toBe(false);
    expect(existsSync(recent.file)).toBe(true);
    const left = await ctx.db.select({ id: courseVideos.id }).from(courseVideos);
    expect(left.map((row) => row.id).sort()).not.toContain(old.row.id);
    expect(left).toHaveLength(3);

    // A day later the recent one goes too.
    expect(await sweep(new Date(Date.now() + 2 * HOUR))).toEqual({ uploads: 1, incompleteFiles: 0 });
    expect(existsSync(recent.file)).toBe(false);
  });

  it('never deletes a file another row still points at', async () => {
    const user = await signedInUser(ctx.app);
    const { introKey } = await insertCourseWithVideos(ctx.db, ctx.dataDir, user.id);
    await insertUpload(ctx.db, user.id, { storageKey: introKey, createdAt: new Date(Date.now() - 30 * HOUR) });
    expect((await sweep()).uploads).toBe(1);
    expect(existsSync(path.join(ctx.dataDir, 'videos', introKey))).toBe(true);
  });

  it('removes unfinished uploads whose last write the server recorded 24 hours ago, whatever their files\' modification times', async () => {
    const user = await signedInUser(ctx.app);
    const idle = await createUpload(ctx.app, user, 5000);
    const active = await createUpload(ctx.app, user, 5000);
    for (const location of [idle, active]) await patchUpload(ctx.app, user, location, 0, Buffer.alloc(100));
    const filesOf = (location: string) => {
      const file = path.join(incomingDirFor(ctx.dataDir), location.split('/').pop()!);
      return [file, `${file}.json`];
    };
    const dayAgo = new Date(Date.now() - 25 * HOUR);
    const longAgo = new Date(Date.now() - 72 * HOUR);
    // The idle upload's files look fresh (someone touched them, or a clock is off)…
    await ctx.db.update(uploadsInProgress).set({ lastWriteAt: dayAgo }).where(eq(uploadsInProgress.id, idle.split('/').pop()!));
    // …and the active one's look old (a storage without modification times, a restored backup).
    for (const file of filesOf(active)) utimesSync(file, longAgo, longAgo);

    expect(await sweep()).toEqual({ uploads: 0, incompleteFiles: 1 });
    expect(filesOf(idle).map(existsSync)).toEqual([false, false]);
    expect(filesOf(active).map(existsSync)).toEqual([true, true]);
    expect((await ctx.db.select({ id: uploadsInProgress.id }).from(uploadsInProgress)).map((row) => row.id)).toEqual([active.split('/').pop()]);
    // The swept upload is gone for its client too, and its place is free.
    const head = await ctx.app.inject({ method: 'HEAD', url: idle, headers: { ...user.headers, ...TUS } });
    expect(head.statusCode).toBe(404);
  });

  it('removes files in the uploads folder that belong to no recorded upload', async () => {
    const incoming = incomingDirFor(ctx.dataDir);
    rmSync(incoming, { recursive: true, force: true });
    mkdirSync(incoming, { recursive: true });
    const stray = path.join(incoming, randomUUID());
    for (const file of [stray, `${stray}.json`, path.join(incoming, 'not-an-upload')]) writeFileSync(file, 'x');
    expect((await sweep()).incompleteFiles).toBe(2);
    expect(readdirSync(incoming)).toEqual([]);
  });

  it('runs when the app starts', async () => {
    const user = await signedInUser(ctx.app);
    const old = await uploadAged(user.id, 30 * HOUR);
    const app = await buildApp(ctx.config, { database: await testDatabase(), logger: false });
    try {
      await app.ready();
      expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, old.row.id))).toEqual([]);
      expect(existsSync(old.file)).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('sweeping abandoned uploads in the bucket (S3_*)', () => {
  const s3 = useS3Server();
  const ctx = useTestApp(() => s3.env);
  const sweep = async () => {
    const storage = ctx.app.videoStorage;
    return sweepAbandonedUploads({ db: ctx.db, storage, uploads: await openUploadStore({ storage, incomingDir: incomingDirFor(ctx.dataDir), db: ctx.db }) });
  };

  it('aborts idle multipart uploads and removes their objects, strays too, and never a recorded video', async () => {
    await s3.clear();
    const user = await signedInUser(ctx.app);
    const idle = await createUpload(ctx.app, user, 50_000);
    const active = await createUpload(ctx.app, user, 50_000);
    for (const location of [idle, active]) await patchUpload(ctx.app, user, location, 0, Buffer.alloc(100));
    const idleId = idle.split('/').pop()!;
    const activeId = active.split('/').pop()!;
    await ctx.db.update(uploadsInProgress).set({ lastWriteAt: new Date(Date.now() - 25 * HOUR) }).where(eq(uploadsInProgress.id, idleId));
    // A stray description of no recorded upload, and one left beside a video that was recorded meanwhile.
    const recorded = await insertUpload(ctx.db, user.id);
    await ctx.app.videoStorage.putFile(videoFixture('portrait-4s'), recorded.storageKey);
    const strayId = randomUUID();
    for (const id of [strayId, recorded.id]) await ctx.app.videoStorage.putFile(videoFixture('portrait-4s'), `uploads-incoming/${id}.info`);
    expect(await s3.openMultipartUploads()).toBe(2);

    expect(await sweep()).toEqual({ uploads: 0, incompleteFiles: 3 });
    expect(await s3.keys('uploads-incoming/')).toEqual([`uploads-incoming/${activeId}.info`, `uploads-incoming/${activeId}.part`]);
    expect(await s3.openMultipartUploads()).toBe(1);
    expect(await s3.objectBytes(recorded.storageKey)).not.toBeNull();
    const head = await ctx.app.inject({ method: 'HEAD', url: idle, headers: { ...user.headers, ...TUS } });
    expect(head.statusCode).toBe(404);
    const own = await ctx.app.inject({ method: 'HEAD', url: active, headers: { ...user.headers, ...TUS } });
    expect(own.headers['upload-offset']).toBe('100');
  });
});
