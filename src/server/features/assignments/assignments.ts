import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { assignmentFileTypes, type AssignmentFileType, type SubmissionState } from '../../../shared/limits';
import type { AssignmentGradingInput, AssignmentLesson, AssignmentSettingsInput, EditableAssignment, HandInInput, MyAssignments, ReviewInput, ReviewQueue, SubmissionForReview, SubmissionView } from '../../../shared/schemas/assignments';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { offsetOf, pageOf } from '../../db/paging';
import { assignmentDraftFiles, assignments, assignmentSubmissions, courseLessons, courses, users } from '../../db/schema';
import { AppError, pgErrorCode } from '../../errors';
import { enqueueMail } from '../../mail/outbox';
import { languageOrDefault } from '../../../shared/languages';
import { renderLessonText } from '../curriculum';
import { issueCertificateIfComplete, markLessonCompleted } from '../learning';
import { isEnrolled } from '../orders';

/**
 * Assignments' rules: an assignment lesson's settings, a learner's hand-ins, the teacher's
 * review queue and reviews. Decisions:
 * - a free-preview assignment's instructions are open to anyone; only the course's buyers hand in
 *   (its owner and admins read and review, and hand in nothing);
 * - one hand-in waits at a time and is not replaced: the reviewer grades exactly what was handed
 *   in. A hand-in returned for another try is followed by a new version; every version is kept
 *   with its review; after a pass or a fail nothing more is handed in;
 * - the lesson is done once a review passes it (not when handed in): what certifies learning is
 *   the teacher's pass, and a player cannot mark it done (`saveProgress` ignores such marks).
 */

/** An assignment lesson's computed length: a fixed estimate of the work, 30 minutes, whatever its instructions. */
export const ASSIGNMENT_LESSON_SECONDS = 30 * 60;

export type AssignmentFileSettings = { maxBytes: number; maxBytesPerLearner: number };

const notFound = () => new AppError('LESSON_NOT_FOUND', 'Lesson not found');
const submissionNotFound = () => new AppError('SUBMISSION_NOT_FOUND', 'Hand-in not found');
const alreadyReviewed = () => new AppError('ASSIGNMENT_ALREADY_REVIEWED', 'This hand-in has already been reviewed');
const iso = (date: Date) => date.toISOString();

const gradingColumns = (grading: AssignmentGradingInput) =>
  grading.grading === 'points'
    ? { grading: 'points', maxPoints: grading.maxPoints, passingPoints: grading.passingPoints }
    : { grading: 'pass-fail', maxPoints: null, passingPoints: null };

/** The assignment of a new assignment lesson, in the curriculum editor's transaction. */
export async function insertAssignment(tx: Pick<Database, 'insert'>, lesson: { lessonId: number; courseId: number }, settings: AssignmentSettingsInput): Promise<void> {
  await tx.insert(assignments).values({ ...lesson, instructions: settings.instructions, ...gradingColumns(settings.grading) });
}

const assignmentColumns = {
  lessonId: assignments.lessonId,
  courseId: assignments.courseId,
  title: courseLessons.title,
  instructions: assignments.instructions,
  grading: assignments.grading,
  maxPoints: assignments.maxPoints,
  passingPoints: assignments.passingPoints,
};

type AssignmentRow = { lessonId: number; courseId: number; title: string; instructions: string; grading: string; maxPoints: number | null; passingPoints: number | null };
const editable = (row: AssignmentRow): EditableAssignment => ({ ...row, grading: row.grading as EditableAssignment['grading'] });

export async function readAssignmentForEdit(db: Database, courseId: number, lessonId: number): Promise<EditableAssignment> {
  const [row] = await db
    .select(assignmentColumns)
    .from(assignments)
    .innerJoin(courseLessons, eq(courseLessons.id, assignments.lessonId))
    .where(and(eq(assignments.lessonId, lessonId), eq(assignments.courseId, courseId)));
  if (!row) throw notFound();
  return editable(row);
}

export async function saveAssignment(db: Database, courseId: number, lessonId: number, settings: AssignmentSettingsInput): Promise<EditableAssignment> {
  const updated = await db
    .update(assignments)
    .set({ instructions: settings.instructions, ...gradingColumns(settings.grading) })
    .where(and(eq(assignments.lessonId, lessonId), eq(assignments.courseId, courseId)))
    .returning({ lessonId: assignments.lessonId });
  if (updated.length === 0) throw notFound();
  return readAssignmentForEdit(db, courseId, lessonId);
}

