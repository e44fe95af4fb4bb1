import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CourseProgress, LessonProgressEntry, LessonState } from '../../../shared/schemas/progress';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { courseLessons, courses, courseSections, lessonProgress } from '../../db/schema';
import { AppError } from '../../errors';
import { countsTowardsCompletion, introLessonIds, lessonsInOrder, readCurriculum } from '../curriculum';
import { issueCertificateIfComplete, missingCertificateRules } from './certificates';
import { mayWatchCourse } from '../orders';
import { addWatchedRange, coveredStretch, watchedEnough, watchedSecondsOf, type PreviousReport } from './watch-coverage';

/**
 * The one owner of where learners are in their courses' lessons: the player saves and reads
 * through it, and my courses ask it for each course's progress.
 */

type Viewer = Pick<SessionUser, 'id' | 'isAdmin'>;

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
async function assertMayWatch(db: Database, user: Viewer, courseIds: number[]): Promise<void> {
  const rows = await mayWatchStatement(db).execute({ userId: user.id, isAdmin: user.isAdmin, courseIds });
  if (rows.length < courseIds.length) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (rows.some((row) => !row.allowed)) throw new AppError('NOT_ENROLLED', 'You have not bought this course');
}

/**
 * A row of `lesson_progress` as the writer upserts it: the lesson's whole new state, computed
 * from the state the save read. A `durationSeconds` of 0 says the save carried no position (a
 * text or file marked done or not): the stored position and coverage are kept, and its
 * `completedAt` is the learner's choice (null unmarks). A video's row never undoes a lesson.
 */
export type ProgressRow = typeof lessonProgress.$inferInsert & { completedAt: Date | null; updatedAt: Date };
type QueuedSave = { rows: ProgressRow[]; resolve: () => void; reject: (error: unknown) => void };

/** Rows per upsert: far below PostgreSQL's 65,535 parameters (9 a row), and a statement short enough to not hold others up. */
export const MAX_PROGRESS_ROWS_PER_STATEMENT = 1000;

const isVideoRow = (row: ProgressRow) => row.durationSeconds !== 0;

/**
 * One row per lesson, as one statement needs (it may not touch a row twice): of rows in
 * arrival order, the last wins; a video stays done when an earlier row had it done.
 */
function latestPerLesson(rows: ProgressRow[]): ProgressRow[] {
  const latest = new Map<string, ProgressRow>();
  for (const row of rows) {
    const key = `${row.userId}:${row.lessonId}`;
    const earlier = latest.get(key);
    if (!earlier) {
      latest.set(key, row);
      continue;
    }
    if (!isVideoRow(row)) {
      const kept = { positionSeconds: earlier.positionSeconds, durationSeconds: earlier.durationSeconds, watchedRanges: earlier.watchedRanges, watchedSeconds: earlier.watchedSeconds };
      latest.set(key, { ...row, ...kept });
    } else latest.set(key, { ...row, completedAt: earlier.completedAt ?? row.completedAt });
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
    const positionless = sql`excluded.duration_seconds = 0`;
    const kept = (column: AnyPgColumn, name: string) => sql`case when ${positionless} then ${column} else ${sql.raw(`excluded.${name}`)} end`;
    await this.db
      .insert(lessonProgress)
      .values(latestPerLesson(batch.flatMap((save) => save.rows)))
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: {
          positionSeconds: kept(lessonProgress.positionSeconds, 'position_seconds'),
          durationSeconds: kept(lessonProgress.durationSeconds, 'duration_seconds'),
          watchedRanges: kept(lessonProgress.watchedRanges, 'watched_ranges'),
          watchedSeconds: kept(lessonProgress.watchedSeconds, 'watched_seconds'),
          // A video stays done; a text or file is done or not as its learner last said. Either
          // way a lesson still done keeps the date it was first done.
          completedAt: sql`case when ${positionless} and excluded.completed_at is null then null else coalesce(${lessonProgress.completedAt}, excluded.completed_at) end`,
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
 * Each lesson's kind, course and stored length, with the user's saved state in it (none before
 * the first save): prepared, as every save of every player asks it.
 */
const lessonsStatement = (db: Database) =>
  prepared(db, 'progress_lessons', () =>
    db
      .select({
        id: courseLessons.id,
        courseId: courseLessons.courseId,
        kind: courseLessons.kind,
        storedDurationSeconds: courseLessons.durationSeconds,
        positionSeconds: lessonProgress.positionSeconds,
        watchedRanges: lessonProgress.watchedRanges,
        completedAt: lessonProgress.completedAt,
        updatedAt: lessonProgress.updatedAt,
      })
      .from(courseLessons)
      .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, courseLessons.id), eq(lessonProgress.userId, sql.placeholder('userId'))))
      .where(sql`${courseLessons.id} = any(${sql.placeholder('lessonIds')}::int4[])`)
      .prepare('progress_lessons'),
  );

