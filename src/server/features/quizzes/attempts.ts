import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { QuestionAnswer, QuizAttemptInProgress, QuizAttemptResult, QuizOverview, QuizSettings } from '../../../shared/schemas/quizzes';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { courseLessons, courses, quizAttempts, quizVersions, quizzes } from '../../db/schema';
import { AppError, pgErrorCode } from '../../errors';
import { issueCertificateIfComplete, markLessonCompleted } from '../learning';
import { assertMayTakeLesson } from '../media';
import { gradeAttempt } from './grading';
import { answerFits, attemptQuestionOf, drawLayout, gradedQuestionOf, questionsOfLayout, type RandomIndex } from './layout';
import type { QuizCaps } from './quiz-editing';

/**
 * A learner's attempts at a quiz lesson. Who may take it is the lesson content's rule
 * (`assertMayTakeLesson`); an attempt is only ever its learner's (anyone else: 404). The server
 * keeps the time: an attempt's deadline is its start plus the time limit, answers saved after it
 * are refused, and a submission later than the deadline plus `SUBMISSION_GRACE_MS` is graded
 * with the answers saved by the deadline. An attempt left in progress past that counts as
 * submitted at its deadline: it is graded when next read (overview, start, the attempt itself).
 */

/**
 * How late after its deadline a submission still counts with the answers it carries: the
 * request of a player that submitted on time may take a few seconds to arrive.
 */
export const SUBMISSION_GRACE_MS = 5_000;

type Viewer = Pick<SessionUser, 'id' | 'isAdmin'>;
type AttemptRow = typeof quizAttempts.$inferSelect;
type VersionRow = { settings: QuizSettings; questions: (typeof quizVersions.$inferSelect)['questions'] };

const pastGrace = (attempt: Pick<AttemptRow, 'deadline'>, now: Date) => attempt.deadline !== null && now.getTime() > attempt.deadline.getTime() + SUBMISSION_GRACE_MS;
const pastDeadline = (attempt: Pick<AttemptRow, 'deadline'>, now: Date) => attempt.deadline !== null && now.getTime() > attempt.deadline.getTime();
const attemptsAllowed = (settings: QuizSettings, caps: QuizCaps) => settings.maxAttempts ?? caps.unlimitedAttemptsCap;

/** The quiz lesson with its course and current version, once the viewer may take it (the lesson content's rule). */
async function takeableQuiz(db: Database, user: Viewer, lessonId: number) {
  const [row] = await db
    .select({
      lessonId: courseLessons.id,
      courseId: courseLessons.courseId,
      title: courseLessons.title,
      isPreview: courseLessons.isPreview,
      ownerId: courses.ownerId,
      disabledAt: courses.disabledAt,
      version: quizzes.currentVersion,
      settings: quizVersions.settings,
      questions: quizVersions.questions,
    })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .innerJoin(quizzes, eq(quizzes.lessonId, courseLessons.id))
    .innerJoin(quizVersions, and(eq(quizVersions.lessonId, quizzes.lessonId), eq(quizVersions.version, quizzes.currentVersion)))
    .where(eq(courseLessons.id, lessonId));
  if (!row) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
  await assertMayTakeLesson(db, user, { courseId: row.courseId, isPreview: row.isPreview, course: { ownerId: row.ownerId, disabledAt: row.disabledAt } });
  return row;
}

/** The viewer's attempt with its version, locked for the transaction when asked; QUIZ_ATTEMPT_NOT_FOUND for anyone else's. Access to its lesson is asked again. */
async function ownAttempt(db: Database, user: Viewer, attemptId: string, lock: boolean) {
  const query = db
    .select({ attempt: quizAttempts, settings: quizVersions.settings, questions: quizVersions.questions })
    .from(quizAttempts)
    .innerJoin(quizVersions, and(eq(quizVersions.lessonId, quizAttempts.lessonId), eq(quizVersions.version, quizAttempts.version)))
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, user.id)));
  const [row] = lock ? await query.for('update', { of: quizAttempts }) : await query;
  if (!row) throw new AppError('QUIZ_ATTEMPT_NOT_FOUND', 'Quiz attempt not found');
  const [lesson] = await db
    .select({ courseId: courseLessons.courseId, isPreview: courseLessons.isPreview, ownerId: courses.ownerId, disabledAt: courses.disabledAt })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(eq(courseLessons.id, row.attempt.lessonId));
  if (!lesson) throw new AppError('QUIZ_ATTEMPT_NOT_FOUND', 'Quiz attempt not found');
  await assertMayTakeLesson(db, user, { courseId: lesson.courseId, isPreview: lesson.isPreview, course: { ownerId: lesson.ownerId, disabledAt: lesson.disabledAt } });
  return { attempt: row.attempt, version: { settings: row.settings, questions: row.questions }, courseId: lesson.courseId };
}