/**
 * Every stored file of these lessons' hand-ins, reviews and waiting uploads: read in the
 * transaction that deletes the lessons (their rows go with them), removed once it committed.
 */
export async function assignmentFileKeys(tx: Database, lessonIds: number[]): Promise<string[]> {
  if (lessonIds.length === 0) return [];
  const ids = sql.join(lessonIds.map((id) => sql`${id}`), sql`, `);
  const submitted = await tx
    .select({ file: assignmentSubmissions.fileKey, returned: assignmentSubmissions.returnedFileKey })
    .from(assignmentSubmissions)
    .where(sql`${assignmentSubmissions.lessonId} in (${ids})`);
  const drafts = await tx.select({ key: assignmentDraftFiles.storageKey }).from(assignmentDraftFiles).where(sql`${assignmentDraftFiles.lessonId} in (${ids})`);
  return [...submitted.flatMap((row) => [row.file, row.returned].filter((key): key is string => key !== null)), ...drafts.map((row) => row.key)];
}

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

type SubmissionRow = typeof assignmentSubmissions.$inferSelect;

export const submissionFileUrl = (id: string) => `/api/assignment-submissions/${id}/file`;
export const returnedFileUrl = (id: string) => `/api/assignment-submissions/${id}/returned-file`;

const fileView = (url: string, name: string | null, type: string | null, size: number | null) =>
  name && type && assignmentFileTypes.includes(type as AssignmentFileType) ? { url, name, contentType: type as AssignmentFileType, sizeBytes: size ?? 0 } : null;

/** A hand-in as shown; the returned file only once reviewed unless `withPendingFile` (the reviewer's own view). */
export function submissionView(row: SubmissionRow): SubmissionView {
  const reviewed = row.state !== 'waiting';
  return {
    id: row.id,
    version: row.version,
    state: row.state as SubmissionState,
    answerText: row.answerText,
    answerHtml: row.answerText === null ? null : renderLessonText(row.answerText),
    file: row.fileKey ? fileView(submissionFileUrl(row.id), row.fileName, row.fileType, row.fileSizeBytes) : null,
    submittedAt: iso(row.submittedAt),
    reviewedAt: row.reviewedAt ? iso(row.reviewedAt) : null,
    points: reviewed ? row.points : null,
    feedback: reviewed ? row.feedback : null,
    returnedFile: reviewed && row.returnedFileKey ? fileView(returnedFileUrl(row.id), row.returnedFileName, row.returnedFileType, row.returnedFileSizeBytes) : null,
  };
}

/** The assignment lesson with its course's owner and state; null when the lesson is no assignment. */
async function findAssignmentLesson(db: Database, lessonId: number) {
  const [row] = await db
    .select({ ...assignmentColumns, isPreview: courseLessons.isPreview, ownerId: courses.ownerId, disabledAt: courses.disabledAt })
    .from(assignments)
    .innerJoin(courseLessons, eq(courseLessons.id, assignments.lessonId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(assignments.lessonId, lessonId));
  return row ?? null;
}

const mySubmissions = (db: Database, lessonId: number, userId: string) =>
  db
    .select()
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.lessonId, lessonId), eq(assignmentSubmissions.userId, userId)))
    .orderBy(desc(assignmentSubmissions.version));

/** Whether a learner whose latest hand-in is in `state` (none: null) may hand in now. */
const mayHandInAfter = (state: string | null | undefined) => state == null || state === 'returned';

/**
 * An assignment lesson for whoever may see it: a preview for anyone, otherwise the course's
 * buyers, owner and admins (a disabled course's only to them), as the lesson content endpoint
 * decides. A buyer sees their hand-ins and may hand in.
 */