type LessonRead = Awaited<ReturnType<ReturnType<typeof lessonsStatement>['execute']>>[number];

/** What the server keeps of a lesson between two reports of a save (several entries of one lesson build on each other). */
type LessonMemory = { previous: PreviousReport | null; watchedRanges: number[]; completedAt: Date | null };

/**
 * A video's report: the position is kept (the resume point), and the stretch since the previous
 * report is added to what was seen when real playback could have covered it
 * (`coveredStretch`); the lesson is done once what was seen reaches 90 % of its stored length.
 * The entry's duration and `completed` are not believed.
 */
function videoRow(user: Viewer, lesson: LessonRead, state: LessonMemory, entry: LessonProgressEntry, now: Date): ProgressRow | null {
  if (entry.positionSeconds == null) return null;
  const durationSeconds = lesson.storedDurationSeconds;
  const positionSeconds = Math.min(durationSeconds, Math.round(entry.positionSeconds));
  const stretch = coveredStretch(state.previous, positionSeconds, now);
  const watchedRanges = stretch ? addWatchedRange(state.watchedRanges, ...stretch) : state.watchedRanges;
  const watchedSeconds = watchedSecondsOf(watchedRanges);
  const completedAt = state.completedAt ?? (watchedEnough(watchedSeconds, durationSeconds) ? now : null);
  Object.assign(state, { previous: { positionSeconds, at: now }, watchedRanges, completedAt });
  return { userId: user.id, lessonId: lesson.id, courseId: lesson.courseId, positionSeconds, durationSeconds, watchedRanges, watchedSeconds, completedAt, updatedAt: now };
}

/** A text's or file's mark: done or not done as the learner says (a position means nothing there). */
function markRow(user: Viewer, lesson: LessonRead, state: LessonMemory, entry: LessonProgressEntry, now: Date): ProgressRow {
  const completedAt = entry.completed === true ? (state.completedAt ?? now) : entry.completed === false ? null : state.completedAt;
  state.completedAt = completedAt;
  return { userId: user.id, lessonId: lesson.id, courseId: lesson.courseId, positionSeconds: 0, durationSeconds: 0, watchedRanges: [], watchedSeconds: 0, completedAt, updatedAt: now };
}

/**
 * Saves a request's progress. A video entry is a playback report (`videoRow`): the server
 * decides from the reports it hears and when it hears them what was seen, and when the lesson is
 * done. A text or file entry marks it done or not done. Nothing is saved when a lesson does not
 * exist or is of a course the user may not watch; that check, and the read of the user's state
 * in those lessons, run for each request on its own (one statement), before its rows join the
 * others' in the progress writer's next statement. A save that completes a lesson and finds its
 * course all done tells the course completion listener. `now` is the server's clock, which tests replace.
 */
