import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { introPosterUrl } from '../../../shared/endpoints/media';
import { videoProcessingFailures } from '../../../shared/schemas/media';
import type { Config, VideoLimits } from '../../config';
import type { Database } from '../../db/client';
import { courses, courseVideos, videoTranscodes } from '../../db/schema';
import { TRANSCODE_QUEUE, type TranscodePayload } from './video-transcodes';
import { defaultQueuePolicy, type QueuePolicy } from '../../queue/queue';
import { createJobWorker, PermanentJobError, type JobHandler, type JobWorker } from '../../queue/worker';
import { LocalDiskStorage, type VideoStorage } from '../../storage/video-storage';
import { FfmpegError, ffmpegVersion, findFfmpeg, findLimitsWrapper, MASTER_PLAYLIST, POSTER_FILE, RENDITION_PLAYLIST, transcodeToHls, type FfmpegLimits } from './transcode';

/** Where a source's renditions are stored: `uploads/<id>.mp4` → `hls/uploads/<id>/…`. */
export const hlsPrefixFor = (storageKey: string) => `hls/${storageKey.replace(/\.[^/.]+$/, '')}`;

/** Why a transcode failed, as the teacher is told (the web app translates it); the detail stays in the row and the log. */
export const transcodeFailures = videoProcessingFailures;
export type TranscodeFailure = (typeof transcodeFailures)[number];

/** The reasons a job's error message starts with (`<reason>: <detail>`), as the handler throws them. */
const REASON_PREFIX = /^(unreadable|timeout|memory|cpu): /;

const failureOf = (message: string): TranscodeFailure =>
  REASON_PREFIX.exec(message)?.[1] as TranscodeFailure | undefined ?? (/took longer than/.test(message) ? 'timeout' : /stopped \d+ times while running/.test(message) ? 'interrupted' : 'error');

/** The row's `error` column: `<reason>: <detail>`. */
export const failureReason = (error: string | null): TranscodeFailure | null => {
  if (!error) return null;
  const reason = error.split(':', 1)[0] as TranscodeFailure;
  return transcodeFailures.includes(reason) ? reason : 'error';
};

const FULL_HD_PIXELS = 1920 * 1080;

/**
 * ffmpeg's limits for a source of the length and size the probe checked: the wall clock gets
 * 5 minutes plus, per second of video, 2 s of encoding and 2 s of decoding per 1080p's worth of
 * picture (a 2-core machine encodes 1080p at about real time, so this is generous), at most
 * `maxMinutes`; the CPU time is that many seconds on each encoder thread; the memory is the
 * setting's. A source larger than checked cannot buy itself more: the probe refuses it.
 */
export function ffmpegLimitsFor(source: { width: number; height: number; durationSeconds: number }, settings: Pick<Config['transcode'], 'threads' | 'maxMemoryMb' | 'maxMinutes'>, videoLimits?: VideoLimits): FfmpegLimits {
  const pictures = Math.max(1, (source.width * source.height) / FULL_HD_PIXELS);
  const timeoutMs = Math.min(settings.maxMinutes * 60_000, 5 * 60_000 + Math.max(1, source.durationSeconds) * (2 + 2 * pictures) * 1000);
  const longSide = videoLimits && Math.max(videoLimits.maxWidth, videoLimits.maxHeight);
  const shortSide = videoLimits && Math.min(videoLimits.maxWidth, videoLimits.maxHeight);
  return {
    threads: settings.threads,
    nice: 10,
    timeoutMs,
    cpuSeconds: Math.ceil(timeoutMs / 1000) * settings.threads,
    maxMemoryMb: settings.maxMemoryMb,
    // A macroblock row and column more than the largest picture accepted (a coded 4K frame is 3840×2160, or 2176 high uncropped).
    ...(longSide && shortSide ? { maxPixels: (longSide + 64) * (shortSide + 64) } : {}),
  };
}

export type TranscodeWorkerOptions = {
  db: Database;
  storage: VideoStorage;
  /** A local folder for the work in progress (the renditions are written here, then stored). */
  workDir: string;
  settings: Config['transcode'];
  /** The caps the probe applied to uploads: the decoder allocates no frame larger than they allow. */
  videoLimits?: VideoLimits;
  log: FastifyBaseLogger;
  policy?: QueuePolicy;
  /** Told how long each run took, and how it ended (the metrics' transcode histogram). */
  observeDuration?: (seconds: number, outcome: 'done' | 'retry' | 'failed') => void;
};