export async function readAssignmentLesson(db: Database, lessonId: number, user: SessionUser | null, settings: AssignmentFileSettings): Promise<AssignmentLesson> {
  const lesson = await findAssignmentLesson(db, lessonId);
  if (!lesson) throw notFound();
  const isLearner = Boolean(user && (await isEnrolled(db, user.id, lesson.courseId)));
  const mayRead = isLearner || Boolean(user && (user.isAdmin || user.id === lesson.ownerId));
  if (lesson.disabledAt && !mayRead) throw notFound();
  if (!lesson.isPreview && !mayRead) {
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    throw new AppError('NOT_ENROLLED', 'Only buyers of this course can take this lesson');
  }
  const submissions = isLearner ? await mySubmissions(db, lessonId, user!.id) : [];
  const [draft] = isLearner
    ? await db
        .select({ name: assignmentDraftFiles.fileName, contentType: assignmentDraftFiles.fileType, sizeBytes: assignmentDraftFiles.sizeBytes })
        .from(assignmentDraftFiles)
        .where(and(eq(assignmentDraftFiles.lessonId, lessonId), eq(assignmentDraftFiles.userId, user!.id)))
    : [];
  return {
    lessonId,
    courseId: lesson.courseId,
    title: lesson.title,
    instructionsHtml: renderLessonText(lesson.instructions),
    grading: lesson.grading as AssignmentLesson['grading'],
    maxPoints: lesson.maxPoints,
    passingPoints: lesson.passingPoints,
    isLearner,
    canHandIn: isLearner && mayHandInAfter(submissions[0]?.state),
    submissions: submissions.map(submissionView),
    draftFile: draft ? { ...draft, contentType: draft.contentType as AssignmentFileType } : null,
    limits: { maxBytes: settings.maxBytes, answerTextMax: 20_000, fileTypes: [...assignmentFileTypes] },
  };
}

// ---------------------------------------------------------------------------
// Hand-ins
// ---------------------------------------------------------------------------

/** The lesson a buyer works on: 404 when it is no assignment, 403 unless they hold its course. */
export async function assignmentForLearner(db: Database, lessonId: number, userId: string): Promise<{ courseId: number }> {
  const lesson = await findAssignmentLesson(db, lessonId);
  if (!lesson) throw notFound();
  if (!(await isEnrolled(db, userId, lesson.courseId))) throw new AppError('NOT_ENROLLED', 'Only buyers of this course hand in assignments');
  return { courseId: lesson.courseId };
}

/** The per-learner lock every write of a learner's assignment files and hand-ins takes. */
export const LEARNER_LOCK = 'assignments';

/** The bytes a learner keeps stored: their hand-ins' files and the files waiting to be handed in (but `exceptDraftOf`'s, about to be replaced). */
export async function storedBytesOf(db: Database, userId: string, exceptDraftOf?: number): Promise<number> {
  const [row] = await db.execute<{ bytes: number }>(sql`
    select (coalesce((select sum(${assignmentSubmissions.fileSizeBytes}) from ${assignmentSubmissions} where ${assignmentSubmissions.userId} = ${userId}), 0)
      + coalesce((select sum(${assignmentDraftFiles.sizeBytes}) from ${assignmentDraftFiles} where ${assignmentDraftFiles.userId} = ${userId}
          and ${assignmentDraftFiles.lessonId} <> ${exceptDraftOf ?? 0}), 0))::float8 as bytes`).then((result) => result.rows);
  return Number(row?.bytes ?? 0);
}

export const storageFull = (max: number) => new AppError('ASSIGNMENT_STORAGE_FULL', `A learner's assignment files may take at most ${max} bytes in all`);

/**
 * Keeps an uploaded file as the learner's file waiting to be handed in, under their lock (two
 * uploads at once cannot both pass the bound); answers the key of the file it replaced, to remove.
 */
export async function keepDraftFile(
  db: Database,
  draft: { lessonId: number; userId: string; storageKey: string; fileName: string; fileType: AssignmentFileType; sizeBytes: number },
  maxBytesPerLearner: number,
): Promise<string | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockPerUser(tx, LEARNER_LOCK, draft.userId);
    if ((await storedBytesOf(tx, draft.userId, draft.lessonId)) + draft.sizeBytes > maxBytesPerLearner) throw storageFull(maxBytesPerLearner);
    const [previous] = await tx
      .select({ key: assignmentDraftFiles.storageKey })
      .from(assignmentDraftFiles)
      .where(and(eq(assignmentDraftFiles.lessonId, draft.lessonId), eq(assignmentDraftFiles.userId, draft.userId)));
    await tx
      .insert(assignmentDraftFiles)
      .values(draft)
      .onConflictDoUpdate({
        target: [assignmentDraftFiles.lessonId, assignmentDraftFiles.userId],
        set: { storageKey: draft.storageKey, fileName: draft.fileName, fileType: draft.fileType, sizeBytes: draft.sizeBytes, createdAt: new Date() },
      });
    return previous?.key ?? null;
  });
}

