import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses, courseVideos, enrollments } from '../../db/schema';
import { AppError } from '../../errors';
import type { VideoStorage } from './storage';

export type CourseVideoRow = typeof courseVideos.$inferSelect;

export const uploadStorageKey = (videoId: string) => `uploads/${videoId}.mp4`;

export async function recordUpload(
  db: Database,
  video: Pick<CourseVideoRow, 'id' | 'ownerId' | 'storageKey' | 'sizeBytes' | 'width' | 'height' | 'durationSeconds'>,
): Promise<CourseVideoRow> {
  const [row] = await db
    .insert(courseVideos)
    .values({ ...video, contentType: 'video/mp4' })
    .returning();
  return row!;
}

export async function countUnattachedUploads(db: Database, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(courseVideos)
    .where(and(eq(courseVideos.ownerId, ownerId), isNull(courseVideos.courseId)));
  return row?.count ?? 0;
}

/** My uploads that no course has claimed yet, oldest first (the first becomes the intro). */
export function listUnattachedUploads(db: Database, ownerId: string): Promise<CourseVideoRow[]> {
  return db
    .select()
    .from(courseVideos)
    .where(and(eq(courseVideos.ownerId, ownerId), isNull(courseVideos.courseId)))
    .orderBy(asc(courseVideos.createdAt), asc(courseVideos.id));
}

/**
 * Removes stored files that no row points at any more. Demo videos are shared by many
 * courses under one key, so a key is only removed once nothing refers to it.
 */
export async function removeUnreferencedFiles(db: Database, storage: VideoStorage, storageKeys: string[]) {
  if (storageKeys.length === 0) return;
  const stillUsed = await db
    .selectDistinct({ storageKey: courseVideos.storageKey })
    .from(courseVideos)
    .where(inArray(courseVideos.storageKey, storageKeys));
  const used = new Set(stillUsed.map((row) => row.storageKey));
  for (const key of new Set(storageKeys)) if (!used.has(key)) await storage.remove(key);
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
  video: Pick<CourseVideoRow, 'storageKey' | 'contentType' | 'width' | 'height' | 'durationSeconds'> | null;
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
    })
    .from(courses)
    .leftJoin(courseVideos, and(eq(courseVideos.courseId, courses.id), eq(courseVideos.position, position)))
    .where(eq(courses.id, courseId));
  if (!row) return null;
  const { id, ownerId, disabledAt, storageKey, contentType, width, height, durationSeconds } = row;
  return {
    course: { id, ownerId, disabledAt },
    video:
      storageKey !== null && contentType !== null && width !== null && height !== null && durationSeconds !== null
        ? { storageKey, contentType, width, height, durationSeconds }
        : null,
  };
}

export async function isEnrolled(db: Database, userId: string, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return Boolean(row);
}

/** Unclaimed uploads created before the cutoff: their rows go, and then their files. */
export async function deleteUnattachedUploadsBefore(db: Database, cutoff: Date): Promise<string[]> {
  const deleted = await db
    .delete(courseVideos)
    .where(and(isNull(courseVideos.courseId), lt(courseVideos.createdAt, cutoff)))
    .returning({ storageKey: courseVideos.storageKey });
  return deleted.map((row) => row.storageKey);
}
