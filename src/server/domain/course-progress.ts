import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { videoKinds, watchedShare, type ProgressPosition, type VideoKind, type VideoProgress } from '../../shared/schemas/progress';
import type { SessionUser } from '../auth/guards';
import type { Database } from '../db/client';
import { courses, courseVideos, videoProgress } from '../db/schema';
import { AppError } from '../errors';
import { mayWatchCourse } from './enrollments';

/**
 * The one owner of where users stopped in their courses' videos: the player saves and reads
 * through it, and my courses ask it for each course's progress.
 */

const positionOf = (video: VideoKind): 1 | 2 => (video === 'intro' ? 1 : 2);
const kindOf = (position: number): VideoKind => videoKinds[position - 1] ?? 'main';

/** 404 when a course does not exist, 403 when the user may not watch one; answers nothing otherwise. */
async function assertMayWatch(db: Database, user: Pick<SessionUser, 'id' | 'isAdmin'>, courseIds: number[]): Promise<void> {
  const rows = await db
    .select({ id: courses.id, allowed: mayWatchCourse(user, courses).mapWith(Boolean) })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  if (rows.length < courseIds.length) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (rows.some((row) => !row.allowed)) throw new AppError('NOT_ENROLLED', 'You have not bought this course');
}

/**
 * Saves a batch of positions in one statement: each overwrites the user's last position in
 * that video. `watched_at` is set the first time a position reaches 90 % and kept afterwards.
 * Nothing is saved when any course is one the user may not watch.
 */
export async function saveProgress(db: Database, user: Pick<SessionUser, 'id' | 'isAdmin'>, positions: ProgressPosition[]): Promise<number> {
  // The last entry for a video wins, as it would across two requests; one statement may not
  // touch a row twice.
  const latest = new Map<string, ProgressPosition>();
  for (const entry of positions) latest.set(`${entry.courseId}:${entry.video}`, entry);
  const entries = [...latest.values()];
  await assertMayWatch(db, user, [...new Set(entries.map((entry) => entry.courseId))]);
  const now = new Date();
  const rows = entries.map((entry) => {
    const durationSeconds = Math.max(1, Math.ceil(entry.durationSeconds));
    const positionSeconds = Math.min(durationSeconds, Math.round(entry.positionSeconds));
    return {
      userId: user.id,
      courseId: entry.courseId,
      position: positionOf(entry.video),
      positionSeconds,
      durationSeconds,
      watchedAt: positionSeconds >= watchedShare * durationSeconds ? now : null,
      updatedAt: now,
    };
  });
  await db
    .insert(videoProgress)
    .values(rows)
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.courseId, videoProgress.position],
      set: {
        positionSeconds: sql`excluded.position_seconds`,
        durationSeconds: sql`excluded.duration_seconds`,
        watchedAt: sql`coalesce(${videoProgress.watchedAt}, excluded.watched_at)`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return rows.length;
}

/** The user's positions in a course's videos, to resume: 404 for an unknown course, 403 when they may not watch it. */
export async function courseProgress(db: Database, user: Pick<SessionUser, 'id' | 'isAdmin'>, courseId: number): Promise<VideoProgress[]> {
  await assertMayWatch(db, user, [courseId]);
  const rows = await db
    .select()
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, user.id), eq(videoProgress.courseId, courseId)))
    .orderBy(videoProgress.position);
  return rows.map((row) => ({
    video: kindOf(row.position),
    positionSeconds: row.positionSeconds,
    durationSeconds: row.durationSeconds,
    watchedAt: row.watchedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * A course's progress for a user, as columns of a query over enrolments: the share of the
 * course's video time watched (a watched video counts whole), when the user last saved a
 * position, and when the last of its videos was watched once all are. Each is a subquery on
 * the primary keys of `video_progress` and `course_videos`, so a long list stays cheap.
 */
export function progressColumns(userId: AnyPgColumn, courseId: AnyPgColumn): { progressPercent: SQL<number>; lastWatchedAt: SQL<Date | null>; completedAt: SQL<Date | null> } {
  const seen = sql`
    from ${courseVideos}
    left join ${videoProgress} on ${videoProgress.userId} = ${userId}
      and ${videoProgress.courseId} = ${courseVideos.courseId} and ${videoProgress.position} = ${courseVideos.position}
    where ${courseVideos.courseId} = ${courseId}`;
  return {
    progressPercent: sql<number>`(select coalesce(floor(100 * sum(case when ${videoProgress.watchedAt} is not null then ${courseVideos.durationSeconds}
        else least(coalesce(${videoProgress.positionSeconds}, 0), ${courseVideos.durationSeconds}) end)
        / nullif(sum(${courseVideos.durationSeconds}), 0)), 0) ${seen})`.mapWith(Number),
    lastWatchedAt: sql<Date | null>`(select max(${videoProgress.updatedAt}) from ${videoProgress}
        where ${videoProgress.userId} = ${userId} and ${videoProgress.courseId} = ${courseId})`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
    completedAt: sql<Date | null>`(select case when count(*) > 0 and count(${videoProgress.watchedAt}) = count(*) then max(${videoProgress.watchedAt}) end ${seen})`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    ),
  };
}