/** Removes the learner's file waiting to be handed in; answers its key, to remove from storage. */
export async function dropDraftFile(db: Database, lessonId: number, userId: string): Promise<string | null> {
  const [row] = await db
    .delete(assignmentDraftFiles)
    .where(and(eq(assignmentDraftFiles.lessonId, lessonId), eq(assignmentDraftFiles.userId, userId)))
    .returning({ key: assignmentDraftFiles.storageKey });
  return row?.key ?? null;
}

/**
 * A buyer's hand-in: the next version of their work, with the text and/or the file they
 * uploaded for it (which stops being a draft), under their lock. Refused while one waits or
 * after a pass or a fail; the unique index of waiting hand-ins is the last guard.
 */
export async function handIn(db: Database, lessonId: number, userId: string, input: HandInInput): Promise<void> {
  const { courseId } = await assignmentForLearner(db, lessonId, userId);
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await lockPerUser(tx, LEARNER_LOCK, userId);
      const [latest] = await mySubmissions(tx, lessonId, userId).limit(1);
      if (latest?.state === 'waiting') throw new AppError('ASSIGNMENT_WAITING', 'A hand-in of this assignment is waiting for its review');
      if (!mayHandInAfter(latest?.state)) throw new AppError('ASSIGNMENT_CLOSED', 'This assignment has been graded');
      let file: Pick<SubmissionRow, 'fileKey' | 'fileName' | 'fileType' | 'fileSizeBytes'> = { fileKey: null, fileName: null, fileType: null, fileSizeBytes: null };
      if (input.withFile) {
        const [draft] = await tx
          .delete(assignmentDraftFiles)
          .where(and(eq(assignmentDraftFiles.lessonId, lessonId), eq(assignmentDraftFiles.userId, userId)))
          .returning();
        if (!draft) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { file: ['validation.handInFileMissing'] });
        file = { fileKey: draft.storageKey, fileName: draft.fileName, fileType: draft.fileType, fileSizeBytes: draft.sizeBytes };
      }
      await tx.insert(assignmentSubmissions).values({ lessonId, courseId, userId, version: (latest?.version ?? 0) + 1, answerText: input.answerText || null, ...file });
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('ASSIGNMENT_WAITING', 'A hand-in of this assignment is waiting for its review');
    throw error;
  }
}

/** A learner's assignments: each lesson's latest hand-in, newest first. */
export async function readMyAssignments(db: Database, userId: string): Promise<MyAssignments> {
  const rows = await db
    .selectDistinctOn([assignmentSubmissions.lessonId], {
      courseId: assignmentSubmissions.courseId,
      courseTitle: courses.title,
      lessonId: assignmentSubmissions.lessonId,
      lessonTitle: courseLessons.title,
      state: assignmentSubmissions.state,
      version: assignmentSubmissions.version,
      submittedAt: assignmentSubmissions.submittedAt,
      reviewedAt: assignmentSubmissions.reviewedAt,
      points: assignmentSubmissions.points,
      maxPoints: assignments.maxPoints,
    })
    .from(assignmentSubmissions)
    .innerJoin(courseLessons, eq(courseLessons.id, assignmentSubmissions.lessonId))
    .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
    .innerJoin(assignments, eq(assignments.lessonId, assignmentSubmissions.lessonId))
    .where(eq(assignmentSubmissions.userId, userId))
    .orderBy(assignmentSubmissions.lessonId, desc(assignmentSubmissions.version));
  const items = rows
    .map((row) => ({
      ...row,
      state: row.state as SubmissionState,
      submittedAt: iso(row.submittedAt),
      reviewedAt: row.reviewedAt ? iso(row.reviewedAt) : null,
      points: row.state === 'waiting' ? null : row.points,
    }))
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
  return { items };
}

// ---------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------

const learners = alias(users, 'learners');