/** Saves the percent at most once a second (and the last one always). */
function throttledPercent(save: (percent: number) => Promise<void>) {
  let last = 0;
  let saving = Promise.resolve();
  return (percent: number) => {
    const now = Date.now();
    if (percent < 100 && now - last < 1000) return;
    last = now;
    saving = saving.then(() => save(percent)).catch(() => {});
  };
}

/**
 * The transcode job: reads the source from the video storage, encodes the HLS renditions and
 * the poster with ffmpeg (transcode.ts) in a local folder, stores every file under
 * `hls/<source>/`, and marks the video ready; the courses whose intro it is get its poster as
 * their cover, unless it is a test pattern or blank.
 * The teacher sees the state and percent (`video_transcodes`); a failure is retried, then
 * marked failed, and the MP4 plays on either way.
 */
export function transcodeJobHandler({ db, storage, workDir, settings, videoLimits, log, ffmpegPath }: Omit<TranscodeWorkerOptions, 'policy'> & { ffmpegPath: string }): JobHandler {
  return {
    queue: TRANSCODE_QUEUE,
    async run(job, { signal, progress }) {
      const { storageKey } = job.payload as TranscodePayload;
      const [source] = await db
        .select({ width: courseVideos.width, height: courseVideos.height, durationSeconds: courseVideos.durationSeconds })
        .from(courseVideos)
        .where(eq(courseVideos.storageKey, storageKey))
        .limit(1);
      // No video uses the file any more (removed while it waited): nothing to do.
      if (!source) return;
      const started = await db
        .update(videoTranscodes)
        .set({ state: 'processing', percent: 0, error: null })
        .where(eq(videoTranscodes.storageKey, storageKey))
        .returning({ storageKey: videoTranscodes.storageKey });
      // Its row went with the video meanwhile: nothing to do.
      if (started.length === 0) return;

      const folder = path.join(workDir, job.id);
      // A worker that died on this job may have left its half-done folder.
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      const logged = new Set<number>();
      const savePercent = throttledPercent(async (percent) => {
        await db.update(videoTranscodes).set({ percent }).where(and(eq(videoTranscodes.storageKey, storageKey), eq(videoTranscodes.state, 'processing')));
      });
      try {
        let input: string;
        if (storage instanceof LocalDiskStorage) input = storage.pathOf(storageKey);
        else {
          // Another storage (a bucket): ffmpeg needs to seek, so the source comes down first.
          input = path.join(folder, 'source.mp4');
          await pipeline(storage.read(storageKey), createWriteStream(input), { signal });
        }
        log.info({ storageKey, jobId: job.id, attempt: job.attempts }, `transcoding ${storageKey} to HLS`);
        const result = await transcodeToHls({
          ffmpegPath,
          input,
          outputDir: path.join(folder, 'out'),
          ...source,
          limits: ffmpegLimitsFor(source, settings, videoLimits),
          signal,
          onProgress: (percent) => {
            progress(percent);
            savePercent(percent);
            const quarter = Math.floor(percent / 25) * 25;
            if (quarter > 0 && quarter < 100 && !logged.has(quarter)) {
              logged.add(quarter);
              log.info({ storageKey, percent }, `transcoding ${storageKey}: ${percent} %`);
            }
          },
        });

        // Segments first, the playlists that name them next, the master playlist last.
        const prefix = hlsPrefixFor(storageKey);
        const rank = (file: string) => (file === MASTER_PLAYLIST ? 3 : file.endsWith(RENDITION_PLAYLIST) ? 2 : file === POSTER_FILE ? 1 : 0);
        const files = [...result.files].sort((a, b) => rank(a) - rank(b));
        const stored: string[] = [];
        try {
          for (const file of files) {
            signal.throwIfAborted();
            await storage.importFile(path.join(folder, 'out', ...file.split('/')), `${prefix}/${file}`);
            stored.push(file);
          }
        } catch (error) {
          await Promise.all(stored.map((file) => storage.remove(`${prefix}/${file}`).catch(() => {})));
          throw error;
        }

        const renditions = result.renditions.map(({ name, width, height, bandwidth }) => ({ name, width, height, bandwidth }));
        const ready = await db.transaction(async (tx) => {
          const marked = await tx
            .update(videoTranscodes)
            .set({ state: 'ready', percent: 100, error: null, hlsPrefix: prefix, files: result.files, renditions })
            .where(eq(videoTranscodes.storageKey, storageKey))
            .returning({ storageKey: videoTranscodes.storageKey });
          if (marked.length === 0) return false;
          // The courses whose intro this is show its poster where they have no cover (a new
          // version each time, so browsers do not keep an old one); a poster that is a test
          // pattern or blank is no cover, and they keep (or go back to) their drawn one.
          const version = Date.now().toString(36);
          const intros = await tx
            .select({ courseId: courses.id })
            .from(courses)
            .innerJoin(courseVideos, eq(courseVideos.courseId, courses.id))
            .where(and(eq(courseVideos.storageKey, storageKey), eq(courseVideos.position, 1)));
          for (const { courseId } of intros) {
            await tx
              .update(courses)
              .set({ posterUrl: result.posterIsPicture ? `${introPosterUrl(courseId)}?v=${version}` : null })
              .where(eq(courses.id, courseId));
          }
          return true;
        });
        if (!ready) {
          // Removed while it was being transcoded: its files go too.
          await Promise.all(result.files.map((file) => storage.remove(`${prefix}/${file}`).catch(() => {})));
          return;
        }
        log.info({ storageKey, renditions: renditions.map((rendition) => rendition.name), jobId: job.id }, `transcoded ${storageKey}: ready`);
      } catch (error) {
        // A cap passed: the file needs more than any attempt gets, so it fails at once, saying which.
        if (error instanceof FfmpegError && error.cap) throw new PermanentJobError(`${error.cap}: ${error.message}`);
        if (error instanceof FfmpegError && error.permanent) throw new PermanentJobError(`unreadable: ${error.message}`);
        throw error;
      } finally {
        await rm(folder, { recursive: true, force: true }).catch(() => {});
      }
    },
    async onRetry(job) {
      const { storageKey } = job.payload as TranscodePayload;
      await db.update(videoTranscodes).set({ state: 'queued', percent: 0 }).where(eq(videoTranscodes.storageKey, storageKey));
    },
    async onGiveUp(job, error) {
      const { storageKey } = job.payload as TranscodePayload;
      const reason = failureOf(error);
      const detail = error.replace(REASON_PREFIX, '');
      await db
        .update(videoTranscodes)
        .set({ state: 'failed', error: `${reason}: ${detail}`.slice(0, 2000) })
        .where(eq(videoTranscodes.storageKey, storageKey));
    },
  };
}