/**
 * Grades an attempt once, in the caller's transaction (the attempt's row locked): its answers
 * against its version, and a pass marks the lesson done. Answers whether it passed.
 */
async function gradeAndStore(tx: Database, attempt: AttemptRow, version: VersionRow, courseId: number, result: { answers: Record<string, QuestionAnswer>; submittedAt: Date; late: boolean }) {
  const graded = gradeAttempt(questionsOfLayout(attempt.layout, version.questions), result.answers, version.settings.passingPercent);
  const [stored] = await tx
    .update(quizAttempts)
    .set({
      answers: result.answers,
      submittedAt: result.submittedAt,
      late: result.late,
      earned: graded.earned,
      possible: graded.possible,
      percent: graded.percent,
      passed: graded.passed,
      outcomes: graded.grades,
    })
    .where(and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.submittedAt)))
    .returning();
  if (!stored) throw new AppError('QUIZ_ATTEMPT_SUBMITTED', 'This attempt was already submitted');
  if (graded.passed) await markLessonCompleted(tx, { userId: attempt.userId, lessonId: attempt.lessonId, courseId }, result.submittedAt);
  return { stored, passed: graded.passed };
}

/**
 * A passed attempt may complete its course, or, on a lesson already done, reach the minimum score
 * the course's certificate asks of it: the certificate is issued once the grade has committed.
 */
async function afterPass(db: Database, userId: string, courseId: number, passed: boolean) {
  if (passed) await issueCertificateIfComplete(db, { userId, courseId });
}

/** Grades the learner's attempts at the lesson left in progress past their deadline (and its grace), as of the deadline with the answers saved by then. */
async function settleOverdue(db: Database, userId: string, lessonId: number, courseId: number, now: Date) {
  // Most reads find nothing overdue: they open no transaction.
  const cutoff = new Date(now.getTime() - SUBMISSION_GRACE_MS);
  const [overdue] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId), isNull(quizAttempts.submittedAt), lt(quizAttempts.deadline, cutoff)))
    .limit(1);
  if (!overdue) return;
  let passed = false;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const rows = await tx
      .select({ attempt: quizAttempts, settings: quizVersions.settings, questions: quizVersions.questions })
      .from(quizAttempts)
      .innerJoin(quizVersions, and(eq(quizVersions.lessonId, quizAttempts.lessonId), eq(quizVersions.version, quizAttempts.version)))
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId), isNull(quizAttempts.submittedAt)))
      .for('update', { of: quizAttempts });
    for (const row of rows) {
      if (!pastGrace(row.attempt, now)) continue;
      const done = await gradeAndStore(tx, row.attempt, row, courseId, { answers: row.attempt.answers, submittedAt: row.attempt.deadline!, late: true });
      passed ||= done.passed;
    }
  });
  await afterPass(db, userId, courseId, passed);
}

function inProgressOf(attempt: AttemptRow, version: VersionRow): QuizAttemptInProgress {
  const questions = questionsOfLayout(attempt.layout, version.questions);
  return {
    attemptId: attempt.id,
    lessonId: attempt.lessonId,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadline?.toISOString() ?? null,
    questions: questions.map((question, index) => attemptQuestionOf(question, attempt.layout[index]!)),
    answers: attempt.answers,
  };
}

function resultOf(attempt: AttemptRow, version: VersionRow): QuizAttemptResult {
  const questions = questionsOfLayout(attempt.layout, version.questions);
  const outcomes = new Map((attempt.outcomes ?? []).map((outcome) => [outcome.id, outcome]));
  return {
    attemptId: attempt.id,
    lessonId: attempt.lessonId,
    number: attempt.number,
    startedAt: attempt.startedAt.toISOString(),
    submittedAt: attempt.submittedAt!.toISOString(),
    late: attempt.late,
    earned: attempt.earned!,
    possible: attempt.possible!,
    percent: attempt.percent!,
    passed: attempt.passed!,
    questions: questions.map((question, index) => gradedQuestionOf(question, attempt.layout[index]!, attempt.answers[question.id], outcomes.get(question.id))),
  };
}

type Block = { reason: NonNullable<QuizOverview['blockedReason']>; nextAttemptAt: Date | null } | null;

/** Why no new attempt can start now (an attempt in progress is resumed, so it blocks nothing). */
function blockOf(settings: QuizSettings, questionCount: number, attempts: Pick<AttemptRow, 'submittedAt'>[], caps: QuizCaps, now: Date): Block {
  if (questionCount === 0) return { reason: 'no-questions', nextAttemptAt: null };
  if (attempts.length >= attemptsAllowed(settings, caps)) return { reason: 'no-attempts-left', nextAttemptAt: null };
  const lastSubmitted = attempts.reduce<Date | null>((last, attempt) => (attempt.submittedAt && (!last || attempt.submittedAt > last) ? attempt.submittedAt : last), null);
  if (lastSubmitted && settings.waitMinutes > 0) {
    const waitEnds = new Date(lastSubmitted.getTime() + settings.waitMinutes * 60_000);
    if (waitEnds > now) return { reason: 'wait', nextAttemptAt: waitEnds };
  }
  return null;
}

