import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courseLessons, courses, lessonImages } from '../../db/schema';
import type { LessonImageType } from '../../../shared/limits';
import { isEnrolled } from '../orders';

/**
 * Images of text lessons: the only pictures a lesson's Markdown may show, uploaded with the
 * lesson and served by the app itself, so that reading a lesson (a free preview included) makes
 * the reader's browser call no other host. Here rather than in a feature: the lesson renderer
 * (`lesson-text.ts`) keeps only these URLs, and the media feature stores and serves them.
 */

export const LESSON_IMAGE_PATH_PREFIX = '/api/lesson-images/';

/** The URL a lesson's Markdown names an image by: the app's own, relative, nothing a teacher can aim elsewhere. */
export const lessonImageUrl = (id: string) => `${LESSON_IMAGE_PATH_PREFIX}${id}`;

/** An image URL the lesson renderer keeps: exactly one of ours (a lower-case UUID, nothing before or after). */
export const LESSON_IMAGE_URL = /^\/api\/lesson-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const extensions: Record<LessonImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** A new image's storage key: the course's folder, the image's id (never the uploader's file name). */
export const lessonImageStorageKey = (courseId: number, id: string, type: LessonImageType) => `lesson-images/${courseId}/${id}.${extensions[type]}`;

/** How many first bytes `lessonImageTypeOf` reads. */
export const IMAGE_SIGNATURE_BYTES = 12;

/**
 * The type of an image by its first bytes (its magic number), never by its name or declared
 * type; null for anything else. SVG (text that can carry script) is never one of them.
 */
export function lessonImageTypeOf(head: Buffer): LessonImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const gif = head.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export type ServableLessonImage = { key: string; contentType: string; sizeBytes: number };

/**
 * The image at `id`, when the caller may see a lesson that shows it; null otherwise (the same
 * answer as an unknown image, so nothing tells a stranger that it exists). Whoever may take the
 * course's lessons (its buyers, its owner, admins; with an account not disabled) sees all its
 * images, as they see all its lessons, a disabled course's included. Anyone else, signed in or
 * not, sees an image of an active course that a free-preview text lesson of that course names.
 */
export async function findServableLessonImage(
  db: Database,
  id: string,
  viewer: { id: string; isAdmin: boolean } | null,
): Promise<ServableLessonImage | null> {
  const [image] = await db
    .select({ key: lessonImages.storageKey, contentType: lessonImages.contentType, sizeBytes: lessonImages.sizeBytes, courseId: courses.id, ownerId: courses.ownerId, disabledAt: courses.disabledAt })
    .from(lessonImages)
    .innerJoin(courses, eq(courses.id, lessonImages.courseId))
    .where(eq(lessonImages.id, id));
  if (!image) return null;
  const servable = { key: image.key, contentType: image.contentType, sizeBytes: image.sizeBytes };
  if (viewer && (viewer.isAdmin || viewer.id === image.ownerId || (await isEnrolled(db, viewer.id, image.courseId)))) return servable;
  if (image.disabledAt) return null;
  const [preview] = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(
      and(
        eq(courseLessons.courseId, image.courseId),
        eq(courseLessons.kind, 'text'),
        eq(courseLessons.isPreview, true),
        isNull(courses.disabledAt),
        // A plain substring test (no pattern characters to escape): the URL is ours, a UUID.
        sql`strpos(${courseLessons.body}, ${lessonImageUrl(id)}) > 0`,
      ),
    )
    .limit(1);
  return preview ? servable : null;
}