export async function saveProgress(db: Database, user: Viewer, entries: LessonProgressEntry[], now = new Date()): Promise<number> {
  const lessonIds = [...new Set(entries.map((entry) => entry.lessonId))];
  const lessons = new Map((await lessonsStatement(db).execute({ lessonIds, userId: user.id })).map((lesson) => [lesson.id, lesson]));
  if (lessons.size < lessonIds.length) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
  await assertMayWatch(db, user, [...new Set([...lessons.values()].map((lesson) => lesson.courseId))]);
  const states = new Map<number, LessonMemory>();
  const stateOfLesson = (lesson: LessonRead): LessonMemory => {
    let state = states.get(lesson.id);
    if (!state) {
      // A report heard before is where the next is measured from; a row of another origin (a text's mark) is none.
      const heard = lesson.updatedAt && lesson.positionSeconds !== null ? { positionSeconds: lesson.positionSeconds, at: lesson.updatedAt } : null;
      state = { previous: heard, watchedRanges: lesson.watchedRanges ?? [], completedAt: lesson.completedAt };
      states.set(lesson.id, state);
    }
    return state;
  };
  const rows = latestPerLesson(
    entries.flatMap((entry) => {
      const lesson = lessons.get(entry.lessonId)!;
      // A quiz is done when the server graded a passed attempt, an assignment when its review passed it (`markLessonCompleted`): what the browser says of them is ignored.
      if (serverCompletedKinds.has(lesson.kind)) return [];
      const row = lesson.kind === 'video' ? videoRow(user, lesson, stateOfLesson(lesson), entry, now) : markRow(user, lesson, stateOfLesson(lesson), entry, now);
      return row ? [row] : [];
    }),
  );
  if (rows.length > 0) await progressWriter(db).write(rows);
  // A save that completes a lesson may complete its course: its certificate is issued now (once:
  // issuing is idempotent). Should it fail, the progress is kept, and the learner's certificate
  // button asks again. A lesson done before asks nothing: a done video's reports are the most frequent saves.
  const completing = new Set(rows.filter((row) => row.completedAt !== null && !lessons.get(row.lessonId)!.completedAt).map((row) => row.courseId));
  for (const courseId of completing) await issueCertificateIfComplete(db, { userId: user.id, courseId });
  return rows.length;
}

/** Lessons whose completion the server alone decides (a quiz's passed attempt, an assignment's passing review): a player's `completed` on them is ignored, never saved. */
const serverCompletedKinds: ReadonlySet<LessonRead['kind']> = new Set(['quiz', 'assignment']);

/**
 * Marks a lesson done for a learner, in the caller's transaction (a quiz's passed attempt, graded
 * by the server, or an assignment's passing review); a lesson done before stays done as of then.
 * Answers whether it was done only now: the caller then asks `issueCertificateIfComplete` once
 * its transaction has committed.
 */