const listAttempts = (db: Database, userId: string, lessonId: number) =>
  db.select().from(quizAttempts).where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId))).orderBy(asc(quizAttempts.number));

/** A quiz lesson before or between attempts: its rules, my attempts, and whether I may start one now. */
export async function quizOverview(db: Database, user: Viewer, lessonId: number, caps: QuizCaps, now: Date): Promise<QuizOverview> {
  const quiz = await takeableQuiz(db, user, lessonId);
  await settleOverdue(db, user.id, lessonId, quiz.courseId, now);
  const attempts = await listAttempts(db, user.id, lessonId);
  const questionCount = Math.min(quiz.settings.drawCount ?? quiz.questions.length, quiz.questions.length);
  const inProgress = attempts.find((attempt) => attempt.submittedAt === null) ?? null;
  const block = inProgress ? null : blockOf(quiz.settings, questionCount, attempts, caps, now);
  const percents = attempts.flatMap((attempt) => (attempt.percent === null ? [] : [attempt.percent]));
  const { shuffleQuestions: _questions, shuffleChoices: _choices, ...settings } = quiz.settings;
  return {
    lessonId,
    title: quiz.title,
    settings,
    questionCount,
    attempts: attempts.map((attempt) => ({
      attemptId: attempt.id,
      number: attempt.number,
      submittedAt: attempt.submittedAt?.toISOString() ?? null,
      percent: attempt.percent,
      passed: attempt.passed,
    })),
    inProgress: inProgress?.id ?? null,
    passed: attempts.some((attempt) => attempt.passed === true),
    bestPercent: percents.length > 0 ? Math.max(...percents) : null,
    blockedReason: block?.reason ?? null,
    nextAttemptAt: block?.nextAttemptAt?.toISOString() ?? null,
  };
}

/**
 * Starts an attempt on the quiz's current version, or answers the one in progress. The learner's
 * starts at one lesson take turns (an advisory lock per learner and lesson), so the attempt count,
 * the wait and the one attempt in progress are decided inside the transaction: two starts at
 * once make one attempt, and the unique indexes refuse anything else.
 */
export async function startAttempt(db: Database, user: Viewer, lessonId: number, caps: QuizCaps, now: Date, random?: RandomIndex): Promise<{ created: boolean; attempt: QuizAttemptInProgress }> {
  const quiz = await takeableQuiz(db, user, lessonId);
  await settleOverdue(db, user.id, lessonId, quiz.courseId, now);
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await lockPerUser(tx, `quiz-attempt:${lessonId}`, user.id);
      const attempts = await tx.select().from(quizAttempts).where(and(eq(quizAttempts.userId, user.id), eq(quizAttempts.lessonId, lessonId)));
      const inProgress = attempts.find((attempt) => attempt.submittedAt === null);
      if (inProgress) {
        const [version] = await tx.select().from(quizVersions).where(and(eq(quizVersions.lessonId, lessonId), eq(quizVersions.version, inProgress.version)));
        return { created: false, attempt: inProgressOf(inProgress, version!) };
      }
      // The current version as of now, under the lock (a save may have made a newer one since the access check).
      const [current] = await tx
        .select({ version: quizVersions.version, settings: quizVersions.settings, questions: quizVersions.questions })
        .from(quizzes)
        .innerJoin(quizVersions, and(eq(quizVersions.lessonId, quizzes.lessonId), eq(quizVersions.version, quizzes.currentVersion)))
        .where(eq(quizzes.lessonId, lessonId));
      if (!current) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
      const block = blockOf(current.settings, current.questions.length, attempts, caps, now);
      if (block?.reason === 'no-questions') throw new AppError('QUIZ_HAS_NO_QUESTIONS', 'This quiz has no questions yet');
      if (block?.reason === 'no-attempts-left') throw new AppError('QUIZ_NO_ATTEMPTS_LEFT', 'No attempts left at this quiz');
      if (block?.reason === 'wait') throw new AppError('QUIZ_WAIT', 'The wait between attempts is not over', { nextAttemptAt: [block.nextAttemptAt!.toISOString()] });
      const deadline = current.settings.timeLimitMinutes === null ? null : new Date(now.getTime() + current.settings.timeLimitMinutes * 60_000);
      const [created] = await tx
        .insert(quizAttempts)
        .values({
          lessonId,
          version: current.version,
          userId: user.id,
          number: attempts.reduce((highest, attempt) => Math.max(highest, attempt.number), 0) + 1,
          layout: drawLayout(current.questions, current.settings, random),
          startedAt: now,
          deadline,
        })
        .returning();
      return { created: true, attempt: inProgressOf(created!, current) };
    });
  } catch (error) {
    // Without the lock's turn-taking (it cannot fail today), the one-in-progress index is the last word: answer the attempt that won.
    if (pgErrorCode(error) !== '23505') throw error;
    const [winner] = await db.select().from(quizAttempts).where(and(eq(quizAttempts.userId, user.id), eq(quizAttempts.lessonId, lessonId), isNull(quizAttempts.submittedAt)));
    if (!winner) throw error;
    const [version] = await db.select().from(quizVersions).where(and(eq(quizVersions.lessonId, lessonId), eq(quizVersions.version, winner.version)));
    return { created: false, attempt: inProgressOf(winner, version!) };
  }
}

