import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { loadConfig } from '../../config';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { createCourse, createEnrollment, createUser } from '../../db/factories';
import { courseLessons, quizAttempts, quizVersions, quizzes } from '../../db/schema';
import type { EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import type { QuestionAnswer, QuestionDefinition, QuizAttemptInProgress, QuizSettings, QuizStatistics } from '../../../shared/schemas/quizzes';
import { gradeAttempt } from './grading';
import { discriminationGroupSize, quizStatistics } from './statistics';

/**
 * Five questions whose points make the six learners' first attempts rank without ties across the
 * discrimination groups' edges (percentages 83, 66, 33, 33, 16, 16).
 */
const questions: QuestionDefinition[] = [
  { id: 'q1', type: 'single', prompt: 'Capital de Perú', points: 1, explanation: null, choices: [{ id: 'a', text: 'Lima', correct: true }, { id: 'b', text: 'Cusco', correct: false }, { id: 'c', text: 'Arequipa', correct: false }] },
  {
    id: 'q2',
    type: 'multiple',
    scoring: 'all-or-nothing',
    prompt: 'Números pares',
    points: 2,
    explanation: null,
    choices: [{ id: 'x', text: '2', correct: true }, { id: 'y', text: '4', correct: true }, { id: 'z', text: '5', correct: false }],
  },
  { id: 'q3', type: 'true-false', prompt: 'El Sol es una estrella', points: 1, explanation: null, correct: true },
  { id: 'q4', type: 'short-answer', prompt: 'La estrella más cercana', points: 1, explanation: null, acceptedAnswers: ['Sol'] },
  { id: 'q5', type: 'true-false', prompt: 'La Luna tiene luz propia', points: 1, explanation: null, correct: false },
];

const rules = (overrides: Partial<QuizSettings> = {}): QuizSettings => ({
  passingPercent: 50,
  maxAttempts: null,
  waitMinutes: 0,
  timeLimitMinutes: 10,
  shuffleQuestions: false,
  shuffleChoices: false,
  drawCount: null,
  ...overrides,
});

const single = (choiceId: string): QuestionAnswer => ({ type: 'single', choiceId });
const multiple = (...choiceIds: string[]): QuestionAnswer => ({ type: 'multiple', choiceIds });
const truth = (value: boolean): QuestionAnswer => ({ type: 'true-false', value });
const text = (value: string): QuestionAnswer => ({ type: 'short-answer', text: value });

/** The six learners' first attempts (an answer left out is unanswered), and how long each took. */
const firstAttempts: { answers: Record<string, QuestionAnswer>; seconds: number }[] = [
  // 5 of 6 points: 83 %.
  { answers: { q1: single('a'), q2: multiple('x', 'y'), q3: truth(true), q4: text('sol'), q5: truth(true) }, seconds: 60 },
  // 4: 66 %.
  { answers: { q1: single('a'), q2: multiple('x', 'y'), q3: truth(true), q4: text('Centauri'), q5: truth(true) }, seconds: 120 },
  // 2: 33 %.
  { answers: { q1: single('a'), q2: multiple('x'), q3: truth(false), q4: text('Centauri'), q5: truth(false) }, seconds: 180 },
  // 2: 33 %.
  { answers: { q1: single('b'), q2: multiple('x', 'z'), q3: truth(true), q4: text('Sol'), q5: truth(true) }, seconds: 240 },
  // 1: 16 %.
  { answers: { q1: single('c'), q2: multiple('z'), q3: truth(false), q5: truth(false) }, seconds: 300 },
  // 1: 16 %; submitted after the deadline, so graded with what it saved, and its time is the limit.
  { answers: { q1: single('b'), q3: truth(false), q4: text(' SOL '), q5: truth(true) }, seconds: 11 * 60 },
];
const allRight = { q1: single('a'), q2: multiple('x', 'y'), q3: truth(true), q4: text('Sol'), q5: truth(false) };

describe('quiz statistics', () => {
  const ctx = useTestApp();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

  async function setUp() {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id });
    const base = `/api/courses/${course.id}/curriculum`;
    const sectionId = ((await send(teacher, 'GET', base)).json() as EditableCurriculum).sections[0]!.id;
    const added = await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'quiz', title: 'Astronomía' });
    const lessonId = (added.json() as EditableCurriculum).sections[0]!.lessons.at(-1)!.id;
    const quizUrl = `/api/courses/${course.id}/quizzes/${lessonId}`;
    expect((await send(teacher, 'PUT', quizUrl, { settings: rules(), questions })).statusCode).toBe(200);
    return { teacher, course, lessonId, quizUrl, statsUrl: `${quizUrl}/statistics` };
  }

  async function learnerOf(courseId: number) {
    const learner = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: learner.id, courseId });
    return learner;
  }

  /** An attempt through the API: start, (save,) wait `seconds`, submit. Past the deadline the saved answers count. */
  async function takeAttempt(learner: TestUser, lessonId: number, answers: Record<string, QuestionAnswer>, seconds: number) {
    const started = await send(learner, 'POST', `/api/lessons/${lessonId}/quiz/attempts`);
    expect(started.statusCode).toBe(201);
    const attempt = started.json() as QuizAttemptInProgress;
    expect((await send(learner, 'PUT', `/api/quiz-attempts/${attempt.attemptId}/answers`, { answers })).statusCode).toBe(204);
    advance(seconds * 1000);
    const submitted = await send(learner, 'POST', `/api/quiz-attempts/${attempt.attemptId}/submission`, { answers });
    expect(submitted.statusCode).toBe(200);
    return submitted.json() as { percent: number };
  }

  const statistics = async (user: TestUser, url: string) => {
    const answer = await send(user, 'GET', url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    return answer.json() as QuizStatistics;
  };
  const enough = (stats: QuizStatistics) => {
    if (!stats.enoughLearners) throw new Error('expected statistics with numbers');
    return stats;
  };

  it('counts attempts, learners, pass rates, the average score and time, and each question, with the discrimination index of a case computed by hand', { timeout: 120_000 }, async () => {
    const { course, lessonId, teacher, statsUrl } = await setUp();
    const learners: TestUser[] = [];
    const percents: number[] = [];
    for (const { answers, seconds } of firstAttempts) {
      const learner = await learnerOf(course.id);
      learners.push(learner);
      percents.push((await takeAttempt(learner, lessonId, answers, seconds)).percent);
    }
    expect(percents).toEqual([83, 66, 33, 33, 16, 16]);
    // The fifth learner tries again and gets everything right: that counts in every figure but the
    // discrimination index, which ranks learners by their first attempt.
    expect((await takeAttempt(learners[4]!, lessonId, allRight, 30)).percent).toBe(100);
    // An attempt in progress counts nowhere.
    expect((await send(learners[0]!, 'POST', `/api/lessons/${lessonId}/quiz/attempts`)).statusCode).toBe(201);

    const stats = enough(await statistics(teacher, statsUrl));
    expect(stats).toMatchObject({
      lessonId,
      title: 'Astronomía',
      minLearners: 5,
      currentVersion: 2,
      attempts: 7,
      learners: 6,
      passedAttempts: 3,
      learnersPassed: 3,
      discriminationGroupSize: 2,
    });
    expect(stats.averagePercent).toBeCloseTo((83 + 66 + 33 + 33 + 16 + 16 + 100) / 7, 9);
    // The late attempt counts as the 10-minute limit, not the 11 minutes it took to be sent.
    expect(stats.averageSeconds).toBeCloseTo((60 + 120 + 180 + 240 + 300 + 600 + 30) / 7, 6);

    const byId = Object.fromEntries(stats.questions.map((question) => [question.id, question]));
    expect(stats.questions.map((question) => question.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    const counts = (id: string) => {
      const { shown, right, partial, wrong, unanswered } = byId[id]!;
      return { shown, right, partial, wrong, unanswered };
    };
    expect(counts('q1')).toEqual({ shown: 7, right: 4, partial: 0, wrong: 3, unanswered: 0 });
    expect(counts('q2')).toEqual({ shown: 7, right: 3, partial: 0, wrong: 4, unanswered: 1 });
    expect(counts('q3')).toEqual({ shown: 7, right: 4, partial: 0, wrong: 3, unanswered: 0 });
    expect(counts('q4')).toEqual({ shown: 7, right: 4, partial: 0, wrong: 3, unanswered: 1 });
    expect(counts('q5')).toEqual({ shown: 7, right: 3, partial: 0, wrong: 4, unanswered: 0 });
    expect(byId.q1!.wrongChoices).toEqual([
      { id: 'a', text: 'Lima', correct: true, count: 0 },
      { id: 'b', text: 'Cusco', correct: false, count: 2 },
      { id: 'c', text: 'Arequipa', correct: false, count: 1 },
    ]);
    // Wrong answers' picks, the right choices included: x by the third and fourth, z by the fourth and fifth.
    expect(byId.q2!.wrongChoices).toEqual([
      { id: 'x', text: '2', correct: true, count: 2 },
      { id: 'y', text: '4', correct: true, count: 0 },
      { id: 'z', text: '5', correct: false, count: 2 },
    ]);
    expect(byId.q3!.wrongChoices).toBeNull();
    expect(byId.q4!.wrongChoices).toBeNull();
    // Upper group: the first two learners; lower: the last two (first attempts only).
    // q1: 2/2 − 0/2; q2: 2/2 − 0/2; q3: 2/2 − 0/2; q4: 1/2 − 1/2; q5: 0/2 − 1/2.
    expect(Object.fromEntries(stats.questions.map((question) => [question.id, question.discrimination]))).toEqual({ q1: 1, q2: 1, q3: 1, q4: 0, q5: -0.5 });
    // No learner, answer text or attempt leaves.
    const body = JSON.stringify(stats);
    for (const learner of learners) expect(body).not.toContain(learner.id);
    expect(body).not.toMatch(/centauri|"SOL"|attemptId/i);
  });

  it('has no numbers with fewer than 5 distinct learners, however many attempts they make', { timeout: 120_000 }, async () => {
    const { course, lessonId, teacher, statsUrl } = await setUp();
    const fewer = { enoughLearners: false, lessonId, title: 'Astronomía', minLearners: 5 };
    expect(await statistics(teacher, statsUrl)).toEqual(fewer);
    const learners: TestUser[] = [];
    for (let index = 0; index < 4; index++) {
      const learner = await learnerOf(course.id);
      learners.push(learner);
      await takeAttempt(learner, lessonId, allRight, 60);
      await takeAttempt(learner, lessonId, firstAttempts[index]!.answers, 60);
    }
    // Eight attempts by four learners: still none, not even per question.
    expect(await statistics(teacher, statsUrl)).toEqual(fewer);
    await takeAttempt(await learnerOf(course.id), lessonId, allRight, 60);
    expect(enough(await statistics(teacher, statsUrl))).toMatchObject({ learners: 5, attempts: 9 });
    // QUIZ_STATS_MIN_LEARNERS may raise the floor, never lower it.
    expect(await quizStatistics(ctx.db, course.id, lessonId, 6)).toEqual({ ...fewer, minLearners: 6 });
    expect(loadConfig({ QUIZ_STATS_MIN_LEARNERS: '6' }).quizzes.statisticsMinLearners).toBe(6);
    expect(() => loadConfig({ QUIZ_STATS_MIN_LEARNERS: '4' })).toThrow(/QUIZ_STATS_MIN_LEARNERS/);
  });

  it('matches a question across versions by its id; a question gone from the current version is listed after, with its newest text', { timeout: 120_000 }, async () => {
    const { course, lessonId, teacher, quizUrl, statsUrl } = await setUp();
    for (const { answers } of firstAttempts.slice(0, 5)) await takeAttempt(await learnerOf(course.id), lessonId, answers, 60);
    // Version 3: q5 removed, q1's "Cusco" reworded and moved last, a new q6 first.
    const q1 = questions[0] as Extract<QuestionDefinition, { type: 'single' }>;
    const reworded = { ...q1, choices: q1.choices.map((choice) => (choice.id === 'b' ? { ...choice, text: 'Cuzco' } : choice)) };
    const q6: QuestionDefinition = { id: 'q6', type: 'true-false', prompt: 'Marte es rojo', points: 1, explanation: null, correct: true };
    expect((await send(teacher, 'PUT', quizUrl, { settings: rules(), questions: [q6, questions[1], questions[2], questions[3], reworded] })).statusCode).toBe(200);
    await takeAttempt(await learnerOf(course.id), lessonId, { q6: truth(true), q1: single('b') }, 60);

    const stats = enough(await statistics(teacher, statsUrl));
    expect(stats).toMatchObject({ currentVersion: 3, attempts: 6, learners: 6 });
    expect(stats.questions.map((question) => [question.id, question.latestVersion, question.inCurrentVersion, question.shown])).toEqual([
      ['q6', 3, true, 1],
      ['q2', 3, true, 6],
      ['q3', 3, true, 6],
      ['q4', 3, true, 6],
      ['q1', 3, true, 6],
      ['q5', 2, false, 5],
    ]);
    const q1Stats = stats.questions.find((question) => question.id === 'q1')!;
    expect(q1Stats.wrongChoices).toEqual([
      { id: 'a', text: 'Lima', correct: true, count: 0 },
      // The fourth learner's and the new one's.
      { id: 'b', text: 'Cuzco', correct: false, count: 2 },
      { id: 'c', text: 'Arequipa', correct: false, count: 1 },
    ]);
    expect(q1Stats).toMatchObject({ right: 3, wrong: 3 });
  });

  it('is for the course owner and admins only, and only for a quiz lesson of that course', async () => {
    const { course, lessonId, statsUrl, teacher } = await setUp();
    const learner = await learnerOf(course.id);
    expect((await send(learner, 'GET', statsUrl)).json().error.code).toBe('FORBIDDEN');
    expect((await send(await signedInUser(ctx.app), 'GET', statsUrl)).statusCode).toBe(403);
    expect((await send(null, 'GET', statsUrl)).statusCode).toBe(401);
    expect((await send(await signedInAdmin(ctx.app), 'GET', statsUrl)).statusCode).toBe(200);
    const other = await createCourse(ctx.db, { ownerId: teacher.id });
    expect((await send(teacher, 'GET', `/api/courses/${other.id}/quizzes/${lessonId}/statistics`)).json().error.code).toBe('LESSON_NOT_FOUND');
    const [video] = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.kind, 'video')).limit(1);
    expect((await send(teacher, 'GET', `/api/courses/${course.id}/quizzes/${video!.id}/statistics`)).statusCode).toBe(404);
    expect((await send(teacher, 'GET', `/api/courses/${course.id}/quizzes/abc/statistics`)).statusCode).toBe(400);
  });

  it('sizes the discrimination groups at 27 % of the learners, at least one', () => {
    expect([5, 6, 10, 11, 100].map(discriminationGroupSize)).toEqual([1, 2, 3, 3, 27]);
  });

  describe('whatever the answers', () => {
    const randomQuestions: QuestionDefinition[] = [
      questions[0]!,
      questions[1]!,
      { ...(questions[1] as Extract<QuestionDefinition, { type: 'multiple' }>), id: 'q2p', scoring: 'partial' },
      questions[2]!,
      questions[3]!,
    ];
    const choiceIds = ['a', 'b', 'c', 'x', 'y', 'z'];
    const answer = (question: QuestionDefinition) =>
      fc.option(
        question.type === 'single'
          ? fc.constantFrom('a', 'b', 'c').map(single)
          : question.type === 'multiple'
            ? fc.subarray(['x', 'y', 'z']).map((picked) => multiple(...picked))
            : question.type === 'true-false'
              ? fc.boolean().map(truth)
              : fc.constantFrom('Sol', 'Centauri', '').map(text),
        { nil: undefined },
      );
    const attemptArbitrary = fc.record({
      learner: fc.nat(9),
      // A pool: each attempt shows some of the questions.
      shownMask: fc.array(fc.boolean(), { minLength: randomQuestions.length, maxLength: randomQuestions.length }),
      answers: fc.tuple(...randomQuestions.map(answer)),
    });

    it('right + partial + wrong is the times shown; picks by wrong answers never exceed the wrong ones; the index is in −1…1', { timeout: 300_000 }, async () => {
      const owner = await createUser(ctx.db);
      const course = await createCourse(ctx.db, { ownerId: owner.id });
      const [lesson] = await ctx.db
        .insert(courseLessons)
        .values({ courseId: course.id, sectionId: (await ctx.db.select({ id: courseLessons.sectionId }).from(courseLessons).where(eq(courseLessons.courseId, course.id)).limit(1))[0]!.id, kind: 'quiz', title: 'Azar', position: 99, durationSeconds: 0 })
        .returning();
      await ctx.db.insert(quizzes).values({ lessonId: lesson!.id, currentVersion: 1 });
      await ctx.db.insert(quizVersions).values({ lessonId: lesson!.id, version: 1, settings: rules({ timeLimitMinutes: null }), questions: randomQuestions });
      const learners = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.db)));

      await fc.assert(
        fc.asyncProperty(fc.array(attemptArbitrary, { minLength: 1, maxLength: 40 }), async (attempts) => {
          await ctx.db.delete(quizAttempts).where(eq(quizAttempts.lessonId, lesson!.id));
          const numbers = new Map<number, number>();
          for (const attempt of attempts) {
            const shown = randomQuestions.filter((_, index) => attempt.shownMask[index]);
            const answers: Record<string, QuestionAnswer> = {};
            shown.forEach((question) => {
              const given = attempt.answers[randomQuestions.indexOf(question)];
              if (given) answers[question.id] = given;
            });
            const graded = gradeAttempt(shown, answers, 50);
            const number = (numbers.get(attempt.learner) ?? 0) + 1;
            numbers.set(attempt.learner, number);
            const startedAt = new Date(Date.UTC(2026, 0, 1, 10, number));
            await ctx.db.insert(quizAttempts).values({
              lessonId: lesson!.id,
              version: 1,
              userId: learners[attempt.learner]!.id,
              number,
              layout: shown.map((question) => ({ id: question.id, order: null })),
              startedAt,
              answers,
              submittedAt: new Date(startedAt.getTime() + 45_000),
              earned: graded.earned,
              possible: graded.possible,
              percent: graded.percent,
              passed: graded.passed,
              outcomes: graded.grades,
            });
          }
          const stats = await quizStatistics(ctx.db, course.id, lesson!.id, 5);
          expect(stats.enoughLearners).toBe(numbers.size >= 5);
          if (!stats.enoughLearners) return;
          expect(stats.attempts).toBe(attempts.length);
          expect(stats.learners).toBe(numbers.size);
          expect(stats.averageSeconds).toBeCloseTo(45, 6);
          for (const question of stats.questions) {
            expect(question.right + question.partial + question.wrong).toBe(question.shown);
            expect(question.unanswered).toBeLessThanOrEqual(question.wrong);
            expect(question.shown).toBe(attempts.filter((attempt) => attempt.shownMask[randomQuestions.findIndex((q) => q.id === question.id)]).length);
            for (const choice of question.wrongChoices ?? []) expect(choice.count).toBeLessThanOrEqual(question.wrong - question.unanswered);
            if (question.discrimination !== null) expect(Math.abs(question.discrimination)).toBeLessThanOrEqual(1);
          }
          if (stats.questions.some((question) => question.type === 'single' && question.id === 'q1')) {
            const q1 = stats.questions.find((question) => question.id === 'q1')!;
            // A single choice's wrong answers each pick one wrong choice (or none, unanswered).
            expect(q1.wrongChoices!.reduce((sum, choice) => sum + choice.count, 0)).toBe(q1.wrong - q1.unanswered);
            expect(q1.wrongChoices!.find((choice) => choice.id === 'a')!.count).toBe(0);
          }
          expect(choiceIds).toEqual(expect.arrayContaining(stats.questions.flatMap((question) => (question.wrongChoices ?? []).map((choice) => choice.id))));
        }),
        { numRuns: 25 },
      );
    });
  });
});
