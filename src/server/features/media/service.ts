import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { courseLessons, courses, courseVideos, uploadsInProgress, videoTranscodes } from '../../db/schema';
import { captionLanguagesOf, readyHlsPrefix, readyThumbnails, type StreamableVideo } from './streamable-videos';
import { requestTranscodes } from './video-transcodes';
import { removeUnreferencedFiles } from './video-files';
import { AppError } from '../../errors';
import type { VideoProcessing } from '../../../shared/schemas/media';
import { failureReason } from './transcode-job';
import type { VideoStorage } from '../../storage/video-storage';

export type CourseVideoRow = typeof courseVideos.$inferSelect;

export const uploadStorageKey = (videoId: string) => `uploads/${videoId}.mp4`;

/**
 * A finished upload becomes an unclaimed video of its uploader, and stops being an unfinished
 * upload, in one step: the per-user counts never see it twice or not at all.
 */
export async function recordUpload(
  db: Database,
  video: Pick<CourseVideoRow, 'id' | 'ownerId' | 'storageKey' | 'sizeBytes' | 'width' | 'height' | 'durationSeconds'>,
): Promise<CourseVideoRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courseVideos)
      .values({ ...video, contentType: 'video/mp4' })
      .returning();
    await tx.delete(uploadsInProgress).where(eq(uploadsInProgress.id, video.id));
    return row!;
  });
}

export type UploadLimits = {
  /** Unfinished uploads at once. */
  maxUnfinished: number;
  /** Bytes the unfinished uploads declare in total. */
  maxDeclaredBytes: number;
  /** Videos waiting unused, counting the unfinished uploads that will become such videos. */
  maxUnused: number;
};

/**
 * Records a new unfinished upload of a user, or refuses it with the limit it would pass. The
 * user's limits are checked and the row inserted under a per-user lock, so two uploads created
 * at once cannot both take the last place.
 */
