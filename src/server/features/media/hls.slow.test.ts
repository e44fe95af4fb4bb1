import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../../test/helpers/app';
import { useS3Server } from '../../../../test/helpers/s3';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { makeTestVideo, uploadFile, videoFixture } from '../../../../test/helpers/videos';
import { courseVideos, enrollments, jobs, videoTranscodes } from '../../db/schema';
import { requestTranscodes } from './video-transcodes';
import type { JobWorker } from '../../queue/worker';
import { createVideoStorage } from '../../storage/video-storage';
import { createStreamToken, deriveVideoUrlKey } from './signed-url';
import { findFfmpeg } from './transcode';
import { createTranscodeWorker, hlsPrefixFor } from './transcode-job';
import { insertCategory } from '../../db/factories';

const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);

/** A teacher's new course through the API, without a cover, with an uploaded intro (colour bars unless given) and main video. */
async function publishCourseWith(ctx: TestContext, teacher: TestUser, main: Buffer, introSource?: Buffer) {
  const intro = await uploadFile(ctx.app, teacher, introSource ?? (await readFile(videoFixture('landscape-5s'))));
  const mainUpload = await uploadFile(ctx.app, teacher, main);
  expect(intro.response.statusCode).toBe(200);
  expect(mainUpload.response.statusCode).toBe(200);
  const { categoryId, subcategoryId } = await insertCategory(ctx.db);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: teacher.headers,
    payload: {
      title: 'Curso en HLS',
      teacherName: 'Ana Torres',
      description: 'Un curso cuyo video se transcodifica a HLS.',
      durationHours: 1,
      priceCents: 1500,
      language: 'spanish',
      level: 'easy',
      categoryId,
      subcategoryId,
      videoIds: [intro.id, mainUpload.id],
    },
  });
  expect(created.statusCode).toBe(201);
  return { courseId: (created.json() as { id: number }).id, introId: intro.id, mainId: mainUpload.id };
}


