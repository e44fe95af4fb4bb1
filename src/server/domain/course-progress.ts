import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { videoKinds, watchedShare, type ProgressPosition, type VideoKind, type VideoProgress } from '../../shared/schemas/progress';
import type { SessionUser } from '../auth/guards';
import type { Database } from '../db/client';
import { prepared } from '../db/prepared';
import { courses, courseVideos, videoProgress } from '../db/schema';
import { AppError } from '../errors';
import { mayWatchCourse } from './enrollments';

/**
 * The one owner of where users stopped in their courses' videos: the player saves and reads
 * through it, and my courses ask it for each course's progress.
 */

const positionOf = (video: VideoKind): 1 | 2 => (video === 'intro' ? 1 : 2);
const kindOf = (position: number): VideoKind => videoKinds[position - 1] ?? 'main';

/** Whether the user may watch each of the courses: prepared once, as every save of every player asks it. */
const mayWatchStatement = (db: Database) =>
  prepared(db, 'progress_may_watch', () =>
    db
      .select({ id: courses.id, allowed: mayWatchCourse({ id: sql.placeholder('userId'), isAdmin: sql.placeholder('isAdmin') }, courses).mapWith(Boolean) })
      .from(courses)
      .where(sql`${courses.id} = any(${sql.placeholder('courseIds')}::int4[])`)
      .prepare('progress_may_watch'),
  );

/** 404 when a course does not exist, 403 when the user may not watch one; answers nothing otherwise. */
async function assertMayWatch(db: Database, user: Pick<SessionUser, 'id' | 'isAdmin'>, courseIds: number[]): Promise<void> {
  const rows = await mayWatchStatement(db).execute({ userId: user.id, isAdmin: user.isAdmin, courseIds });
  if (rows.length < courseIds.length) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (rows.some((row) => !row.allowed)) throw new AppError('NOT_ENROLLED', 'You have not bought this course');
}

export type ProgressRow = typeof videoProgress.$inferInsert & { watchedAt: Date | null; updatedAt: Date };
type QueuedSave = { rows: ProgressRow[]; resolve: () => void; reject: (error: unknown) => void };

/** Rows per upsert: far below PostgreSQL's 65,535 parameters (7 a row), and a statement short enough to not hold others up. */
export const MAX_PROGRESS_ROWS_PER_STATEMENT = 1000;

/**
 * One row per video, as one statement needs (it may not touch a row twice): of rows in
 * arrival order, the last one's position wins, and the video stays watched when an earlier
 * one reached 90 %.
 */
function latestPerVideo(rows: ProgressRow[]): ProgressRow[] {
  const latest = new Map<string, ProgressRow>();
  for (const row of rows) {
    const key = `${row.userId}:${row.courseId}:${row.position}`;
    const earlier = latest.get(key);
    latest.set(key, earlier ? { ...row, watchedAt: earlier.watchedAt ?? row.watchedAt } : row);
  }
  return [...latest.values()];
}

/**
 * Group commit of the players' saves, one per database. Every viewer's player saves every few
 * seconds, and a statement of one row costs a commit (a WAL flush) as much as one of hundreds:
 * while an upsert is in flight, the saves that arrive queue, and when it is done they all go
 * in the next one. A request is answered once the statement holding its rows has committed; a
 * failing statement fails the requests it carried, and only those.
 */
export class ProgressWriter {
  private queue: QueuedSave[] = [];
  private writing = false;
  /** How many upserts carried how many saves: the grouping at work, seen from outside. */
  readonly statistics = { statements: 0, saves: 0 };

  constructor(
    private readonly db: Database,
    private readonly maxRowsPerStatement = MAX_PROGRESS_ROWS_PER_STATEMENT,
  ) {}

  /** Resolves once the rows are committed. */
  write(rows: ProgressRow[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      try {
        await this.upsert(batch);
        for (const save of batch) save.resolve();
      } catch (error) {
        for (const save of batch) save.reject(error);
      }
    }
    this.writing = false;
  }

  /** The oldest saves, whole, up to the row bound (at least one save, which is never above it: a request holds at most `maxProgressBatch` rows). */
  private takeBatch(): QueuedSave[] {
    let rows = 0;
    let count = 0;
    for (const save of this.queue) {
      if (count > 0 && rows + save.rows.length > this.maxRowsPerStatement) break;
      rows += save.rows.length;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async upsert(batch: QueuedSave[]): Promise<void> {
    this.statistics.statements += 1;
    this.statistics.saves += batch.length;
    await this.db
      .insert(videoProgress)
      .values(latestPerVideo(batch.flatMap((save) => save.rows)))
      .onConflictDoUpdate({
        target: [videoProgress.userId, videoProgress.courseId, videoProgress.position],
        set: {
          positionSeconds: sql`excluded.position_seconds`,
          durationSeconds: sql`excluded.duration_seconds`,
          watchedAt: sql`coalesce(${videoProgress.watchedAt}, excluded.watched_at)`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}

const writers = new WeakMap<Database, ProgressWriter>();

/** The database's one progress writer: one queue per database, so every request's saves group together. */
export function progressWriter(db: Database): ProgressWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new ProgressWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Saves a request's positions: each overwrites the user's last position in that video.
 * `watched_at` is set the first time a position reaches 90 % and kept afterwards. Nothing is
 * saved when any course is one the user may not watch; that check runs for each request on
 * its own, before its rows join the others' in the progress writer's next statement.
 */
export async function saveProgress(db: Database, user: Pick<SessionUser, 'id' | 'isAdmin'>, positions: ProgressPosition[]): Promise<number> {
  const now = new Date();
  const rows = latestPerVideo(
    positions.map((entry) => {
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
    }),
  );
  await assertMayWatch(db, user, [...new Set(rows.map((row) => row.courseId))]);
  await progressWriter(db).write(rows);
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