export async function reserveUpload(db: Database, upload: { id: string; ownerId: string; declaredBytes: number }, limits: UploadLimits) {
  await db.transaction(async (tx) => {
    await lockPerUser(tx as unknown as Database, 'upload', upload.ownerId);
    const [unfinished] = await tx
      .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${uploadsInProgress.declaredBytes}), 0)::float8` })
      .from(uploadsInProgress)
      .where(eq(uploadsInProgress.ownerId, upload.ownerId));
    const [unused] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(courseVideos)
      .where(and(eq(courseVideos.ownerId, upload.ownerId), isNull(courseVideos.courseId)));
    const unfinishedCount = unfinished?.count ?? 0;
    const declaredBytes = Number(unfinished?.bytes ?? 0);
    if ((unused?.count ?? 0) + unfinishedCount >= limits.maxUnused) {
      throw new AppError('UPLOAD_LIMIT_REACHED', `At most ${limits.maxUnused} videos may wait unused, uploads in progress included; remove some first`);
    }
    if (unfinishedCount >= limits.maxUnfinished) {
      throw new AppError('UNFINISHED_UPLOADS_LIMIT', `At most ${limits.maxUnfinished} uploads may be in progress at once; finish or cancel one first`);
    }
    if (declaredBytes + upload.declaredBytes > limits.maxDeclaredBytes) {
      throw new AppError(
        'UPLOAD_SPACE_EXCEEDED',
        `Uploads in progress may declare at most ${limits.maxDeclaredBytes} bytes in total; ${Math.max(0, limits.maxDeclaredBytes - declaredBytes)} are left`,
      );
    }
    await tx.insert(uploadsInProgress).values(upload);
  });
}

export async function findUploadInProgress(db: Database, id: string) {
  const [row] = await db.select().from(uploadsInProgress).where(eq(uploadsInProgress.id, id));
  return row ?? null;
}

/** The server received bytes for the upload now: its idle time starts over. */
export async function recordUploadWrite(db: Database, id: string, at = new Date()) {
  await db.update(uploadsInProgress).set({ lastWriteAt: at }).where(eq(uploadsInProgress.id, id));
}

/** The upload finished, was refused or cancelled: its place is free. */
export async function forgetUploadInProgress(db: Database, id: string) {
  await db.delete(uploadsInProgress).where(eq(uploadsInProgress.id, id));
}

/** Unfinished uploads that received nothing since the cutoff: their rows go, their ids come back. */
export async function deleteUploadsIdleSince(db: Database, cutoff: Date): Promise<string[]> {
  const deleted = await db.delete(uploadsInProgress).where(lt(uploadsInProgress.lastWriteAt, cutoff)).returning({ id: uploadsInProgress.id });
  return deleted.map((row) => row.id);
}

/** Which of these ids are unfinished uploads the server knows. */
export async function knownUploadsInProgress(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: uploadsInProgress.id }).from(uploadsInProgress).where(inArray(uploadsInProgress.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** My uploads that no course has claimed yet, oldest first (the first becomes the intro). */
export function listUnattachedUploads(db: Database, ownerId: string): Promise<CourseVideoRow[]> {
  return db
    .select()
    .from(courseVideos)
    .where(and(eq(courseVideos.ownerId, ownerId), isNull(courseVideos.courseId)))
    .orderBy(asc(courseVideos.createdAt), asc(courseVideos.id));
}

/** Deletes one of my uploads that no course uses yet, with its file. */
export async function deleteUnattachedUpload(db: Database, storage: VideoStorage, ownerId: string, videoId: string) {
  const [video] = await db
    .select({ courseId: courseVideos.courseId })
    .from(courseVideos)
    .where(and(eq(courseVideos.id, videoId), eq(courseVideos.ownerId, ownerId)));
  if (!video) throw new AppError('VIDEO_NOT_FOUND', 'Video not found');
  if (video.courseId !== null) throw new AppError('CONFLICT', 'This video belongs to a course and cannot be removed');
  const deleted = await db
    .delete(courseVideos)
    .where(and(eq(courseVideos.id, videoId), eq(courseVideos.ownerId, ownerId), isNull(courseVideos.courseId)))
    .returning({ storageKey: courseVideos.storageKey });
  // A course may have claimed it in between: then it stays.
  if (deleted.length === 0) throw new AppError('CONFLICT', 'This video belongs to a course and cannot be removed');
  await removeUnreferencedFiles(db, storage, deleted.map((row) => row.storageKey));
}

export type CourseVideoAccess = {
  course: { id: number; ownerId: string; disabledAt: Date | null };
  video: (Pick<CourseVideoRow, 'storageKey' | 'contentType' | 'width' | 'height' | 'durationSeconds'> & { hlsPrefix: string | null; hasThumbnails: boolean }) | null;
};

/** A course and its video at a position (1 intro, 2 main), in one query; null when the course does not exist. */
export async function findCourseVideo(db: Database, courseId: number, position: 1 | 2): Promise<CourseVideoAccess | null> {
  const [row] = await db
    .select({
      id: courses.id,
      ownerId: courses.ownerId,
      disabledAt: courses.disabledAt,
      storageKey: courseVideos.storageKey,
      contentType: courseVideos.contentType,
      width: courseVideos.width,
      height: courseVideos.height,
      durationSeconds: courseVideos.durationSeconds,
      hlsPrefix: readyHlsPrefix,
      hasThumbnails: readyThumbnails,
    })
    .from(courses)
    .leftJoin(courseVideos, and(eq(courseVideos.courseId, courses.id), eq(courseVideos.position, position)))
    .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
    .where(eq(courses.id, courseId));
  if (!row) return null;
  const { id, ownerId, disabledAt, storageKey, contentType, width, height, durationSeconds, hlsPrefix, hasThumbnails } = row;
  return {
    course: { id, ownerId, disabledAt },
    video:
      storageKey !== null && contentType !== null && width !== null && height !== null && durationSeconds !== null
        ? { storageKey, contentType, width, height, durationSeconds, hlsPrefix, hasThumbnails }
        : null,
  };
}

export { findStreamableVideo, type StreamableVideo } from './streamable-videos';

export type LessonForContent = Pick<
  typeof courseLessons.$inferSelect,
  'id' | 'courseId' | 'title' | 'kind' | 'isPreview' | 'durationSeconds' | 'body' | 'resourceKey' | 'resourceName' | 'resourceSizeBytes'
> & {
  course: { ownerId: string; disabledAt: Date | null };
  video: StreamableVideo | null;
};

/** A lesson with its course's owner and state and, for a video lesson, its video; null when there is no such lesson. */
export async function findLessonForContent(db: Database, lessonId: number): Promise<LessonForContent | null> {
  const [row] = await db
    .select({
      id: courseLessons.id,
      courseId: courseLessons.courseId,
      title: courseLessons.title,
      kind: courseLessons.kind,
      isPreview: courseLessons.isPreview,
      durationSeconds: courseLessons.durationSeconds,
      body: courseLessons.body,
      resourceKey: courseLessons.resourceKey,
      resourceName: courseLessons.resourceName,
      resourceSizeBytes: courseLessons.resourceSizeBytes,
      ownerId: courses.ownerId,
      disabledAt: courses.disabledAt,
      videoStorageKey: courseVideos.storageKey,
      ...{ contentType: courseVideos.contentType, width: courseVideos.width, height: courseVideos.height, videoDurationSeconds: courseVideos.durationSeconds, hlsPrefix: readyHlsPrefix, hasThumbnails: readyThumbnails, captionLanguages: captionLanguagesOf(courseVideos.id) },
    })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .leftJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
    .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
    .where(eq(courseLessons.id, lessonId));
  if (!row) return null;
  const { ownerId, disabledAt, videoStorageKey, contentType, width, height, videoDurationSeconds, hlsPrefix, hasThumbnails, captionLanguages, ...lesson } = row;
  const video =
    videoStorageKey !== null && contentType !== null && width !== null && height !== null && videoDurationSeconds !== null
      ? { storageKey: videoStorageKey, contentType, width, height, durationSeconds: videoDurationSeconds, hlsPrefix, hasThumbnails, captionLanguages }
      : null;
  return { ...lesson, course: { ownerId, disabledAt }, video };
}

/** Unclaimed uploads created before the cutoff: their rows go, and then their files. */
export async function deleteUnattachedUploadsBefore(db: Database, cutoff: Date): Promise<string[]> {
  const deleted = await db
    .delete(courseVideos)
    .where(and(isNull(courseVideos.courseId), lt(courseVideos.createdAt, cutoff)))
    .returning({ storageKey: courseVideos.storageKey });
  return deleted.map((row) => row.storageKey);
}

/** The processing of the videos of the courses chosen (by owner, or one course), intro first. */
async function videoProcessingWhere(db: Database, where: ReturnType<typeof eq>): Promise<VideoProcessing[]> {
  const rows = await db
    .select({ courseId: courses.id, position: courseVideos.position, state: videoTranscodes.state, percent: videoTranscodes.percent, error: videoTranscodes.error })
    .from(courses)
    .innerJoin(courseVideos, eq(courseVideos.courseId, courses.id))
    .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
    .where(where)
    .orderBy(asc(courses.id), asc(courseVideos.position));
  return rows.map((row) => ({
    courseId: row.courseId,
    position: row.position ?? 0,
    state: row.state,
    percent: row.state === 'ready' ? 100 : (row.percent ?? 0),
    failure: row.state === 'failed' ? failureReason(row.error) : null,
  }));
}

/** The processing of every video of my courses. */
export const listMyVideoProcessing = (db: Database, ownerId: string) => videoProcessingWhere(db, eq(courses.ownerId, ownerId));

/** The processing of one course's videos. */
export async function courseVideoProcessing(db: Database, courseId: number): Promise<VideoProcessing[]> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  return videoProcessingWhere(db, eq(courses.id, courseId));
}

/**
 * Queues a failed video of a course for processing again (counted against its owner's bound);
 * answers the course's videos' processing. CONFLICT unless the video's processing failed.
 */
export async function retryVideoProcessing(db: Database, courseId: number, position: number, maxWaitingPerOwner: number): Promise<VideoProcessing[]> {
  const [video] = await db
    .select({ ownerId: courses.ownerId, storageKey: courseVideos.storageKey, state: videoTranscodes.state })
    .from(courses)
    .innerJoin(courseVideos, and(eq(courseVideos.courseId, courses.id), eq(courseVideos.position, position)))
    .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
    .where(eq(courses.id, courseId));
  if (!video) throw new AppError('VIDEO_NOT_FOUND', 'This course has no such video');
  if (video.state !== 'failed' && video.state !== null) throw new AppError('CONFLICT', 'Only a video whose processing failed can be processed again');
  await db.transaction((tx) => requestTranscodes(tx as unknown as Database, video.ownerId, [video.storageKey], maxWaitingPerOwner));
  return courseVideoProcessing(db, courseId);
}
