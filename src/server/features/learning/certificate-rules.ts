import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CertificateAchievements, CertificateRuleMissing, CertificateRules, CertificateRulesInput } from '../../../shared/schemas/certificates';
import type { Database } from '../../db/client';
import { assignmentSubmissions, certificateRequirements, courseLessons, courseSections, quizAttempts, quizVersions, quizzes } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * A course's certificate rules, beyond every lesson done (always required): quiz lessons whose
 * learner's best attempt reaches a minimum percent, and assignment lessons whose review passed.
 * The course's owner (or an admin) sets them; a rule goes with its lesson (cascade). Quiz and
 * assignment areas call learning, never the other way round, so their tables are read here.
 */

/** The course's quiz and assignment lessons in the curriculum's order, with the rule set on each (if any) and a quiz's own passing score. */
async function ruleCandidates(db: Database, courseId: number) {
  return db
    .select({
      lessonId: courseLessons.id,
      title: courseLessons.title,
      kind: courseLessons.kind,
      passingPercent: sql<number | null>`(${quizVersions.settings} ->> 'passingPercent')::int`,
      ruleKind: certificateRequirements.kind,
      minPercent: certificateRequirements.minPercent,
    })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .leftJoin(quizzes, eq(quizzes.lessonId, courseLessons.id))
    .leftJoin(quizVersions, and(eq(quizVersions.lessonId, quizzes.lessonId), eq(quizVersions.version, quizzes.currentVersion)))
    .leftJoin(certificateRequirements, eq(certificateRequirements.lessonId, courseLessons.id))
    .where(and(eq(courseLessons.courseId, courseId), inArray(courseLessons.kind, ['quiz', 'assignment'])))
    .orderBy(asc(courseSections.position), asc(courseLessons.position));
}

/** The course's rules with every lesson the owner could require. */
export async function readCertificateRules(db: Database, courseId: number): Promise<CertificateRules> {
  const candidates = await ruleCandidates(db, courseId);
  return {
    courseId,
    quizzes: candidates
      .filter((lesson) => lesson.kind === 'quiz')
      .map((lesson) => ({
        lessonId: lesson.lessonId,
        title: lesson.title,
        passingPercent: lesson.passingPercent ?? 0,
        required: lesson.ruleKind === 'quiz',
        minPercent: lesson.ruleKind === 'quiz' ? lesson.minPercent : null,
      })),
    assignments: candidates
      .filter((lesson) => lesson.kind === 'assignment')
      .map((lesson) => ({ lessonId: lesson.lessonId, title: lesson.title, required: lesson.ruleKind === 'assignment' })),
  };
}

const invalidLesson = (lessonId: number) =>
  new AppError('CERTIFICATE_RULE_LESSON_INVALID', `Lesson ${lessonId} is not a quiz or assignment lesson of this course, or is named twice`);

/**
 * Replaces the course's rules. Every lesson named must be a quiz (or assignment) lesson of the
 * course, and named once; otherwise nothing changes. A quiz without a minimum takes its own
 * passing score as it is now (kept, so a later edit of the quiz does not move the bar).
 */
export async function setCertificateRules(db: Database, courseId: number, input: CertificateRulesInput): Promise<CertificateRules> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // Read in the transaction that writes: a lesson deleted meanwhile fails the insert's foreign key rather than leaving a rule behind.
    const candidates = new Map((await ruleCandidates(tx, courseId)).map((lesson) => [lesson.lessonId, lesson]));
    const named = new Set<number>();
    const rows: (typeof certificateRequirements.$inferInsert)[] = [];
    for (const quiz of input.quizzes) {
      const lesson = candidates.get(quiz.lessonId);
      if (!lesson || lesson.kind !== 'quiz' || named.has(quiz.lessonId)) throw invalidLesson(quiz.lessonId);
      named.add(quiz.lessonId);
      rows.push({ lessonId: quiz.lessonId, courseId, kind: 'quiz', minPercent: quiz.minPercent ?? lesson.passingPercent ?? 0 });
    }
    for (const lessonId of input.assignmentLessonIds) {
      const lesson = candidates.get(lessonId);
      if (!lesson || lesson.kind !== 'assignment' || named.has(lessonId)) throw invalidLesson(lessonId);
      named.add(lessonId);
      rows.push({ lessonId, courseId, kind: 'assignment', minPercent: null });
    }
    await tx.delete(certificateRequirements).where(eq(certificateRequirements.courseId, courseId));
    if (rows.length) await tx.insert(certificateRequirements).values(rows);
  });
  return readCertificateRules(db, courseId);
}