describe.runIf(ffmpeg)('adaptive streaming: the transcode job and the HLS copy', () => {
  const ctx = useTestApp({ TRANSCODE_MAX_WAITING_PER_USER: '4' });
  let mainSource: Buffer;
  /** An intro that looks like a filmed picture rather than a test pattern: its poster can be a cover. */
  let naturalIntro: Buffer;
  let worker: JobWorker;

  beforeAll(async () => {
    mainSource = await readFile(await makeTestVideo(ffmpeg!, path.join(ctx.dataDir, 'sources', 'main-720p.mp4'), { width: 1280, height: 720, seconds: 3 }));
    naturalIntro = await readFile(await makeTestVideo(ffmpeg!, path.join(ctx.dataDir, 'sources', 'intro-natural.mp4'), { width: 320, height: 180, seconds: 4, picture: 'natural' }));
    worker = (await createTranscodeWorker({
      db: ctx.db,
      storage: createVideoStorage(ctx.dataDir),
      workDir: path.join(ctx.dataDir, 'transcode-work'),
      settings: { ...ctx.config.transcode, concurrency: 1, ffmpegPath: ffmpeg! },
      log: ctx.app.log,
    }))!;
  });

  const publishCourse = (teacher: TestUser, main = mainSource) => publishCourseWith(ctx, teacher, main);

  const processing = async (user: TestUser, courseId?: number) => {
    const response = await ctx.app.inject({ url: courseId ? `/api/courses/${courseId}/videos/processing` : '/api/videos/processing', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: unknown[] }).items;
  };

  const mainVideoOf = async (user: TestUser, courseId: number) => {
    const response = await ctx.app.inject({ url: `/api/videos/courses/${courseId}/main`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json() as { url: string; hlsUrl: string | null; posterUrl: string | null; thumbnailsUrl: string | null };
  };

  it('queues both videos of a new course, transcodes them, and then serves HLS: public for the intro, signed for the main video', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourseWith(ctx, teacher, mainSource, naturalIntro);

    const queued = [
      { courseId, position: 1, state: 'queued', percent: 0, failure: null },
      { courseId, position: 2, state: 'queued', percent: 0, failure: null },
    ];
    expect(await processing(teacher)).toEqual(queued);
    expect(await processing(teacher, courseId)).toEqual(queued);
    // Until the renditions are ready, the MP4 plays.
    const before = await mainVideoOf(teacher, courseId);
    expect(before.hlsUrl).toBeNull();
    expect((await ctx.app.inject({ url: `/api/courses/${courseId}` })).json().introVideo).toMatchObject({ hlsUrl: null, posterUrl: null });
    expect((await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/master.m3u8` })).statusCode).toBe(404);

    expect(await worker.drain()).toBe(2);
    const ready = [
      { courseId, position: 1, state: 'ready', percent: 100, failure: null },
      { courseId, position: 2, state: 'ready', percent: 100, failure: null },
    ];
    expect(await processing(teacher)).toEqual(ready);
    expect((await ctx.db.select().from(jobs)).map((job) => job.state)).toEqual(['done', 'done']);

    // The main video: a 720p source gets 360p and 720p.
    const [main] = await ctx.db.select().from(courseVideos).where(and(eq(courseVideos.courseId, courseId), eq(courseVideos.position, 2)));
    const [transcode] = await ctx.db.select().from(videoTranscodes).where(eq(videoTranscodes.storageKey, main!.storageKey));
    expect(transcode).toMatchObject({ hlsPrefix: hlsPrefixFor(main!.storageKey), renditions: [{ name: '360p', width: 640, height: 360 }, { name: '720p', width: 1280, height: 720 }] });

    // The course has no cover: its picture is now the intro's poster, everywhere it is listed.
    const detail = (await ctx.app.inject({ url: `/api/courses/${courseId}` })).json() as { imageUrl: string; introVideo: { hlsUrl: string; posterUrl: string; thumbnailsUrl: string } };
    expect(detail.imageUrl).toMatch(new RegExp(`^/api/videos/courses/${courseId}/poster\\.jpg\\?v=\\w+$`));
    expect(detail.introVideo).toMatchObject({ hlsUrl: `/api/videos/courses/${courseId}/intro/hls/master.m3u8`, posterUrl: `/api/videos/courses/${courseId}/poster.jpg` });
    const listed = (await ctx.app.inject({ url: '/api/courses' })).json() as { items: { id: number; imageUrl: string }[] };
    expect(listed.items.find((course) => course.id === courseId)?.imageUrl).toBe(detail.imageUrl);
    expect(((await ctx.app.inject({ url: '/api/courses/mine', headers: teacher.headers })).json() as { items: { imageUrl: string }[] }).items[0]!.imageUrl).toBe(detail.imageUrl);
    const poster = await ctx.app.inject({ url: detail.imageUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    // In a cart too.
    const shopper = await signedInUser(ctx.app);
    const cart = await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: shopper.headers, payload: { courseId } });
    expect((cart.json() as { items: { imageUrl: string }[] }).items[0]!.imageUrl).toBe(detail.imageUrl);
    // The edit form keeps what the teacher gave (no cover), not the poster.
    expect((await ctx.app.inject({ url: `/api/courses/${courseId}/edit`, headers: teacher.headers })).json().imageUrl).toBe('/covers/default.svg');

    // The intro's HLS copy is as public as the intro: a 320×180 source gets one rendition.
    const introMaster = await ctx.app.inject({ url: detail.introVideo.hlsUrl });
    expect(introMaster.statusCode).toBe(200);
    expect(introMaster.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(introMaster.headers['cache-control']).toBe('public, max-age=3600');
    expect(introMaster.body).toContain('RESOLUTION=320x180');
    expect(introMaster.body).toContain('180p/index.m3u8');
    const introPlaylist = await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/180p/index.m3u8` });
    expect(introPlaylist.body).toContain('seg-000.ts');
    const introSegment = await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/180p/seg-000.ts` });
    expect(introSegment.statusCode).toBe(200);
    expect(introSegment.headers['content-type']).toBe('video/mp2t');
    // MPEG-TS packets start with the sync byte 0x47.
    expect(introSegment.rawPayload[0]).toBe(0x47);

    // The main video's HLS copy, through a signed link: the playlists' relative paths keep the link.
    const buyer = await signedInUser(ctx.app);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId });
    const { hlsUrl, posterUrl, thumbnailsUrl, url } = await mainVideoOf(buyer, courseId);
    expect(url).toMatch(/^\/api\/videos\/stream\//);
    expect(hlsUrl).toMatch(/^\/api\/videos\/hls\/[\w.-]+\/master\.m3u8$/);
    expect(posterUrl).toBe(hlsUrl!.replace('master.m3u8', 'poster.jpg'));
    const master = await ctx.app.inject({ url: hlsUrl! });
    expect(master.statusCode).toBe(200);
    // One grant per link: the MP4's link opens no HLS file, the HLS link no MP4, a caption link neither, and the HLS link no captions.
    const hlsToken = hlsUrl!.split('/')[4]!;
    const streamToken = url.split('/').at(-1)!;
    const captionToken = createStreamToken(deriveVideoUrlKey(ctx.config.videoUrlSecret ?? ctx.config.authSecret!), 'captions', { kind: 'course-main', courseId, userId: buyer.id, expiresAt: new Date(Date.now() + 60_000) });
    expect(hlsToken).not.toBe(streamToken);
    // Genuine: the captions route takes it (this video has none in that language).
    expect((await ctx.app.inject({ url: `/api/videos/captions/${captionToken}/es` })).json().error.code).toBe('CAPTIONS_NOT_FOUND');
    for (const token of [streamToken, captionToken]) {
      expect((await ctx.app.inject({ url: `/api/videos/hls/${token}/master.m3u8` })).statusCode, token).toBe(403);
      expect((await ctx.app.inject({ url: `/api/videos/hls/${token}/720p/index.m3u8` })).statusCode, token).toBe(403);
    }
    for (const token of [hlsToken, captionToken]) expect((await ctx.app.inject({ url: `/api/videos/stream/${token}` })).statusCode, token).toBe(403);
    expect((await ctx.app.inject({ url: `/api/videos/captions/${hlsToken}/es` })).statusCode).toBe(403);
    expect(master.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const variants = master.body.split('\n').filter((line) => line.endsWith('.m3u8'));
    expect(variants).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    const base = hlsUrl!.replace(/master\.m3u8$/, '');
    const playlist = await ctx.app.inject({ url: `${base}720p/index.m3u8` });
    expect(playlist.statusCode).toBe(200);
    const segmentName = playlist.body.split('\n').find((line) => line.endsWith('.ts'))!;
    const segment = await ctx.app.inject({ url: `${base}720p/${segmentName}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload[0]).toBe(0x47);
    const range = await ctx.app.inject({ url: `${base}720p/${segmentName}`, headers: { range: 'bytes=0-187' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(188);
    expect((await ctx.app.inject({ url: posterUrl! })).headers['content-type']).toBe('image/jpeg');

    // The timeline's thumbnails, under the same link: a WebVTT index whose cues name tiles of the sprite beside it.
    expect(thumbnailsUrl).toBe(hlsUrl!.replace('master.m3u8', 'thumbnails.vtt'));
    const thumbnails = await ctx.app.inject({ url: thumbnailsUrl! });
    expect(thumbnails.statusCode).toBe(200);
    expect(thumbnails.headers['content-type']).toMatch(/^text\/vtt/);
    expect(thumbnails.body).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:01\.000\nthumbnails\.jpg#xywh=0,0,160,90\n/);
    expect(thumbnails.body).toContain('00:00:02.000 --> 00:00:03.000\nthumbnails.jpg#xywh=320,0,160,90');
    const sprite = await ctx.app.inject({ url: `${base}thumbnails.jpg` });
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
    const introThumbnails = await ctx.app.inject({ url: detail.introVideo.thumbnailsUrl });
    expect(detail.introVideo.thumbnailsUrl).toBe(`/api/videos/courses/${courseId}/intro/hls/thumbnails.vtt`);
    expect(introThumbnails.statusCode).toBe(200);
    expect(introThumbnails.headers['cache-control']).toBe('public, max-age=3600');
    expect((await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/thumbnails.jpg` })).headers['content-type']).toBe('image/jpeg');

    // As protected as the MP4: an altered link, a link of someone who may not watch, an
    // upload's link, a name outside the copy, and a refund are all refused.
    const token = hlsUrl!.split('/')[4]!;
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await ctx.app.inject({ url: `/api/videos/hls/${altered}/720p/${segmentName}` })).statusCode).toBe(403);
    const key = deriveVideoUrlKey(ctx.config.videoUrlSecret ?? '');
    const stranger = await signedInUser(ctx.app);
    const expiresAt = new Date(Date.now() + 60_000);
    const strangers = createStreamToken(key, 'hls', { kind: 'course-main', courseId, userId: stranger.id, expiresAt });
    expect((await ctx.app.inject({ url: `/api/videos/hls/${strangers}/master.m3u8` })).statusCode).toBe(403);
    const [upload] = await ctx.db.select({ id: courseVideos.id }).from(courseVideos).where(eq(courseVideos.courseId, courseId));
    const uploadToken = createStreamToken(key, 'hls', { kind: 'upload', videoId: upload!.id, userId: teacher.id, expiresAt });
    expect((await ctx.app.inject({ url: `/api/videos/hls/${uploadToken}/master.m3u8` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${base}720p/..%2Fmaster.m3u8` })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `${base}720p/seg-999.ts` })).statusCode).toBe(404);
    await ctx.db.delete(enrollments).where(eq(enrollments.userId, buyer.id));
    expect((await ctx.app.inject({ url: `${base}720p/${segmentName}` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: thumbnailsUrl! })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${base}thumbnails.jpg` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/videos/hls/${strangers}/thumbnails.vtt` })).statusCode).toBe(403);
  });

  it('leaves the drawn cover to a course whose intro is a test pattern, and the intro its poster', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourse(teacher);
    await worker.drain();
    await ctx.app.catalogVersionFeed.sync();
    const detail = (await ctx.app.inject({ url: `/api/courses/${courseId}` })).json() as { imageUrl: string; introVideo: { posterUrl: string | null } };
    // No picture of its own: the storefront and the teacher's list draw its cover.
    expect(detail.imageUrl).toBe('/covers/default.svg');
    expect(((await ctx.app.inject({ url: '/api/courses/mine', headers: teacher.headers })).json() as { items: { id: number; imageUrl: string }[] }).items.find((course) => course.id === courseId)?.imageUrl).toBe('/covers/default.svg');
    // The player still opens on a frame of the intro.
    expect(detail.introVideo.posterUrl).toBe(`/api/videos/courses/${courseId}/poster.jpg`);
    expect((await ctx.app.inject({ url: detail.introVideo.posterUrl! })).statusCode).toBe(200);
  });

  it('answers no thumbnails for a copy transcoded before they were made', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourse(teacher);
    await worker.drain();
    await ctx.db.update(videoTranscodes).set({ files: ['master.m3u8', 'poster.jpg'] });
    await ctx.app.catalogVersionFeed.sync();
    const video = await mainVideoOf(teacher, courseId);
    expect(video.hlsUrl).not.toBeNull();
    expect(video.thumbnailsUrl).toBeNull();
    expect((await ctx.app.inject({ url: video.hlsUrl!.replace('master.m3u8', 'thumbnails.vtt') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/thumbnails.vtt` })).statusCode).toBe(404);
  });

  it('marks a video it cannot read as failed, and the MP4 plays on', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourse(teacher);
    // The stored main video is damaged after its upload was accepted.
    const [main] = await ctx.db.select().from(courseVideos).where(and(eq(courseVideos.courseId, courseId), eq(courseVideos.position, 2)));
    await writeFile(path.join(ctx.dataDir, 'videos', ...main!.storageKey.split('/')), Buffer.alloc(50_000, 1));

    await worker.drain();
    expect(await processing(teacher, courseId)).toEqual([
      { courseId, position: 1, state: 'ready', percent: 100, failure: null },
      { courseId, position: 2, state: 'failed', percent: 0, failure: 'unreadable' },
    ]);
    // A file ffmpeg cannot read fails at once: no retry would read it better.
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, main!.storageKey));
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    const video = await mainVideoOf(teacher, courseId);
    expect(video.hlsUrl).toBeNull();
    expect((await ctx.app.inject({ url: video.url })).statusCode).toBe(200);

    // The teacher may queue it again (once the file is mended, say); a ready video may not be.
    const retry = (position: number, user = teacher) => ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/videos/${position}/processing`, headers: user.headers });
    expect((await retry(1)).statusCode).toBe(409);
    expect((await retry(2, await signedInUser(ctx.app))).statusCode).toBe(403);
    await writeFile(path.join(ctx.dataDir, 'videos', ...main!.storageKey.split('/')), mainSource);
    const retried = await retry(2);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().items[1]).toEqual({ courseId, position: 2, state: 'queued', percent: 0, failure: null });
    expect((await retry(2)).statusCode).toBe(409);
    await worker.drain();
    expect((await processing(teacher, courseId))[1]).toMatchObject({ state: 'ready' });
  });

  it.runIf(process.platform === 'linux')('fails a video whose transcode passes its memory cap at once, and tells the teacher why', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourse(teacher);
    const capped = (await createTranscodeWorker({
      db: ctx.db,
      storage: createVideoStorage(ctx.dataDir),
      workDir: path.join(ctx.dataDir, 'transcode-work'),
      // Far less address space than ffmpeg needs to decode 720p.
      settings: { ...ctx.config.transcode, concurrency: 1, ffmpegPath: ffmpeg!, maxMemoryMb: 64 },
      log: ctx.app.log,
    }))!;
    await capped.drain();
    expect(await processing(teacher, courseId)).toEqual([
      { courseId, position: 1, state: 'failed', percent: 0, failure: 'memory' },
      { courseId, position: 2, state: 'failed', percent: 0, failure: 'memory' },
    ]);
    const failed = await ctx.db.select().from(jobs).where(eq(jobs.state, 'failed'));
    expect(failed.map((job) => job.attempts)).toEqual([1, 1]);
    const [transcode] = await ctx.db.select().from(videoTranscodes).where(eq(videoTranscodes.state, 'failed'));
    expect(transcode!.error).toMatch(/^memory: ffmpeg needed more than its 64 MB of memory/);
  });

  it('logs at start which ffmpeg it transcodes with, and its version', async () => {
    const lines: string[] = [];
    const log = { ...ctx.app.log, info: (...args: unknown[]) => void lines.push(String(args.at(-1))), warn: (...args: unknown[]) => void lines.push(String(args.at(-1))) };
    await createTranscodeWorker({
      db: ctx.db,
      storage: createVideoStorage(ctx.dataDir),
      workDir: path.join(ctx.dataDir, 'transcode-work'),
      settings: { ...ctx.config.transcode, concurrency: 1, ffmpegPath: ffmpeg! },
      log: log as unknown as typeof ctx.app.log,
    });
    expect(lines.join('\n')).toMatch(/^transcoding with ffmpeg version \S+ .* from FFMPEG_PATH$/m);
  });

  it('transcodes a demo video shared by many courses once', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourse(teacher);
    const [intro] = await ctx.db.select().from(courseVideos).where(and(eq(courseVideos.courseId, courseId), eq(courseVideos.position, 1)));
    // Asked for again (a second course with the same file, a restart): nothing more is queued.
    expect(await requestTranscodes(ctx.db, null, [intro!.storageKey, intro!.storageKey])).toBe(0);
    await worker.drain();
    expect(await requestTranscodes(ctx.db, null, [intro!.storageKey])).toBe(0);
    expect(await ctx.db.select().from(jobs)).toHaveLength(2);
  });

  it('bounds the videos one teacher may have waiting', async () => {
    const teacher = await signedInUser(ctx.app);
    const limit = ctx.config.transcode.maxWaitingPerUser;
    for (let i = 0; i < limit / 2; i++) await publishCourse(teacher, mainSource);
    const intro = await uploadFile(ctx.app, teacher, await readFile(videoFixture('landscape-5s')));
    const main = await uploadFile(ctx.app, teacher, mainSource);
    const { categoryId, subcategoryId } = await insertCategory(ctx.db);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: teacher.headers,
      payload: { title: 'Uno de más', teacherName: 'Ana Torres', description: 'Un curso que espera demasiado.', durationHours: 1, priceCents: 0, language: 'spanish', level: 'easy', categoryId, subcategoryId, videoIds: [intro.id, main.id] },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('JOB_LIMIT_REACHED');
    // Nothing of the refused course was kept: its videos are still unclaimed.
    expect(await ctx.db.select().from(courseVideos).where(eq(courseVideos.id, intro.id))).toMatchObject([{ courseId: null }]);
  });
});

