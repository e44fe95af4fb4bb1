import { and, count, eq, sql } from 'drizzle-orm';
import type { EditableQuiz, QuizDefinitionInput, QuizSettings } from '../../../shared/schemas/quizzes';
import type { Database } from '../../db/client';
import { courseLessons, quizAttempts, quizVersions, quizzes } from '../../db/schema';
import { AppError } from '../../errors';
import { lockCourseForCurriculum, refreshCourseLength } from '../curriculum';

/**
 * A quiz as its teacher edits it. Every save writes a new immutable version (rules and questions)
 * and makes it current; attempts keep the version they started on. The lesson's length is
 * computed from the current version, and the course's with it.
 */

export type QuizCaps = { maxQuestions: number; maxChoices: number; unlimitedAttemptsCap: number };

/** A new quiz's rules: pass at 70 %, any number of attempts, no wait, no time limit, nothing shuffled, every question. */
export const defaultQuizSettings: QuizSettings = {
  passingPercent: 70,
  maxAttempts: null,
  waitMinutes: 0,
  timeLimitMinutes: null,
  shuffleQuestions: false,
  shuffleChoices: false,
  drawCount: null,
};

/** A quiz lesson's computed length: its time limit, or a minute per question an attempt has. */
export function quizDurationSeconds(settings: QuizSettings, questionCount: number): number {
  if (settings.timeLimitMinutes !== null) return settings.timeLimitMinutes * 60;
  return Math.min(settings.drawCount ?? questionCount, questionCount) * 60;
}

/** Creates a new quiz lesson's quiz, in the curriculum editor's transaction: an empty first version with the default rules. */
export async function createQuiz(tx: Database, lessonId: number): Promise<void> {
  await tx.insert(quizzes).values({ lessonId, currentVersion: 1 });
  await tx.insert(quizVersions).values({ lessonId, version: 1, settings: defaultQuizSettings, questions: [] });
}

/** The quiz lesson `lessonId` of course `courseId`, with its current version; LESSON_NOT_FOUND for any other lesson. */
export async function findQuiz(db: Database, courseId: number, lessonId: number) {
  const [row] = await db
    .select({
      lessonId: courseLessons.id,
      courseId: courseLessons.courseId,
      title: courseLessons.title,
      version: quizzes.currentVersion,
      settings: quizVersions.settings,
      questions: quizVersions.questions,
    })
    .from(courseLessons)
    .innerJoin(quizzes, eq(quizzes.lessonId, courseLessons.id))
    .innerJoin(quizVersions, and(eq(quizVersions.lessonId, quizzes.lessonId), eq(quizVersions.version, quizzes.currentVersion)))
    .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.courseId, courseId)));
  if (!row) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
  return row;
}

/** A quiz's current rules and questions (answers included) for its editor, with the attempts taken at it. */
export async function readEditableQuiz(db: Database, courseId: number, lessonId: number, caps: QuizCaps): Promise<EditableQuiz> {
  const quiz = await findQuiz(db, courseId, lessonId);
  const [attempts] = await db.select({ count: count() }).from(quizAttempts).where(eq(quizAttempts.lessonId, lessonId));
  return { ...quiz, attemptCount: attempts?.count ?? 0, limits: { questionsMax: caps.maxQuestions, choicesMax: caps.maxChoices } };
}

/** Refuses a quiz past the settings' caps (the schema's bounds are the largest the settings may be): 400 naming the field. */
function checkCaps(input: QuizDefinitionInput, caps: QuizCaps) {
  const fields: Record<string, string[]> = {};
  if (input.questions.length > caps.maxQuestions) fields.questions = ['validation.quizTooManyQuestions'];
  input.questions.forEach((question, index) => {
    const size = question.type === 'single' || question.type === 'multiple' ? question.choices.length : question.type === 'ordering' ? question.items.length : 0;
    if (size > caps.maxChoices) fields[`questions.${index}.${question.type === 'ordering' ? 'items' : 'choices'}`] = ['validation.quizTooManyChoices'];
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', fields);
}

/**
 * Saves the quiz as its next version, under the course's curriculum lock (so it cannot race the
 * lesson's deletion or another save), and sets the lesson's and course's computed length.
 */
export async function saveQuiz(db: Database, courseId: number, lessonId: number, input: QuizDefinitionInput, caps: QuizCaps): Promise<EditableQuiz> {
  checkCaps(input, caps);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockCourseForCurriculum(tx, courseId);
    const current = await findQuiz(tx, courseId, lessonId);
    const version = current.version + 1;
    await tx.insert(quizVersions).values({ lessonId, version, settings: input.settings, questions: input.questions });
    await tx.update(quizzes).set({ currentVersion: version, updatedAt: sql`now()` }).where(eq(quizzes.lessonId, lessonId));
    await tx.update(courseLessons).set({ durationSeconds: quizDurationSeconds(input.settings, input.questions.length) }).where(eq(courseLessons.id, lessonId));
    await refreshCourseLength(tx, courseId);
  });
  return readEditableQuiz(db, courseId, lessonId, caps);
}

/** The current version's questions, for the GIFT export. */
export async function currentQuestions(db: Database, courseId: number, lessonId: number) {
  const quiz = await findQuiz(db, courseId, lessonId);
  return { title: quiz.title, questions: quiz.questions };
}