/**
 * THE final score of a certificate: the mean of the learner's best percent in each required
 * quiz, weighted by that best attempt's possible points (a quiz worth more counts more), rounded
 * half up to a whole percent; null when no quiz is required. Should every required quiz be worth
 * no points, each counts the same. Integer arithmetic: floor(x + ½) = floor((2·Σpw + Σw) / 2Σw).
 */
export function finalScoreOf(quizzes: readonly { percent: number; possible: number }[]): number | null {
  if (quizzes.length === 0) return null;
  const totalWeight = quizzes.reduce((sum, quiz) => sum + quiz.possible, 0);
  const weighted = totalWeight > 0 ? quizzes : quizzes.map((quiz) => ({ ...quiz, possible: 1 }));
  const weight = weighted.reduce((sum, quiz) => sum + quiz.possible, 0);
  const points = weighted.reduce((sum, quiz) => sum + quiz.percent * quiz.possible, 0);
  return Math.floor((2 * points + weight) / (2 * weight));
}

export type CertificateStanding = {
  /** The rules not met yet, in the curriculum's order. */
  missing: CertificateRuleMissing[];
  /** What the rules required, as met now: what a certificate issued now certifies. */
  achievements: CertificateAchievements;
  finalScore: number | null;
};

/** Where the learner stands against the course's rules: what is met (each required quiz's best attempt, each assignment passed) and what is missing. */
export async function certificateStanding(db: Database, userId: string, courseId: number): Promise<CertificateStanding> {
  const rules = (await ruleCandidates(db, courseId)).filter((lesson) => lesson.ruleKind !== null);
  const quizIds = rules.filter((rule) => rule.ruleKind === 'quiz').map((rule) => rule.lessonId);
  const assignmentIds = rules.filter((rule) => rule.ruleKind === 'assignment').map((rule) => rule.lessonId);
  const [attempts, passed] = await Promise.all([
    quizIds.length
      ? db
          .select({ lessonId: quizAttempts.lessonId, percent: quizAttempts.percent, possible: quizAttempts.possible })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.lessonId, quizIds), isNotNull(quizAttempts.submittedAt)))
      : [],
    assignmentIds.length
      ? db
          .selectDistinct({ lessonId: assignmentSubmissions.lessonId })
          .from(assignmentSubmissions)
          .where(and(eq(assignmentSubmissions.userId, userId), inArray(assignmentSubmissions.lessonId, assignmentIds), eq(assignmentSubmissions.state, 'passed')))
      : [],
  ]);
  // The best attempt: the highest percent, and of equal percents the one worth most.
  const best = new Map<number, { percent: number; possible: number }>();
  for (const attempt of attempts) {
    const candidate = { percent: attempt.percent ?? 0, possible: attempt.possible ?? 0 };
    const current = best.get(attempt.lessonId);
    if (!current || candidate.percent > current.percent || (candidate.percent === current.percent && candidate.possible > current.possible)) best.set(attempt.lessonId, candidate);
  }
  const passedIds = new Set(passed.map((row) => row.lessonId));
  const missing: CertificateRuleMissing[] = [];
  const achievements: CertificateAchievements = { quizzes: [], assignments: [] };
  const scored: { percent: number; possible: number }[] = [];
  for (const rule of rules) {
    if (rule.ruleKind === 'quiz') {
      const attempt = best.get(rule.lessonId);
      const minPercent = rule.minPercent ?? 0;
      if (!attempt || attempt.percent < minPercent) missing.push({ kind: 'quiz', lessonId: rule.lessonId, title: rule.title, minPercent });
      else {
        achievements.quizzes.push({ title: rule.title, percent: attempt.percent });
        scored.push(attempt);
      }
    } else if (passedIds.has(rule.lessonId)) achievements.assignments.push({ title: rule.title });
    else missing.push({ kind: 'assignment', lessonId: rule.lessonId, title: rule.title, minPercent: null });
  }
  return { missing, achievements, finalScore: finalScoreOf(scored) };
}

/**
 * Every rule of the course met by the user, inside a query: the issuing statement asks it again,
 * so a rule added between the reading of the standing and the insert still holds the certificate back.
 */
export const meetsCertificateRules = (userId: string, courseId: number) => sql`
  not exists (
    select 1 from ${certificateRequirements} as requirement
    where requirement.course_id = ${courseId} and (
      (requirement.kind = 'quiz' and not exists (
        select 1 from ${quizAttempts} as attempt
        where attempt.user_id = ${userId} and attempt.lesson_id = requirement.lesson_id
          and attempt.submitted_at is not null and attempt.percent >= requirement.min_percent))
      or (requirement.kind = 'assignment' and not exists (
        select 1 from ${assignmentSubmissions} as submission
        where submission.user_id = ${userId} and submission.lesson_id = requirement.lesson_id and submission.state = 'passed'))
    )
  )`;