/** My attempt in progress; 409 QUIZ_ATTEMPT_SUBMITTED once submitted or past its deadline (then graded, if it was left). */
export async function readAttempt(db: Database, user: Viewer, attemptId: string, now: Date): Promise<QuizAttemptInProgress> {
  const { attempt, version, courseId } = await ownAttempt(db, user, attemptId, false);
  if (attempt.submittedAt === null && pastGrace(attempt, now)) await settleOverdue(db, user.id, attempt.lessonId, courseId, now);
  if (attempt.submittedAt !== null || pastDeadline(attempt, now)) throw new AppError('QUIZ_ATTEMPT_SUBMITTED', 'This attempt is over');
  return inProgressOf(attempt, version);
}

/** Refuses answers to questions the attempt does not have, of another type, or naming choices or items the question does not have. */
function checkAnswers(attempt: AttemptRow, version: VersionRow, answers: Record<string, QuestionAnswer>) {
  const questions = new Map(questionsOfLayout(attempt.layout, version.questions).map((question) => [question.id, question]));
  const fields: Record<string, string[]> = {};
  for (const [id, answer] of Object.entries(answers)) {
    const question = questions.get(id);
    if (!question || !answerFits(question, answer)) fields[`answers.${id}`] = ['validation.quizAnswerInvalid'];
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', fields);
}

/** Replaces my attempt's saved answers; refused once submitted or past the deadline. */
export async function saveAnswers(db: Database, user: Viewer, attemptId: string, answers: Record<string, QuestionAnswer>, now: Date): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const { attempt, version } = await ownAttempt(tx, user, attemptId, true);
    if (attempt.submittedAt !== null || pastDeadline(attempt, now)) throw new AppError('QUIZ_ATTEMPT_SUBMITTED', 'This attempt is over');
    checkAnswers(attempt, version, answers);
    await tx.update(quizAttempts).set({ answers, answersSavedAt: now }).where(eq(quizAttempts.id, attempt.id));
  });
}

/**
 * Submits and grades my attempt, once: its row is locked, and a second submission finds it
 * submitted (409 QUIZ_ATTEMPT_SUBMITTED). Up to the deadline and its grace, the answers sent are
 * graded; later, the ones saved by the deadline, and the attempt is late.
 */
export async function submitAttempt(db: Database, user: Viewer, attemptId: string, answers: Record<string, QuestionAnswer>, now: Date): Promise<QuizAttemptResult> {
  let outcome: { result: QuizAttemptResult; userId: string; courseId: number; passed: boolean } | undefined;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const { attempt, version, courseId } = await ownAttempt(tx, user, attemptId, true);
    if (attempt.submittedAt !== null) throw new AppError('QUIZ_ATTEMPT_SUBMITTED', 'This attempt was already submitted');
    const late = pastGrace(attempt, now);
    if (!late) checkAnswers(attempt, version, answers);
    const { stored, passed } = await gradeAndStore(tx, attempt, version, courseId, { answers: late ? attempt.answers : answers, submittedAt: now, late });
    outcome = { result: resultOf(stored, version), userId: attempt.userId, courseId, passed };
  });
  await afterPass(db, outcome!.userId, outcome!.courseId, outcome!.passed);
  return outcome!.result;
}

/** My submitted attempt's result; 409 QUIZ_ATTEMPT_IN_PROGRESS before (an attempt past its deadline is graded first). */
export async function readResult(db: Database, user: Viewer, attemptId: string, now: Date): Promise<QuizAttemptResult> {
  let { attempt, version, courseId } = await ownAttempt(db, user, attemptId, false);
  if (attempt.submittedAt === null && pastGrace(attempt, now)) {
    await settleOverdue(db, user.id, attempt.lessonId, courseId, now);
    ({ attempt, version, courseId } = await ownAttempt(db, user, attemptId, false));
  }
  if (attempt.submittedAt === null) throw new AppError('QUIZ_ATTEMPT_IN_PROGRESS', 'This attempt has not been submitted yet');
  return resultOf(attempt, version);
}
