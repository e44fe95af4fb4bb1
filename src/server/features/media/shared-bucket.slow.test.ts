import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedServerUrl, useProcessPair } from '../../../../test/helpers/process-pair';
import { useS3Server } from '../../../../test/helpers/s3';
import { call, signUpThrough, type ProcessUser, type ServerProcess } from '../../../../test/helpers/server-process';
import { videoFixture } from '../../../../test/helpers/videos';
import { courseVideos } from '../../db/schema';
import { createCourse, createEnrollment } from '../../db/factories';

/**
 * The issue's "done when": two app processes sharing one PostgreSQL database and one bucket
 * serve the same courses. An upload begun through one process, continued through the other
 * and finished through the first plays through the second, from the bucket; neither process
 * keeps a video byte on its own disk.
 */

const SKIP_REASON = 'needs TEST_DATABASE_URL: several server processes must share one PostgreSQL server, and the embedded PGlite database belongs to one process by design';
const PORTS = [3244, 3245] as const;

const tus = (server: ServerProcess, user: ProcessUser, pathname: string, method: string, headers: Record<string, string>, body?: Buffer) =>
  fetch(`${server.url}${pathname}`, {
    method,
    headers: { origin: server.origin, cookie: user.cookie, 'tus-resumable': '1.0.0', ...headers },
    body: body ? new Uint8Array(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });

describe.skipIf(!sharedServerUrl)(`two app processes on one database and one bucket${sharedServerUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const s3 = useS3Server();
  const pair = useProcessPair(PORTS, 'shared_bucket', () => s3.env);

  it('plays through one process a video uploaded through the other, from the bucket', async () => {
    const bytes = await readFile(videoFixture('landscape-5s'));
    const teacher = await signUpThrough(pair.first);

    // Created through the first process, half sent through the second, finished through the first.
    const created = await tus(pair.first, teacher, '/api/uploads', 'POST', { 'upload-length': String(bytes.length) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = 20_000;
    const part = await tus(pair.second, teacher, location, 'PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes.subarray(0, half));
    expect(part.status).toBe(204);
    const offset = await tus(pair.first, teacher, location, 'HEAD', {});
    expect(offset.headers.get('upload-offset')).toBe(String(half));
    const finished = await tus(pair.first, teacher, location, 'PATCH', { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, bytes.subarray(half));
    expect(finished.status).toBe(200);
    const video = (await finished.json()) as { id: string; width: number; height: number };
    expect(video).toMatchObject({ width: 320, height: 180 });

    // The uploader's preview, through the other process.
    const mine = await call(pair.second, '/api/videos/uploads', { cookie: teacher.cookie });
    const preview = (mine.body as { items: { id: string; url: string }[] }).items.find((item) => item.id === video.id)!;
    const previewRedirect = await fetch(`${pair.second.url}${preview.url}`, { redirect: 'manual', headers: { range: 'bytes=0-99' } });
    expect(previewRedirect.status).toBe(302);

    // The video becomes a course's main video; a buyer who signed up through the second process watches it there.
    const course = await createCourse(pair.database.db, { ownerId: teacher.id }, { videos: false });
    await pair.database.db.update(courseVideos).set({ courseId: course.id, position: 2 }).where(eq(courseVideos.id, video.id));
    const buyer = await signUpThrough(pair.second);
    await createEnrollment(pair.database.db, { userId: buyer.id, courseId: course.id });
    for (const server of [pair.second, pair.first]) {
      const link = await call(server, `/api/videos/courses/${course.id}/main`, { cookie: buyer.cookie });
      expect(link.status).toBe(200);
      const redirect = await fetch(`${server.url}${(link.body as { url: string }).url}`, { redirect: 'manual', headers: { range: 'bytes=0-' } });
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get('location')!;
      expect(new URL(location).origin).toBe(s3.endpoint);
      const played = await fetch(location, { headers: { range: 'bytes=0-' } });
      expect(played.status).toBe(206);
      expect(Buffer.from(await played.arrayBuffer())).toEqual(bytes);
    }

    // Someone else gets no URL from either process.
    const stranger = await signUpThrough(pair.first);
    for (const server of [pair.first, pair.second]) expect((await call(server, `/api/videos/courses/${course.id}/main`, { cookie: stranger.cookie })).status).toBe(403);

    // The bytes live in the bucket only.
    expect(await s3.objectBytes(`uploads/${video.id}.mp4`)).toEqual(bytes);
    expect(await s3.keys('uploads-incoming/')).toEqual([]);
    for (const dir of pair.dataDirs) {
      const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && path.extname(entry.name) === '.mp4');
      expect(files.map((entry) => entry.name)).toEqual([]);
    }
  });
});
