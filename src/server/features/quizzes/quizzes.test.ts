import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { createCourse, createEnrollment } from '../../db/factories';
import { certificates, courseLessons, courses, lessonProgress, quizAttempts, quizVersions, quizzes } from '../../db/schema';
import type { EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import type { EditableQuiz, QuestionDefinition, QuizAttemptInProgress, QuizAttemptResult, QuizOverview, QuizSettings } from '../../../shared/schemas/quizzes';
import { SUBMISSION_GRACE_MS } from './attempts';

/** One question of every type; `secret` words appear only in what the learner must not see before submitting. */
const everyType: QuestionDefinition[] = [
  { id: 'single', type: 'single', prompt: '**Capital** de Francia', points: 1, explanation: 'Es *París*.', choices: [{ id: 'paris', text: 'París', correct: true }, { id: 'lyon', text: 'Lyon', correct: false }] },
  {
    id: 'multiple',
    type: 'multiple',
    scoring: 'partial',
    prompt: 'Números primos',
    points: 3,
    explanation: null,
    choices: [{ id: 'two', text: '2', correct: true }, { id: 'three', text: '3', correct: true }, { id: 'five', text: '5', correct: true }, { id: 'four', text: '4', correct: false }],
  },
  { id: 'tf', type: 'true-false', prompt: 'El agua hierve a 50 °C', points: 1, explanation: null, correct: false },
  { id: 'short', type: 'short-answer', prompt: 'Árbol de la familia', points: 1, explanation: null, acceptedAnswers: ['Secretgenealogía'] },
  { id: 'numeric', type: 'numeric', prompt: 'Pi con dos decimales', points: 1, explanation: null, answer: 3.14159, tolerance: 0.005 },
  { id: 'ordering', type: 'ordering', prompt: 'Ordena', points: 1, explanation: null, items: [{ id: 'first', text: 'Uno' }, { id: 'second', text: 'Dos' }, { id: 'third', text: 'Tres' }] },
];
/** The right answers to `everyType`. */
const rightAnswers = {
  single: { type: 'single', choiceId: 'paris' },
  multiple: { type: 'multiple', choiceIds: ['two', 'three', 'five'] },
  tf: { type: 'true-false', value: false },
  short: { type: 'short-answer', text: '  SECRETGENEALOGIA ' },
  numeric: { type: 'numeric', value: 3.14 },
  ordering: { type: 'ordering', itemIds: ['first', 'second', 'third'] },
} as const;
const settings = (overrides: Partial<QuizSettings> = {}): QuizSettings => ({
  passingPercent: 70,
  maxAttempts: null,
  waitMinutes: 0,
  timeLimitMinutes: null,
  shuffleQuestions: false,
  shuffleChoices: false,
  drawCount: null,
  ...overrides,
});

describe('quizzes', () => {
  const ctx = useTestApp({ QUIZ_MAX_QUESTIONS: '8', QUIZ_MAX_CHOICES: '5', QUIZ_UNLIMITED_ATTEMPTS_CAP: '3' });

  // The server's clock, moved by the tests: deadlines and waits are decided by it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

  async function setUp({ questions = everyType, rules = settings(), isPreview = false }: { questions?: QuestionDefinition[]; rules?: QuizSettings; isPreview?: boolean } = {}) {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id });
    const base = `/api/courses/${course.id}/curriculum`;
    const sectionId = ((await send(teacher, 'GET', base)).json() as EditableCurriculum).sections[0]!.id;
    const added = await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'quiz', title: 'Repaso', isPreview });
    expect(added.statusCode).toBe(201);
    const lessonId = (added.json() as EditableCurriculum).sections[0]!.lessons.at(-1)!.id;
    const quizUrl = `/api/courses/${course.id}/quizzes/${lessonId}`;
    const saved = await send(teacher, 'PUT', quizUrl, { settings: rules, questions });
    expect(saved.statusCode, saved.body).toBe(200);
    const learner = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: learner.id, courseId: course.id });
    return { teacher, course, lessonId, quizUrl, learner, base };
  }

  const start = (user: TestUser | null, lessonId: number) => send(user, 'POST', `/api/lessons/${lessonId}/quiz/attempts`);
  const submit = (user: TestUser, attemptId: string, answers: object) => send(user, 'POST', `/api/quiz-attempts/${attemptId}/submission`, { answers });
  const saveAnswers = (user: TestUser, attemptId: string, answers: object) => send(user, 'PUT', `/api/quiz-attempts/${attemptId}/answers`, { answers });
  const overview = async (user: TestUser, lessonId: number) => (await send(user, 'GET', `/api/lessons/${lessonId}/quiz`)).json() as QuizOverview;
  const lessonDone = async (user: TestUser, lessonId: number) =>
    (await ctx.db.select({ completedAt: lessonProgress.completedAt }).from(lessonProgress).where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, lessonId))))[0]?.completedAt != null;

  describe('the editor', () => {
    it('adds a quiz lesson with an empty first version and the default rules; saving makes a new version and the lesson a computed length', async () => {
      const teacher = await signedInUser(ctx.app);
      const course = await createCourse(ctx.db, { ownerId: teacher.id });
      const base = `/api/courses/${course.id}/curriculum`;
      const sectionId = ((await send(teacher, 'GET', base)).json() as EditableCurriculum).sections[0]!.id;
      const added = (await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'quiz', title: 'Repaso' })).json() as EditableCurriculum;
      const lesson = added.sections[0]!.lessons.at(-1)!;
      expect(lesson).toMatchObject({ kind: 'quiz', title: 'Repaso', isPreview: false, durationSeconds: 0, body: null });
      const quizUrl = `/api/courses/${course.id}/quizzes/${lesson.id}`;
      const empty = (await send(teacher, 'GET', quizUrl)).json() as EditableQuiz;
      expect(empty).toEqual({
        lessonId: lesson.id,
        courseId: course.id,
        title: 'Repaso',
        version: 1,
        settings: settings(),
        questions: [],
        attemptCount: 0,
        limits: { questionsMax: 8, choicesMax: 5 },
      });

      const saved = await send(teacher, 'PUT', quizUrl, { settings: settings({ drawCount: 4 }), questions: everyType });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ version: 2, questions: everyType, settings: { drawCount: 4 } });
      // A minute per question an attempt has; a time limit is the length itself.
      const length = async () => (await ctx.db.select({ seconds: courseLessons.durationSeconds }).from(courseLessons).where(eq(courseLessons.id, lesson.id)))[0]!.seconds;
      expect(await length()).toBe(240);
      await send(teacher, 'PUT', quizUrl, { settings: settings({ timeLimitMinutes: 90 }), questions: everyType });
      expect(await length()).toBe(5400);
      const seconds = course.videos.reduce((sum, video) => sum + video.durationSeconds, 0) + 5400;
      expect((await ctx.db.select({ hours: courses.durationHours }).from(courses).where(eq(courses.id, course.id)))[0]!.hours).toBe(Math.ceil(seconds / 3600));
      expect((await ctx.db.select().from(quizVersions).where(eq(quizVersions.lessonId, lesson.id))).map((row) => row.version)).toEqual([1, 2, 3]);
    });

    it('refuses what breaks the rules or the settings, naming the field with a translated key', async () => {
      const { teacher, quizUrl } = await setUp();
      const refused = async (body: object) => {
        const answer = await send(teacher, 'PUT', quizUrl, body);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error.code).toBe('VALIDATION_FAILED');
        return answer.json().error.fields as Record<string, string[]>;
      };
      const twoRight = { ...everyType[0]!, choices: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: true }] };
      expect(await refused({ settings: settings(), questions: [twoRight] })).toEqual({ 'questions.0.choices': ['validation.quizSingleOneCorrect'] });
      expect(await refused({ settings: settings({ drawCount: 7 }), questions: everyType })).toEqual({ 'settings.drawCount': ['validation.quizDrawCountTooLarge'] });
      expect(await refused({ settings: settings(), questions: [everyType[0], everyType[0]] })).toEqual({ questions: ['validation.quizDuplicateIds'] });
      // The settings: at most 8 questions and 5 choices here.
      const nine = Array.from({ length: 9 }, (_, index) => ({ ...everyType[2]!, id: `q${index}` }));
      expect(await refused({ settings: settings(), questions: nine })).toEqual({ questions: ['validation.quizTooManyQuestions'] });
      const six = { ...everyType[5]!, items: Array.from({ length: 6 }, (_, index) => ({ id: `i${index}`, text: `I${index}` })) };
      expect(await refused({ settings: settings(), questions: [everyType[0], six] })).toEqual({ 'questions.1.items': ['validation.quizTooManyChoices'] });
      expect(((await send(teacher, 'GET', quizUrl)).json() as EditableQuiz).version).toBe(2);
    });

    it('is for the course owner and admins only, and only for a quiz lesson of that course', async () => {
      const { teacher, quizUrl, learner, course, lessonId } = await setUp();
      expect((await send(learner, 'GET', quizUrl)).statusCode).toBe(403);
      expect((await send(null, 'GET', quizUrl)).statusCode).toBe(401);
      expect((await send(await signedInAdmin(ctx.app), 'GET', quizUrl)).statusCode).toBe(200);
      const other = await createCourse(ctx.db, { ownerId: teacher.id });
      expect((await send(teacher, 'GET', `/api/courses/${other.id}/quizzes/${lessonId}`)).json().error.code).toBe('LESSON_NOT_FOUND');
      const [video] = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(and(eq(courseLessons.courseId, course.id), eq(courseLessons.kind, 'video')));
      expect((await send(teacher, 'GET', `/api/courses/${course.id}/quizzes/${video!.id}`)).statusCode).toBe(404);
    });

    it('deleting the lesson deletes its quiz, versions and attempts', async () => {
      const { teacher, lessonId, learner, base } = await setUp();
      expect((await start(learner, lessonId)).statusCode).toBe(201);
      expect((await send(teacher, 'DELETE', `${base}/lessons/${lessonId}`)).statusCode).toBe(200);
      expect(await ctx.db.select().from(quizzes).where(eq(quizzes.lessonId, lessonId))).toEqual([]);
      expect(await ctx.db.select().from(quizVersions).where(eq(quizVersions.lessonId, lessonId))).toEqual([]);
      expect(await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.lessonId, lessonId))).toEqual([]);
    });
  });

  describe('taking a quiz', () => {
    it('never sends an answer before submission; grades every type on submission; answers the result again the same', async () => {
      const { lessonId, learner } = await setUp();
      const content = await send(learner, 'GET', `/api/lessons/${lessonId}`);
      expect(content.statusCode).toBe(200);
      expect(content.json()).toMatchObject({ kind: 'quiz', html: null, video: null, download: null });
      expect(content.body).not.toContain('Capital');

      const taking: string[] = [content.body, (await send(learner, 'GET', `/api/lessons/${lessonId}/quiz`)).body];
      const started = await start(learner, lessonId);
      expect(started.statusCode).toBe(201);
      const attempt = started.json() as QuizAttemptInProgress;
      taking.push(started.body);
      expect(attempt.questions.map((question) => question.id)).toEqual(everyType.map((question) => question.id));
      expect(attempt.questions[0]).toEqual({ id: 'single', type: 'single', promptHtml: '<p><strong>Capital</strong> de Francia</p>\n', points: 1, choices: [{ id: 'paris', text: 'París' }, { id: 'lyon', text: 'Lyon' }], items: null });
      expect(attempt.deadline).toBeNull();
      expect((await saveAnswers(learner, attempt.attemptId, { tf: rightAnswers.tf })).statusCode).toBe(204);
      taking.push((await send(learner, 'GET', `/api/quiz-attempts/${attempt.attemptId}`)).body, (await start(learner, lessonId)).body);
      taking.push((await send(learner, 'GET', `/api/lessons/${lessonId}/quiz`)).body);
      taking.push((await send(learner, 'GET', `/api/quiz-attempts/${attempt.attemptId}/result`)).body);
      for (const body of taking) {
        expect(body).not.toMatch(/"correct"|acceptedAnswers|rightAnswer|explanation|Secretgenealog|3\.14159|tolerance/i);
      }

      const submitted = await submit(learner, attempt.attemptId, { ...rightAnswers, multiple: { type: 'multiple', choiceIds: ['two', 'four'] }, numeric: { type: 'numeric', value: 3.2 } });
      expect(submitted.statusCode).toBe(200);
      const result = submitted.json() as QuizAttemptResult;
      // 1 + 0 (one right pick less one wrong of three right) + 1 + 1 + 0 + 1 of 8 points.
      expect(result).toMatchObject({ number: 1, late: false, earned: 400, possible: 800, percent: 50, passed: false });
      expect(result.questions.map((question) => [question.id, question.outcome, question.earned])).toEqual([
        ['single', 'right', 100],
        ['multiple', 'wrong', 0],
        ['tf', 'right', 100],
        ['short', 'right', 100],
        ['numeric', 'wrong', 0],
        ['ordering', 'right', 100],
      ]);
      expect(result.questions[0]).toMatchObject({ rightAnswer: { choiceIds: ['paris'] }, explanationHtml: '<p>Es <em>París</em>.</p>\n', answer: rightAnswers.single });
      expect(result.questions[3]!.rightAnswer).toEqual({ acceptedAnswers: ['Secretgenealogía'] });
      expect((await send(learner, 'GET', `/api/quiz-attempts/${attempt.attemptId}/result`)).json()).toEqual(result);
      expect((await send(learner, 'GET', `/api/quiz-attempts/${attempt.attemptId}`)).json().error.code).toBe('QUIZ_ATTEMPT_SUBMITTED');
      expect((await submit(learner, attempt.attemptId, rightAnswers)).json().error.code).toBe('QUIZ_ATTEMPT_SUBMITTED');
      expect((await saveAnswers(learner, attempt.attemptId, {})).json().error.code).toBe('QUIZ_ATTEMPT_SUBMITTED');
      expect(await lessonDone(learner, lessonId)).toBe(false);
    });

    it('refuses answers that do not fit the attempt', async () => {
      const { lessonId, learner } = await setUp({ rules: settings({ drawCount: 2 }) });
      const attempt = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      const missing = everyType.find((question) => !attempt.questions.some((drawn) => drawn.id === question.id))!;
      const notDrawn = await saveAnswers(learner, attempt.attemptId, { [missing.id]: rightAnswers[missing.id as keyof typeof rightAnswers] });
      expect(notDrawn.statusCode).toBe(400);
      expect(notDrawn.json().error.fields).toEqual({ [`answers.${missing.id}`]: ['validation.quizAnswerInvalid'] });
      const drawnId = attempt.questions[0]!.id;
      const wrongType = drawnId === 'tf' ? { type: 'numeric', value: 1 } : { type: 'true-false', value: true };
      expect((await submit(learner, attempt.attemptId, { [drawnId]: wrongType })).statusCode).toBe(400);
    });

    it('draws a pool and shuffles per attempt, and keeps that order on every read', async () => {
      const pool = Array.from({ length: 8 }, (_, index): QuestionDefinition => ({
        id: `q${index}`,
        type: 'single',
        prompt: `Pregunta ${index}`,
        points: 1,
        explanation: null,
        choices: ['a', 'b', 'c', 'd', 'e'].map((id, choice) => ({ id, text: id.toUpperCase(), correct: choice === 0 })),
      }));
      const { lessonId, learner, course } = await setUp({ questions: pool, rules: settings({ drawCount: 3, shuffleQuestions: true, shuffleChoices: true }) });
      const first = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      expect(first.questions).toHaveLength(3);
      expect(new Set(first.questions.map((question) => question.id)).size).toBe(3);
      const again = (await send(learner, 'GET', `/api/quiz-attempts/${first.attemptId}`)).json() as QuizAttemptInProgress;
      const resumed = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      expect(again.questions).toEqual(first.questions);
      expect(resumed.questions).toEqual(first.questions);
      const result = (await submit(learner, first.attemptId, {})).json() as QuizAttemptResult;
      expect(result.questions.map(({ id, choices }) => ({ id, choices }))).toEqual(first.questions.map(({ id, choices }) => ({ id, choices })));
      expect(result).toMatchObject({ possible: 300, earned: 0 });

      // Other learners draw other layouts: among several attempts, more than one question set and choice order.
      const layouts = new Set<string>();
      for (let learnerIndex = 0; learnerIndex < 6; learnerIndex++) {
        const other = await signedInUser(ctx.app);
        await createEnrollment(ctx.db, { userId: other.id, courseId: course.id });
        const drawn = (await start(other, lessonId)).json() as QuizAttemptInProgress;
        layouts.add(JSON.stringify(drawn.questions.map((question) => [question.id, question.choices!.map((choice) => choice.id)])));
      }
      expect(layouts.size).toBeGreaterThan(1);
    });

    it('keeps attempts and the wait: fail, wait, pass, and no attempt past the limit', async () => {
      const { lessonId, learner } = await setUp({ rules: settings({ maxAttempts: 2, waitMinutes: 10 }) });
      const first = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      expect((await submit(learner, first.attemptId, { tf: { type: 'true-false', value: true } })).json()).toMatchObject({ passed: false, percent: 0 });

      const waiting = await start(learner, lessonId);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().error).toMatchObject({ code: 'QUIZ_WAIT', fields: { nextAttemptAt: ['2026-06-01T10:10:00.000Z'] } });
      expect(await overview(learner, lessonId)).toMatchObject({ blockedReason: 'wait', nextAttemptAt: '2026-06-01T10:10:00.000Z', passed: false, bestPercent: 0, inProgress: null });

      advance(10 * 60_000);
      const second = await start(learner, lessonId);
      expect(second.statusCode).toBe(201);
      const attempt = second.json() as QuizAttemptInProgress;
      expect(attempt.number).toBe(2);
      expect((await overview(learner, lessonId)).inProgress).toBe(attempt.attemptId);
      expect((await submit(learner, attempt.attemptId, rightAnswers)).json()).toMatchObject({ passed: true, percent: 100, earned: 800 });
      expect(await lessonDone(learner, lessonId)).toBe(true);

      advance(60 * 60_000);
      expect((await start(learner, lessonId)).json().error.code).toBe('QUIZ_NO_ATTEMPTS_LEFT');
      expect(await overview(learner, lessonId)).toMatchObject({
        blockedReason: 'no-attempts-left',
        passed: true,
        bestPercent: 100,
        questionCount: 6,
        attempts: [expect.objectContaining({ number: 1, passed: false, percent: 0 }), expect.objectContaining({ number: 2, passed: true, percent: 100 })],
      });
    });

    it('bounds the attempts of a quiz without a limit by QUIZ_UNLIMITED_ATTEMPTS_CAP', async () => {
      const { lessonId, learner } = await setUp();
      for (let attempt = 0; attempt < 3; attempt++) {
        const started = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
        expect((await submit(learner, started.attemptId, {})).statusCode).toBe(200);
      }
      expect((await start(learner, lessonId)).json().error.code).toBe('QUIZ_NO_ATTEMPTS_LEFT');
    });

    it('keeps the time on the server: no saves after the deadline, a late submission graded as of the deadline, an abandoned attempt graded when read', async () => {
      const { lessonId, learner } = await setUp({ rules: settings({ timeLimitMinutes: 1, passingPercent: 100, maxAttempts: 5 }) });
      const first = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      expect(first.deadline).toBe('2026-06-01T10:01:00.000Z');
      advance(30_000);
      expect((await saveAnswers(learner, first.attemptId, { single: rightAnswers.single })).statusCode).toBe(204);
      advance(31_000);
      expect((await saveAnswers(learner, first.attemptId, rightAnswers)).json().error.code).toBe('QUIZ_ATTEMPT_SUBMITTED');
      expect((await send(learner, 'GET', `/api/quiz-attempts/${first.attemptId}`)).json().error.code).toBe('QUIZ_ATTEMPT_SUBMITTED');
      // Within the grace, a submission counts with what it carries.
      const inGrace = await submit(learner, first.attemptId, rightAnswers);
      expect(inGrace.json()).toMatchObject({ late: false, percent: 100, passed: true });

      const second = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      await saveAnswers(learner, second.attemptId, { single: rightAnswers.single });
      advance(60_000 + SUBMISSION_GRACE_MS + 1);
      // Past the grace, it is graded with what was saved by the deadline: 1 point of 8.
      const late = (await submit(learner, second.attemptId, rightAnswers)).json() as QuizAttemptResult;
      expect(late).toMatchObject({ late: true, earned: 100, percent: 12, passed: false });
      expect(late.questions.find((question) => question.id === 'tf')!.answer).toBeNull();

      const third = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      await saveAnswers(learner, third.attemptId, { tf: rightAnswers.tf, short: rightAnswers.short });
      advance(10 * 60_000);
      // Nobody submitted it: it counts as submitted at its deadline.
      const view = await overview(learner, lessonId);
      expect(view.inProgress).toBeNull();
      expect(view.attempts[2]).toMatchObject({ number: 3, percent: 25, passed: false, submittedAt: third.deadline });
      const result = (await send(learner, 'GET', `/api/quiz-attempts/${third.attemptId}/result`)).json() as QuizAttemptResult;
      expect(result).toMatchObject({ late: true, earned: 200, submittedAt: third.deadline });
      expect((await start(learner, lessonId)).statusCode).toBe(201);
    });

    it('an attempt in progress cannot show its result', async () => {
      const { lessonId, learner } = await setUp();
      const attempt = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      expect((await send(learner, 'GET', `/api/quiz-attempts/${attempt.attemptId}/result`)).json().error.code).toBe('QUIZ_ATTEMPT_IN_PROGRESS');
    });

    it('two starts at once make one attempt; two submissions at once grade it once', async () => {
      const { lessonId, learner } = await setUp({ rules: settings({ maxAttempts: 1 }) });
      const starts = await Promise.all([start(learner, lessonId), start(learner, lessonId), start(learner, lessonId)]);
      expect(starts.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
      const ids = new Set(starts.map((answer) => (answer.json() as QuizAttemptInProgress).attemptId));
      expect(ids.size).toBe(1);
      expect(await ctx.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id))).toHaveLength(1);

      const [attemptId] = [...ids];
      const submissions = await Promise.all([submit(learner, attemptId!, rightAnswers), submit(learner, attemptId!, {})]);
      expect(submissions.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(submissions.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('QUIZ_ATTEMPT_SUBMITTED');
      const graded = submissions.find((answer) => answer.statusCode === 200)!.json() as QuizAttemptResult;
      expect((await send(learner, 'GET', `/api/quiz-attempts/${attemptId}/result`)).json()).toMatchObject({ earned: graded.earned });
      expect((await start(learner, lessonId)).json().error.code).toBe('QUIZ_NO_ATTEMPTS_LEFT');
    });

    it('a quiz edited after an attempt keeps that attempt as it was taken, its questions and its score', async () => {
      const { lessonId, learner, teacher, quizUrl } = await setUp();
      const attempt = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      const before = (await submit(learner, attempt.attemptId, rightAnswers)).json() as QuizAttemptResult;
      expect(before.percent).toBe(100);

      const edited = everyType.map((question) => (question.type === 'true-false' ? { ...question, prompt: 'Cambiada', correct: true } : question)).slice(0, 4);
      await send(teacher, 'PUT', quizUrl, { settings: settings(), questions: edited });
      expect(((await send(teacher, 'GET', quizUrl)).json() as EditableQuiz).attemptCount).toBe(1);
      const after = (await send(learner, 'GET', `/api/quiz-attempts/${attempt.attemptId}/result`)).json() as QuizAttemptResult;
      expect(after).toEqual(before);
      expect(after.questions.find((question) => question.id === 'tf')!.promptHtml).toContain('hierve');

      const next = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      expect(next.questions).toHaveLength(4);
      expect(next.questions.find((question) => question.id === 'tf')!.promptHtml).toContain('Cambiada');
    });
  });

  describe('who may take a quiz', () => {
    it('its buyers, owner and admins; nobody else, and an attempt only its learner', async () => {
      const { lessonId, learner, teacher } = await setUp();
      const stranger = await signedInUser(ctx.app);
      expect((await start(null, lessonId)).statusCode).toBe(401);
      expect((await start(stranger, lessonId)).json().error.code).toBe('NOT_ENROLLED');
      expect((await send(stranger, 'GET', `/api/lessons/${lessonId}/quiz`)).statusCode).toBe(403);
      expect((await start(teacher, lessonId)).statusCode).toBe(201);
      expect((await start(await signedInAdmin(ctx.app), lessonId)).statusCode).toBe(201);

      const attempt = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      for (const someone of [stranger, teacher]) {
        expect((await send(someone, 'GET', `/api/quiz-attempts/${attempt.attemptId}`)).statusCode).toBe(404);
        expect((await saveAnswers(someone, attempt.attemptId, {})).statusCode).toBe(404);
        expect((await submit(someone, attempt.attemptId, {})).statusCode).toBe(404);
        expect((await send(someone, 'GET', `/api/quiz-attempts/${attempt.attemptId}/result`)).statusCode).toBe(404);
      }
      expect((await submit(learner, attempt.attemptId, {})).statusCode).toBe(200);
      expect((await send(stranger, 'GET', `/api/quiz-attempts/${attempt.attemptId}/result`)).json().error.code).toBe('QUIZ_ATTEMPT_NOT_FOUND');
    });

    it('a free-preview quiz is any signed-in user’s; a disabled course keeps its buyers only', async () => {
      const { lessonId, learner, course } = await setUp({ isPreview: true });
      const stranger = await signedInUser(ctx.app);
      expect((await start(null, lessonId)).statusCode).toBe(401);
      const attempt = (await start(stranger, lessonId)).json() as QuizAttemptInProgress;
      expect(attempt.questions).toHaveLength(6);

      await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));
      expect((await start(stranger, lessonId)).json().error.code).toBe('LESSON_NOT_FOUND');
      expect((await submit(stranger, attempt.attemptId, {})).json().error.code).toBe('LESSON_NOT_FOUND');
      expect((await start(learner, lessonId)).statusCode).toBe(201);
    });
  });

  describe('completion', () => {
    it('only a passed attempt completes a quiz lesson: the player cannot mark it done', async () => {
      const { lessonId, learner, course } = await setUp();
      const marked = await send(learner, 'PUT', '/api/progress', { lessons: [{ lessonId, completed: true }] });
      expect(marked.statusCode).toBe(200);
      expect(await lessonDone(learner, lessonId)).toBe(false);
      const state = async () => ((await send(learner, 'GET', `/api/progress/${course.id}`)).json().lessons as { lessonId: number; state: string }[]).find((lesson) => lesson.lessonId === lessonId)!.state;
      expect(await state()).toBe('not_started');

      const attempt = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      await submit(learner, attempt.attemptId, rightAnswers);
      expect(await state()).toBe('done');
      // Nor can the player undo it.
      await send(learner, 'PUT', '/api/progress', { lessons: [{ lessonId, completed: false }] });
      expect(await state()).toBe('done');
    });

    it('passing the last lesson left completes the course: its certificate is issued', async () => {
      const { lessonId, learner, course } = await setUp();
      const others = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id));
      const now = new Date();
      for (const { id } of others.filter((lesson) => lesson.id !== lessonId)) {
        await ctx.db.insert(lessonProgress).values({ userId: learner.id, lessonId: id, courseId: course.id, completedAt: now, updatedAt: now });
      }
      const attempt = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      await submit(learner, attempt.attemptId, { tf: rightAnswers.tf });
      expect(await ctx.db.select().from(certificates).where(eq(certificates.userId, learner.id))).toEqual([]);
      const second = (await start(learner, lessonId)).json() as QuizAttemptInProgress;
      await submit(learner, second.attemptId, rightAnswers);
      expect(await ctx.db.select({ courseId: certificates.courseId }).from(certificates).where(eq(certificates.userId, learner.id))).toEqual([{ courseId: course.id }]);
    });
  });
});