/**
 * The transcode worker of this process, for the app's background jobs; null when this process
 * runs no transcodes (TRANSCODE_CONCURRENCY=0) or has no ffmpeg (the videos wait, as MP4, for
 * a process that has one).
 */
export async function createTranscodeWorker(options: TranscodeWorkerOptions): Promise<JobWorker | null> {
  const { settings, log } = options;
  if (settings.concurrency === 0) return null;
  const ffmpegPath = await findFfmpeg(settings.ffmpegPath);
  if (!ffmpegPath) {
    log.warn('no ffmpeg found (FFMPEG_PATH, the system, or @ffmpeg-installer/ffmpeg): videos play as MP4 only, and transcodes wait for a process that has one');
    return null;
  }
  const [version, prlimit] = await Promise.all([ffmpegVersion(ffmpegPath), findLimitsWrapper()]);
  const source = settings.ffmpegPath ? 'FFMPEG_PATH' : ffmpegPath.includes(`${path.sep}node_modules${path.sep}`) ? 'the npm package @ffmpeg-installer/ffmpeg (a zero-setup fallback: install the system\'s ffmpeg package)' : 'the system';
  log.info({ ffmpegPath, version, source }, `transcoding with ${version ?? 'ffmpeg'} from ${source}`);
  if (!prlimit) log.warn('no prlimit (util-linux) found: ffmpeg runs without its memory and CPU-time caps, under its wall-clock limit alone');
  return createJobWorker({
    db: options.db,
    log,
    handler: timedHandler(transcodeJobHandler({ ...options, ffmpegPath }), options.observeDuration),
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    policy: options.policy ?? { ...defaultQueuePolicy, leaseMs: settings.leaseSeconds * 1000, maxRunningPerOwner: settings.maxRunningPerUser },
  });
}

function timedHandler(handler: JobHandler, observe: TranscodeWorkerOptions['observeDuration']): JobHandler {
  if (!observe) return handler;
  return {
    ...handler,
    async run(job, context) {
      const started = performance.now();
      let outcome: 'done' | 'retry' | 'failed' = 'retry';
      try {
        await handler.run(job, context);
        outcome = 'done';
      } catch (error) {
        if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) outcome = 'failed';
        throw error;
      } finally {
        observe((performance.now() - started) / 1000, outcome);
      }
    },
  };
}
