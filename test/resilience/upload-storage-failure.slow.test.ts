import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { signedInUser } from '../helpers/auth';
import { createUpload, patchUpload, TUS, uploadFile, videoFixture } from '../helpers/videos';
import { courses, courseVideos } from '../../src/server/db/schema';
import { insertCategory, insertUpload } from '../../src/server/db/factories';

/**
 * Storage failing under an upload. (An upload cut off and resumed is covered by
 * src/server/features/media/uploads.test.ts: "resumes an interrupted upload where it stopped"
 * and "keeps the bytes that arrived before a connection dropped, and finishes from there".)
 *
 * The failures are real file-system errors: a plain file stands where the storage needs a
 * folder, which fails every write below it even for root (a read-only folder would not).
 */
describe('video storage failing during an upload', () => {
  const ctx = useTestApp();
  const videosDir = () => path.join(ctx.dataDir, 'videos', 'uploads');
  const incomingDir = () => path.join(ctx.dataDir, 'uploads-incoming');
  const listIncoming = () => (existsSync(incomingDir()) ? readdirSync(incomingDir()) : []);

  /** Puts a file where a folder must be; answers the function that puts the folder back. */
  async function breakFolder(folder: string) {
    await rm(folder, { recursive: true, force: true });
    await mkdir(path.dirname(folder), { recursive: true });
    await writeFile(folder, 'not a folder');
    return async () => {
      await rm(folder, { force: true });
      await mkdir(folder, { recursive: true });
    };
  }

  async function courseForm(videoIds: string[]) {
    const { categoryId, subcategoryId } = await insertCategory(ctx.db);
    return {
      title: 'Curso que no debe existir',
      imageUrl: 'https://images.example.com/course.png',
      categoryId,
      subcategoryId,
      durationHours: 3,
      description: 'Un curso cuyo video no se pudo guardar.',
      language: 'spanish',
      level: 'easy',
      priceCents: 1000,
      teacherName: 'Ana Torres',
      videoIds,
    };
  }

  it('answers a clear error when the finished upload cannot be stored, keeps no half-made video or course, and works again once storage does', async () => {
    const teacher = await signedInUser(ctx.app);
    const bytes = await readFile(videoFixture('landscape-5s'));
    const repair = await breakFolder(videosDir());
    try {
      const { id, location, response } = await uploadFile(ctx.app, teacher, bytes);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/could not be stored/i) } });
      expect(await ctx.db.select().from(courseVideos)).toEqual([]);
      expect(listIncoming(), 'the received bytes are not left behind').toEqual([]);
      // The upload is gone, so a tus client starts over rather than resuming nothing.
      expect((await ctx.app.inject({ method: 'HEAD', url: location, headers: { ...teacher.headers, ...TUS } })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/api/videos/uploads', headers: teacher.headers })).json().items).toEqual([]);

      // A course cannot be made from the video that was not stored.
      const other = await insertUpload(ctx.db, teacher.id);
      const course = await ctx.app.inject({ method: 'POST', url: '/api/courses', headers: teacher.headers, payload: await courseForm([id, other.id]) });
      expect(course.statusCode).toBe(400);
      expect(course.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { videoIds: ['validation.videosUnavailable'] } });
      expect(await ctx.db.select().from(courses)).toEqual([]);
    } finally {
      await repair();
    }

    // Once storage is back, the same file uploads normally.
    const again = await uploadFile(ctx.app, teacher, bytes);
    expect(again.response.statusCode).toBe(200);
    expect(await readFile(path.join(videosDir(), `${again.id}.mp4`))).toEqual(bytes);
  });

  it('answers a clear error when an upload cannot even be started, and records nothing', async () => {
    const teacher = await signedInUser(ctx.app);
    const repair = await breakFolder(incomingDir());
    try {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...teacher.headers, ...TUS, 'upload-length': '1000' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/could not be stored/i) } });
      expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    } finally {
      await repair();
    }
    expect(await createUpload(ctx.app, teacher, 1000)).toMatch(/^\/api\/uploads\//);
  });

  // /dev/full fails every write with ENOSPC, for root too: a full disk under the upload.
  it.skipIf(!existsSync('/dev/full'))('answers a clear error when the disk is full mid-upload, and the upload goes through once there is room', async () => {
    const teacher = await signedInUser(ctx.app);
    const bytes = await readFile(videoFixture('portrait-4s'));
    const location = await createUpload(ctx.app, teacher, bytes.length);
    const partial = path.join(incomingDir(), location.split('/').pop()!);
    await rm(partial);
    await symlink('/dev/full', partial);
    try {
      const failed = await patchUpload(ctx.app, teacher, location, 0, bytes);
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/could not be stored/i) } });
      expect(await ctx.db.select().from(courseVideos)).toEqual([]);
    } finally {
      await rm(partial);
      await writeFile(partial, '');
    }
    const retried = await patchUpload(ctx.app, teacher, location, 0, bytes);
    expect(retried.statusCode).toBe(200);
    expect(await ctx.db.select().from(courseVideos)).toHaveLength(1);
  });
});
