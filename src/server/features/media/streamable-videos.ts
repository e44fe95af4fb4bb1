import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courseLessons, courses, courseVideos, users, videoCaptions, videoTranscodes } from '../../db/schema';
import type { CaptionLanguage } from '../../../shared/schemas/captions';
import { mayWatchCourse } from '../orders';
import type { StreamSubject } from './stream-tokens';

/** Where a video's HLS copy is stored, once it is ready; null before. */
export const readyHlsPrefix = sql<string | null>`case when ${videoTranscodes.state} = 'ready' then ${videoTranscodes.hlsPrefix} end`;

/** Whether the ready HLS copy has the timeline's preview thumbnails (copies made before they were added have none). */
export const readyThumbnails = sql<boolean>`coalesce(${videoTranscodes.state} = 'ready' and ${videoTranscodes.files} @> '["thumbnails.vtt"]'::jsonb, false)`;

/** The languages a video has captions in, inside a query (`[]` for none). */
export const captionLanguagesOf = (videoId: AnyPgColumn): SQL<CaptionLanguage[]> =>
  sql<CaptionLanguage[]>`coalesce((select json_agg(${videoCaptions.language} order by ${videoCaptions.language}) from ${videoCaptions} where ${videoCaptions.videoId} = ${videoId}), '[]'::json)`;

export type StreamableVideo = Pick<typeof courseVideos.$inferSelect, 'storageKey' | 'contentType' | 'width' | 'height' | 'durationSeconds'> & {
  hlsPrefix: string | null;
  hasThumbnails: boolean;
  /** The languages it has captions in; absent where the query did not ask. */
  captionLanguages?: CaptionLanguage[];
};

/**
 * The video a grant opens, while its user may still watch it; null once they may not. The
 * one rule for paid videos: a course's main video plays for its buyers (as long as they hold
 * the enrolment: a refund takes it), its owner and admins, whether or not the course is still
 * in the catalogue; an upload no course uses yet plays for its uploader. A disabled account
 * watches nothing. One indexed query, run for every request a signed link serves (the video's
 * files, and its captions).
 */
export async function findStreamableVideo(db: Database, grant: StreamSubject): Promise<(StreamableVideo & { id: string; captionLanguages: CaptionLanguage[] }) | null> {
  const [video] =
    grant.kind === 'upload'
      ? await uploadViewStatement(db).execute({ videoId: grant.videoId, userId: grant.userId })
      : grant.kind === 'lesson'
        ? await lessonVideoViewStatement(db).execute({ lessonId: grant.lessonId, userId: grant.userId })
        : grant.kind === 'preview'
          ? await previewVideoViewStatement(db).execute({ lessonId: grant.lessonId })
          : await mainVideoViewStatement(db).execute({ courseId: grant.courseId, userId: grant.userId });
  return video ?? null;
}

const streamableColumns = {
  id: courseVideos.id,
  storageKey: courseVideos.storageKey,
  contentType: courseVideos.contentType,
  width: courseVideos.width,
  height: courseVideos.height,
  durationSeconds: courseVideos.durationSeconds,
  hlsPrefix: readyHlsPrefix,
  hasThumbnails: readyThumbnails,
  captionLanguages: captionLanguagesOf(courseVideos.id),
};

// Prepared: a player asks once for every range it reads.
const activeViewer = and(eq(users.id, sql.placeholder('userId')), isNull(users.disabledAt));

const uploadViewStatement = (db: Database) =>
  prepared(db, 'media_upload_view', () =>
    db
      .select(streamableColumns)
      .from(courseVideos)
      .innerJoin(users, eq(users.id, courseVideos.ownerId))
      .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
      .where(and(eq(courseVideos.id, sql.placeholder('videoId')), activeViewer))
      .prepare('media_upload_view'),
  );

const mainVideoViewStatement = (db: Database) =>
  prepared(db, 'media_main_video_view', () =>
    db
      .select(streamableColumns)
      .from(courseVideos)
      .innerJoin(courses, eq(courses.id, courseVideos.courseId))
      .innerJoin(users, activeViewer)
      .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
      .where(
        and(
          eq(courseVideos.courseId, sql.placeholder('courseId')),
          eq(courseVideos.position, 2),
          mayWatchCourse(users, courses),
        ),
      )
      .prepare('media_main_video_view'),
  );

/** A free preview of an active course: anyone may watch it. */
const openPreview = and(eq(courseLessons.isPreview, true), isNull(courses.disabledAt));

/** A video lesson for a signed-in viewer: a preview of an active course, or any lesson of a course they may watch. */
const lessonVideoViewStatement = (db: Database) =>
  prepared(db, 'media_lesson_video_view', () =>
    db
      .select(streamableColumns)
      .from(courseLessons)
      .innerJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
      .innerJoin(courses, eq(courses.id, courseLessons.courseId))
      .innerJoin(users, activeViewer)
      .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
      .where(and(eq(courseLessons.id, sql.placeholder('lessonId')), sql`(${openPreview} or ${mayWatchCourse(users, courses)})`))
      .prepare('media_lesson_video_view'),
  );

/** A preview lesson's video for a visitor: only while the lesson is a preview of an active course. */
const previewVideoViewStatement = (db: Database) =>
  prepared(db, 'media_preview_video_view', () =>
    db
      .select(streamableColumns)
      .from(courseLessons)
      .innerJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
      .innerJoin(courses, eq(courses.id, courseLessons.courseId))
      .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
      .where(and(eq(courseLessons.id, sql.placeholder('lessonId')), openPreview))
      .prepare('media_preview_video_view'),
  );