export async function markLessonCompleted(tx: Database, { userId, lessonId, courseId }: { userId: string; lessonId: number; courseId: number }, now: Date): Promise<boolean> {
  const [before] = await tx.select({ completedAt: lessonProgress.completedAt }).from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  if (before?.completedAt) return false;
  await tx
    .insert(lessonProgress)
    .values({ userId, lessonId, courseId, completedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`, updatedAt: now } });
  return true;
}

const stateOf = (row: { completedAt: Date | null } | undefined): LessonState => (!row ? 'not_started' : row.completedAt ? 'done' : 'in_progress');

/**
 * A course's curriculum with the user's state in each lesson, where to resume and how much is
 * done: 404 for an unknown course, 403 when they may not watch it.
 */
export async function courseProgress(db: Database, user: Viewer, courseId: number): Promise<CourseProgress> {
  await assertMayWatch(db, user, [courseId]);
  const [curriculum, intro] = await Promise.all([readCurriculum(db, courseId), introLessonIds(db, courseId)]);
  const ordered = lessonsInOrder(curriculum);
  const rows = ordered.length
    ? await db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, user.id), inArray(lessonProgress.lessonId, ordered.map((lesson) => lesson.id))))
    : [];
  const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
  const lessons = ordered.map((lesson) => {
    const row = byLesson.get(lesson.id);
    return {
      lessonId: lesson.id,
      state: stateOf(row),
      positionSeconds: row?.positionSeconds ?? 0,
      durationSeconds: row?.durationSeconds ?? 0,
      watchedSeconds: row?.watchedSeconds ?? 0,
      completedAt: row?.completedAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
  // The intro trailer keeps its state (it plays like any lesson) but is not asked for.
  const required = lessons.filter((lesson) => !intro.has(lesson.lessonId));
  const done = required.filter((lesson) => lesson.state === 'done').length;
  const lastTouched = rows.filter((row) => !row.completedAt).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  const resumeLessonId = lastTouched?.lessonId ?? lessons.find((lesson) => lesson.state !== 'done')?.lessonId ?? lessons[0]?.lessonId ?? null;
  const completed = required.length > 0 && done === required.length;
  return {
    courseId,
    curriculum,
    lessons,
    resumeLessonId,
    percent: required.length ? Math.floor((100 * done) / required.length) : 0,
    completed,
    certificateMissing: completed ? await missingCertificateRules(db, { userId: user.id, courseId }) : [],
  };
}

/**
 * The lessons of the course in `courseId`, each with the user's progress row (if any), in the
 * order a learner takes them; `required`: only those completing it asks for (not its intro trailer).
 */
const lessonsWithProgress = (userId: AnyPgColumn, courseId: AnyPgColumn, required = false) => sql`
    from ${courseLessons}
    join ${courseSections} on ${courseSections.id} = ${courseLessons.sectionId}
    left join ${lessonProgress} on ${lessonProgress.lessonId} = ${courseLessons.id} and ${lessonProgress.userId} = ${userId}
    where ${courseLessons.courseId} = ${courseId}${required ? sql` and ${countsTowardsCompletion}` : sql``}`;

/**
 * A course's progress for a user, as columns of a query over enrolments: the share of its
 * lessons done (rounded down), when the user last saved progress in it, when its last lesson
 * was done once all are, and the next lesson to take (the last one touched that is not done,
 * else the first not done; null once all are). Each is a subquery on indexed columns, so a
 * long list stays cheap.
 */
export function progressColumns(
  userId: AnyPgColumn,
  courseId: AnyPgColumn,
): { progressPercent: SQL<number>; lastWatchedAt: SQL<Date | null>; completedAt: SQL<Date | null>; nextLessonId: SQL<number | null>; nextLessonTitle: SQL<string | null> } {
  const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
  const next = (column: AnyPgColumn) => sql`(select ${column} ${lessonsWithProgress(userId, courseId)} and ${lessonProgress.completedAt} is null
        order by ${lessonProgress.updatedAt} desc nulls last, ${courseSections.position}, ${courseLessons.position}, ${courseLessons.id} limit 1)`;
  return {
    progressPercent: sql<number>`(select coalesce(floor(100.0 * count(${lessonProgress.completedAt}) / nullif(count(*), 0)), 0) ${lessonsWithProgress(userId, courseId, true)})`.mapWith(Number),
    lastWatchedAt: sql<Date | null>`(select max(${lessonProgress.updatedAt}) from ${lessonProgress}
        where ${lessonProgress.userId} = ${userId} and ${lessonProgress.courseId} = ${courseId})`.mapWith(toDate),
    completedAt: sql<Date | null>`(select case when count(*) > 0 and count(${lessonProgress.completedAt}) = count(*) then max(${lessonProgress.completedAt}) end ${lessonsWithProgress(userId, courseId, true)})`.mapWith(toDate),
    nextLessonId: sql<number | null>`${next(courseLessons.id)}`.mapWith((value: number | string | null) => (value === null ? null : Number(value))),
    nextLessonTitle: sql<string | null>`${next(courseLessons.title)}`,
  };
}
