import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import type { VideoStorage } from '../../src/server/storage/video-storage';
import { insertCategory, insertUpload } from '../../src/server/db/factories';
import { courses, courseVideos } from '../../src/server/db/schema';
import { TEST_ORIGIN } from './app';
import type { TestUser } from './auth';
import { testVideoSource, type TestVideoPicture } from './video-sources';

export { testVideoSource, type TestVideoPicture };

const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The tiny MP4s of test/fixtures (see its README). */
export const videoFixture = (name: 'landscape-5s' | 'portrait-4s' | 'landscape-62s-moov-at-end' | 'rotated-phone-5s' | 'audio-only') =>
  path.join(fixturesDir, `${name}.mp4`);

export const TUS = { 'tus-resumable': '1.0.0' } as const;

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** tus POST: creates an upload of `length` bytes and answers its path. */
export async function createUpload(app: App, user: TestUser, length: number, fileName = 'video.mp4'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...user.headers, ...TUS, 'upload-length': String(length), 'upload-metadata': tusMetadata({ filename: fileName, filetype: 'video/mp4' }) },
  });
  if (response.statusCode !== 201) throw new Error(`tus create failed: ${response.statusCode} ${response.body}`);
  return String(response.headers.location);
}

/** tus PATCH: appends bytes at an offset. */
export function patchUpload(app: App, user: TestUser, location: string, offset: number, bytes: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...user.headers, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

/** Uploads a whole file in one tus PATCH; answers the final response and the upload's id. */
export async function uploadFile(app: App, user: TestUser, bytes: Buffer, fileName = 'video.mp4') {
  const location = await createUpload(app, user, bytes.length, fileName);
  const response = await patchUpload(app, user, location, 0, bytes);
  return { id: location.split('/').pop()!, location, response };
}

/** Copies a fixture into the app's video storage under a key. */
export async function storeFixture(dataDir: string, storageKey: string, fixture: string) {
  const target = path.join(dataDir, 'videos', ...storageKey.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(fixture, target);
  return target;
}

/**
 * What the create-course form sends for a course of `ownerId`'s that can be created: a new
 * category, and an intro and a main upload of theirs not yet claimed by a course.
 */
export async function newCourseForm(db: Database, ownerId: string) {
  const { categoryId, subcategoryId } = await insertCategory(db);
  const intro = await insertUpload(db, ownerId, { durationSeconds: 60 });
  const main = await insertUpload(db, ownerId, { durationSeconds: 900 });
  const form = {
    title: 'Python desde cero',
    imageUrl: 'https://images.example.com/python.png',
    categoryId,
    subcategoryId,
    description: 'Aprende Python paso a paso con ejemplos.',
    language: 'spanish',
    level: 'easy',
    priceCents: 1999,
    teacherName: 'Ana Torres',
    videoIds: [intro.id, main.id],
  };
  return { form, intro, main, categoryId, subcategoryId };
}

/** A course of `ownerId` whose intro and main video are real files in the app's storage (its data folder's disk, or the storage given). */
export async function insertCourseWithVideos(db: Database, dataDir: string | VideoStorage, ownerId: string, values: Partial<typeof courses.$inferInsert> = {}) {
  const { categoryId, subcategoryId } = await insertCategory(db);
  const [course] = await db
    .insert(courses)
    .values({
      title: 'Curso con videos',
      description: 'Una descripción del curso con videos.',
      categoryId,
      subcategoryId,
      durationHours: 2,
      language: 'spanish',
      level: 'easy',
      priceCents: 1500,
      teacherName: 'Ana Torres',
      ownerId,
      ...values,
    })
    .returning();
  const suffix = randomUUID().slice(0, 8);
  const introKey = `demo/intro-${suffix}.mp4`;
  const mainKey = `demo/main-${suffix}.mp4`;
  const store = (key: string, fixture: string) => (typeof dataDir === 'string' ? storeFixture(dataDir, key, fixture) : dataDir.putFile(fixture, key));
  await store(introKey, videoFixture('landscape-5s'));
  await store(mainKey, videoFixture('portrait-4s'));
  await db.insert(courseVideos).values([
    { ownerId, courseId: course!.id, position: 1, storageKey: introKey, sizeBytes: 1, width: 320, height: 180, durationSeconds: 5 },
    { ownerId, courseId: course!.id, position: 2, storageKey: mainKey, sizeBytes: 1, width: 180, height: 320, durationSeconds: 4 },
  ]);
  return { course: course!, introKey, mainKey };
}

export { TEST_ORIGIN };

/**
 * Makes a small test video with ffmpeg (a test pattern unless `picture` says otherwise, and a
 * tone when `audio`): the transcode tests make their sources rather than ship them. Low frame
 * rate, so it takes a moment.
 */
export async function makeTestVideo(
  ffmpegPath: string,
  file: string,
  { width, height, seconds, audio = true, fps = 12, picture = 'pattern' }: { width: number; height: number; seconds: number; audio?: boolean; fps?: number; picture?: TestVideoPicture },
) {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  await mkdir(path.dirname(file), { recursive: true });
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', testVideoSource(picture, { width, height, fps, seconds })];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=22050:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-b:a', '32k', '-ac', '1');
  args.push('-movflags', '+faststart', file);
  await promisify(execFile)(ffmpegPath, args);
  return file;
}

/** The cues of a WebVTT index: start and end seconds, and the tile each names. */
export function thumbnailCues(vtt: string) {
  const seconds = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return vtt
    .split('\n\n')
    .slice(1)
    .filter(Boolean)
    .map((block) => {
      const [timing, target] = block.trim().split('\n');
      const [start, end] = timing!.split(' --> ');
      const [x, y, w, h] = /#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target!)!.slice(1).map(Number);
      return { start: seconds(start!), end: seconds(end!), image: target!.split('#')[0], x: x!, y: y!, w: w!, h: h! };
    });
}