/** Waiting hand-ins across the reviewer's courses (an admin's: all), oldest first. */
export async function readReviewQueue(db: Database, reviewer: Pick<SessionUser, 'id' | 'isAdmin'>, page: number): Promise<ReviewQueue> {
  const where = and(eq(assignmentSubmissions.state, 'waiting'), reviewer.isAdmin ? undefined : eq(courses.ownerId, reviewer.id));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        submissionId: assignmentSubmissions.id,
        courseId: courses.id,
        courseTitle: courses.title,
        lessonId: courseLessons.id,
        lessonTitle: courseLessons.title,
        learnerName: learners.name,
        version: assignmentSubmissions.version,
        submittedAt: assignmentSubmissions.submittedAt,
      })
      .from(assignmentSubmissions)
      .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
      .innerJoin(courseLessons, eq(courseLessons.id, assignmentSubmissions.lessonId))
      .innerJoin(learners, eq(learners.id, assignmentSubmissions.userId))
      .where(where)
      .orderBy(asc(assignmentSubmissions.submittedAt), asc(assignmentSubmissions.id))
      .limit(20)
      .offset(offsetOf(page)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(assignmentSubmissions)
      .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
      .where(where),
  ]);
  return pageOf(
    rows.map((row) => ({ ...row, submittedAt: iso(row.submittedAt) })),
    count?.total ?? 0,
    page,
  );
}

/** A hand-in of the course with its assignment, learner and lesson; 404 when it is not the course's. */
async function findSubmissionOfCourse(db: Database, courseId: number, submissionId: string) {
  const [row] = await db
    .select({
      submission: assignmentSubmissions,
      courseTitle: courses.title,
      lessonTitle: courseLessons.title,
      learnerName: learners.name,
      learnerEmail: learners.email,
      learnerLanguage: learners.language,
      instructions: assignments.instructions,
      grading: assignments.grading,
      maxPoints: assignments.maxPoints,
      passingPoints: assignments.passingPoints,
    })
    .from(assignmentSubmissions)
    .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
    .innerJoin(courseLessons, eq(courseLessons.id, assignmentSubmissions.lessonId))
    .innerJoin(assignments, eq(assignments.lessonId, assignmentSubmissions.lessonId))
    .innerJoin(learners, eq(learners.id, assignmentSubmissions.userId))
    .where(and(eq(assignmentSubmissions.id, submissionId), eq(assignmentSubmissions.courseId, courseId)));
  if (!row) throw submissionNotFound();
  return row;
}

export async function readSubmissionForReview(db: Database, courseId: number, submissionId: string): Promise<SubmissionForReview> {
  const row = await findSubmissionOfCourse(db, courseId, submissionId);
  const { submission } = row;
  const earlier = await db
    .select()
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.lessonId, submission.lessonId), eq(assignmentSubmissions.userId, submission.userId), sql`${assignmentSubmissions.version} < ${submission.version}`))
    .orderBy(desc(assignmentSubmissions.version));
  const pending = submission.state === 'waiting' && submission.returnedFileKey ? fileView(returnedFileUrl(submission.id), submission.returnedFileName, submission.returnedFileType, submission.returnedFileSizeBytes) : null;
  return {
    courseId,
    courseTitle: row.courseTitle,
    lessonId: submission.lessonId,
    lessonTitle: row.lessonTitle,
    learnerName: row.learnerName,
    instructionsHtml: renderLessonText(row.instructions),
    grading: row.grading as SubmissionForReview['grading'],
    maxPoints: row.maxPoints,
    passingPoints: row.passingPoints,
    submission: submissionView(submission),
    pendingReturnedFile: pending,
    earlier: earlier.map(submissionView),
  };
}

/** The waiting hand-in of the course a returned file is attached to (404 not the course's, 409 reviewed). */
export async function waitingSubmissionOfCourse(db: Database, courseId: number, submissionId: string): Promise<void> {
  const { submission } = await findSubmissionOfCourse(db, courseId, submissionId);
  if (submission.state !== 'waiting') throw alreadyReviewed();
}

/** Attaches the reviewer's file to a waiting hand-in; answers the key it replaced (to remove). 409 once reviewed. */
export async function attachReturnedFile(
  db: Database,
  courseId: number,
  submissionId: string,
  file: { key: string; name: string; type: AssignmentFileType; sizeBytes: number },
): Promise<string | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [current] = await tx
      .select({ key: assignmentSubmissions.returnedFileKey, state: assignmentSubmissions.state })
      .from(assignmentSubmissions)
      .where(and(eq(assignmentSubmissions.id, submissionId), eq(assignmentSubmissions.courseId, courseId)))
      .for('update');
    if (!current) throw submissionNotFound();
    if (current.state !== 'waiting') throw alreadyReviewed();
    await tx
      .update(assignmentSubmissions)
      .set({ returnedFileKey: file.key, returnedFileName: file.name, returnedFileType: file.type, returnedFileSizeBytes: file.sizeBytes })
      .where(eq(assignmentSubmissions.id, submissionId));
    return current.key;
  });
}