describe.runIf(ffmpeg)('HLS from object storage: the app serves the playlists, naming presigned segment URLs', () => {
  const s3 = useS3Server();
  const ctx = useTestApp(() => s3.env);
  let worker: JobWorker;
  let mainSource: Buffer;

  beforeAll(async () => {
    mainSource = await readFile(await makeTestVideo(ffmpeg!, path.join(ctx.dataDir, 'sources', 'main-360p.mp4'), { width: 640, height: 360, seconds: 3 }));
    worker = (await createTranscodeWorker({
      db: ctx.db,
      storage: ctx.app.videoStorage,
      workDir: path.join(ctx.dataDir, 'transcode-work'),
      settings: { ...ctx.config.transcode, concurrency: 1, ffmpegPath: ffmpeg! },
      log: ctx.app.log,
    }))!;
  });

  const segmentUrls = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

  it('serves the playlists itself, with presigned segment URLs that outlive the link, and checks access on every playlist', async () => {
    const teacher = await signedInUser(ctx.app);
    const { courseId } = await publishCourseWith(ctx, teacher, mainSource);
    expect(await worker.drain()).toBe(2);
    const buyer = await signedInUser(ctx.app);
    await ctx.db.insert(enrollments).values({ userId: buyer.id, courseId });
    const answer = (await ctx.app.inject({ url: `/api/videos/courses/${courseId}/main`, headers: buyer.headers })).json() as { hlsUrl: string; thumbnailsUrl: string; expiresAt: string };
    const base = answer.hlsUrl.replace(/master\.m3u8$/, '');

    // The master playlist: from the app, its renditions relative (through the same link), kept by no cache.
    const master = await ctx.app.inject({ url: answer.hlsUrl });
    expect(master.statusCode).toBe(200);
    expect(master.headers.location).toBeUndefined();
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    expect(segmentUrls(master.body)).toEqual(['360p/index.m3u8']);

    // The rendition playlist: each segment a presigned URL of the bucket, valid at least as long as the link.
    const playlist = await ctx.app.inject({ url: `${base}360p/index.m3u8` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('private, no-store');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const [first, ...rest] = segmentUrls(playlist.body);
    expect(rest).toEqual([]);
    const signed = new URL(first!);
    expect(signed.origin).toBe(s3.endpoint);
    expect(signed.pathname).toMatch(/\/360p\/seg-000\.ts$/);
    const linkSeconds = (Date.parse(answer.expiresAt) - Date.now()) / 1000;
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(Math.floor(linkSeconds));
    const segment = await fetch(first!);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(new Uint8Array(await segment.arrayBuffer())[0]).toBe(0x47);
    // A segment asked of the app still redirects to the bucket.
    const redirected = await ctx.app.inject({ url: `${base}360p/seg-000.ts` });
    expect(redirected.statusCode).toBe(302);
    expect(new URL(String(redirected.headers.location)).origin).toBe(s3.endpoint);

    // The thumbnails: the index from the app (its relative image then resolves against the app), the sprite from the bucket.
    const index = await ctx.app.inject({ url: answer.thumbnailsUrl });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/vtt/);
    expect(index.body).toContain('thumbnails.jpg#xywh=0,0,160,90');
    const sprite = await ctx.app.inject({ url: `${base}thumbnails.jpg` });
    expect(sprite.statusCode).toBe(302);
    const spriteBytes = await fetch(String(sprite.headers.location));
    expect(spriteBytes.headers.get('content-type')).toBe('image/jpeg');

    // The public intro: its master kept an hour, its rendition playlist a minute, inside its URLs' lifetime.
    const introMaster = await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/master.m3u8` });
    expect(introMaster.statusCode).toBe(200);
    expect(introMaster.headers['cache-control']).toBe('public, max-age=3600');
    const introPlaylist = await ctx.app.inject({ url: `/api/videos/courses/${courseId}/intro/hls/180p/index.m3u8` });
    expect(introPlaylist.statusCode).toBe(200);
    expect(introPlaylist.headers['cache-control']).toBe('public, max-age=60');
    const introSegments = segmentUrls(introPlaylist.body);
    expect(introSegments.length).toBeGreaterThan(0);
    for (const url of introSegments) expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBeGreaterThan(60);
    expect((await fetch(introSegments[0]!)).status).toBe(200);

    // A refund ends it at the next playlist, the index and the sprite alike; a stranger's link never worked.
    await ctx.db.delete(enrollments).where(eq(enrollments.userId, buyer.id));
    for (const url of [answer.hlsUrl, `${base}360p/index.m3u8`, answer.thumbnailsUrl, `${base}thumbnails.jpg`]) {
      const refused = await ctx.app.inject({ url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain(s3.endpoint);
    }
  });
});
