import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signUp } from '../../../../test/helpers/auth';
import { insertCourseWithVideos, insertUpload, storeFixture, videoFixture } from '../../../../test/helpers/videos';
import { buildApp } from '../../app';
import { courseVideos } from '../../db/schema';
import { testDatabase } from '../../../../test/helpers/database';
import { createVideoStorage, incomingDirFor } from './storage';
import { sweepAbandonedUploads } from './sweeper';

const HOUR = 3600_000;

describe('sweeping abandoned uploads', () => {
  const ctx = useTestApp();
  const sweep = (now = new Date()) =>
    sweepAbandonedUploads({ db: ctx.db, storage: createVideoStorage(ctx.dataDir), incomingDir: incomingDirFor(ctx.dataDir), now });

  async function uploadAged(ownerId: string, ageMs: number) {
    const row = await insertUpload(ctx.db, ownerId, { createdAt: new Date(Date.now() - ageMs) });
    const file = await storeFixture(ctx.dataDir, row.storageKey, videoFixture('portrait-4s'));
    return { row, file };
  }

  it('removes uploads no course claimed within 24 hours, with their files, and keeps the rest', async () => {
    const user = await signUp(ctx.app);
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
    const user = await signUp(ctx.app);
    const { introKey } = await insertCourseWithVideos(ctx.db, ctx.dataDir, user.id);
    await insertUpload(ctx.db, user.id, { storageKey: introKey, createdAt: new Date(Date.now() - 30 * HOUR) });
    expect((await sweep()).uploads).toBe(1);
    expect(existsSync(path.join(ctx.dataDir, 'videos', introKey))).toBe(true);
  });

  it('removes unfinished tus uploads that received nothing for 24 hours', async () => {
    const incoming = incomingDirFor(ctx.dataDir);
    mkdirSync(incoming, { recursive: true });
    const stale = path.join(incoming, 'stale-upload');
    const fresh = path.join(incoming, 'fresh-upload');
    for (const file of [stale, `${stale}.json`, fresh, `${fresh}.json`]) writeFileSync(file, 'x');
    const dayAgo = new Date(Date.now() - 25 * HOUR);
    utimesSync(stale, dayAgo, dayAgo);
    // The description is as old as the upload, but the data file got bytes recently: it stays.
    utimesSync(`${fresh}.json`, dayAgo, dayAgo);

    expect(await sweep()).toEqual({ uploads: 0, incompleteFiles: 1 });
    expect([stale, `${stale}.json`].map(existsSync)).toEqual([false, false]);
    expect([fresh, `${fresh}.json`].map(existsSync)).toEqual([true, true]);
  });

  it('runs when the app starts', async () => {
    const user = await signUp(ctx.app);
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