/** The state a review gives: "return" returns; a grade passes or fails by the assignment's grading. */
function reviewOutcome(row: { grading: string; maxPoints: number | null; passingPoints: number | null }, input: ReviewInput): { state: Exclude<SubmissionState, 'waiting'>; points: number | null } {
  const points = row.grading === 'points' ? (input.points ?? null) : null;
  if (points !== null && points > row.maxPoints!) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { points: ['validation.reviewPointsMissing'] });
  if (input.outcome === 'return') return { state: 'returned', points };
  if (row.grading === 'points') {
    if (points === null) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { points: ['validation.reviewPointsMissing'] });
    return { state: points >= row.passingPoints! ? 'passed' : 'failed', points };
  }
  if (input.passed == null) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { passed: ['validation.reviewGradeMissing'] });
  return { state: input.passed ? 'passed' : 'failed', points: null };
}

/**
 * Reviews a waiting hand-in. The conditional update (still waiting) is the gate: of two reviews
 * at once one wins, the other is 409. In the same transaction the learner's e-mail is queued
 * (in their language) and, when passed, the lesson marked done; the course's certificate is
 * asked for once committed.
 */
export async function reviewSubmission(db: Database, courseId: number, submissionId: string, reviewerId: string, input: ReviewInput): Promise<SubmissionForReview> {
  const row = await findSubmissionOfCourse(db, courseId, submissionId);
  if (row.submission.state !== 'waiting') throw alreadyReviewed();
  const { state, points } = reviewOutcome(row, input);
  const now = new Date();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const updated = await tx
      .update(assignmentSubmissions)
      .set({ state, points, feedback: input.feedback || null, reviewedAt: now, reviewerId })
      .where(and(eq(assignmentSubmissions.id, submissionId), eq(assignmentSubmissions.state, 'waiting')))
      .returning({ id: assignmentSubmissions.id });
    if (updated.length === 0) throw alreadyReviewed();
    await enqueueMail(tx, {
      kind: 'assignment-reviewed',
      to: row.learnerEmail,
      language: languageOrDefault(row.learnerLanguage),
      data: { courseId, courseTitle: row.courseTitle, lessonTitle: row.lessonTitle, outcome: state, points, maxPoints: row.grading === 'points' ? row.maxPoints : null },
    });
    if (state === 'passed') await markLessonCompleted(tx, { userId: row.submission.userId, lessonId: row.submission.lessonId, courseId }, now);
  });
  if (state === 'passed') await issueCertificateIfComplete(db, { userId: row.submission.userId, courseId });
  return readSubmissionForReview(db, courseId, submissionId);
}

// ---------------------------------------------------------------------------
// Downloads
// ---------------------------------------------------------------------------

export type DownloadableFile = { key: string; name: string; contentType: AssignmentFileType };

/**
 * A hand-in's file (`which`: the learner's or the reviewer's) for a caller who may take it: the
 * learner who handed it in (the reviewer's file once reviewed), the course's owner, admins; null
 * for anyone else, as for a file that does not exist.
 */
export async function findDownloadableFile(db: Database, submissionId: string, viewer: Pick<SessionUser, 'id' | 'isAdmin'>, which: 'submitted' | 'returned'): Promise<DownloadableFile | null> {
  const [row] = await db
    .select({ submission: assignmentSubmissions, ownerId: courses.ownerId })
    .from(assignmentSubmissions)
    .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
    .where(eq(assignmentSubmissions.id, submissionId));
  if (!row) return null;
  const { submission } = row;
  const manager = viewer.isAdmin || viewer.id === row.ownerId;
  const learner = viewer.id === submission.userId;
  if (which === 'submitted') {
    if (!(manager || learner) || !submission.fileKey) return null;
    return { key: submission.fileKey, name: submission.fileName ?? 'file', contentType: submission.fileType as AssignmentFileType };
  }
  if (!(manager || (learner && submission.state !== 'waiting')) || !submission.returnedFileKey) return null;
  return { key: submission.returnedFileKey, name: submission.returnedFileName ?? 'file', contentType: submission.returnedFileType as AssignmentFileType };
}
