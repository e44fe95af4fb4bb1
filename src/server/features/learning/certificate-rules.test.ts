import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import type { CertificateRules, CertificateVerification } from '../../../shared/schemas/certificates';
import type { EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import type { QuestionDefinition, QuizAttemptInProgress } from '../../../shared/schemas/quizzes';
import { createCourse, createEnrollment } from '../../db/factories';
import { certificateRequirements, certificates, courseLessons, lessonProgress, quizAttempts } from '../../db/schema';
import { finalScoreOf } from './certificate-rules';
import { issueCertificateIfComplete, revokeCertificates } from './certificates';

/** Eight points: a right answer to each but the last scores 7 of 8, 87 %. */
const questions: QuestionDefinition[] = [
  { id: 'q1', type: 'true-false', prompt: 'Uno', points: 4, explanation: null, correct: true },
  { id: 'q2', type: 'true-false', prompt: 'Dos', points: 3, explanation: null, correct: true },
  { id: 'q3', type: 'true-false', prompt: 'Tres', points: 1, explanation: null, correct: true },
];
const allRight = { q1: { type: 'true-false', value: true }, q2: { type: 'true-false', value: true }, q3: { type: 'true-false', value: true } };
const allButLast = { q1: allRight.q1, q2: allRight.q2 };
const quizSettings = { passingPercent: 70, maxAttempts: null, waitMinutes: 0, timeLimitMinutes: null, shuffleQuestions: false, shuffleChoices: false, drawCount: null };

describe('the final score', () => {
  it('is none without a required quiz', () => {
    expect(finalScoreOf([])).toBeNull();
  });

  it("weights each quiz's best percent by its possible points, rounded half up", () => {
    expect(finalScoreOf([{ percent: 87, possible: 800 }])).toBe(87);
    // (100·100 + 50·300) / 400 = 62.5: 63, where an unweighted mean would say 75.
    expect(finalScoreOf([{ percent: 100, possible: 100 }, { percent: 50, possible: 300 }])).toBe(63);
    // (85 + 70) / 2 = 77.5 rounds up, 77.4 and below round down.
    expect(finalScoreOf([{ percent: 85, possible: 200 }, { percent: 70, possible: 200 }])).toBe(78);
    expect(finalScoreOf([{ percent: 80, possible: 3 }, { percent: 77, possible: 2 }])).toBe(79); // 78.8
    expect(finalScoreOf([{ percent: 70, possible: 1 }, { percent: 75, possible: 4 }])).toBe(74); // 74.0
    expect(finalScoreOf([{ percent: 60, possible: 2 }, { percent: 100, possible: 3 }])).toBe(84); // 84.0
    expect(finalScoreOf([{ percent: 61, possible: 3 }, { percent: 62, possible: 1 }])).toBe(61); // 61.25
  });

  it('counts each quiz the same when none is worth a point', () => {
    expect(finalScoreOf([{ percent: 80, possible: 0 }, { percent: 71, possible: 0 }])).toBe(76); // 75.5
  });
});

describe('certificate rules', () => {
  const ctx = useTestApp();

  const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

  /** A course of a new teacher with two quiz lessons and an assignment lesson (added through the editor), bought by a learner. */
  async function setUp() {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id, title: 'Diseño gráfico básico' });
    const base = `/api/courses/${course.id}/curriculum`;
    const sectionId = ((await send(teacher, 'GET', base)).json() as EditableCurriculum).sections[0]!.id;
    const addLesson = async (payload: object) => {
      const added = await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, payload);
      expect(added.statusCode, added.body).toBe(201);
      return (added.json() as EditableCurriculum).sections[0]!.lessons.at(-1)!.id;
    };
    const firstQuiz = await addLesson({ kind: 'quiz', title: 'Repaso de color', isPreview: false });
    const secondQuiz = await addLesson({ kind: 'quiz', title: 'Examen final', isPreview: false });
    for (const lessonId of [firstQuiz, secondQuiz]) {
      const saved = await send(teacher, 'PUT', `/api/courses/${course.id}/quizzes/${lessonId}`, { settings: quizSettings, questions });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const assignment = await addLesson({ kind: 'assignment', title: 'Cartel propio', isPreview: false, instructions: 'Diseña un cartel.', grading: { grading: 'pass-fail' } });
    const learner = await signedInUser(ctx.app);
    await createEnrollment(ctx.db, { userId: learner.id, courseId: course.id });
    const rulesUrl = `/api/courses/${course.id}/certificate-rules`;
    return { teacher, course, base, firstQuiz, secondQuiz, assignment, learner, rulesUrl };
  }

  /** Every lesson done but the quizzes and the assignment, which only the server completes. */
  async function doTheOtherLessons(userId: string, courseId: number, except: number[]) {
    const lessons = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, courseId));
    const now = new Date();
    for (const { id } of lessons.filter((lesson) => !except.includes(lesson.id))) {
      await ctx.db.insert(lessonProgress).values({ userId, lessonId: id, courseId, completedAt: now, updatedAt: now });
    }
  }

  const takeQuiz = async (learner: TestUser, lessonId: number, answers: object) => {
    const attempt = (await send(learner, 'POST', `/api/lessons/${lessonId}/quiz/attempts`)).json() as QuizAttemptInProgress;
    const submitted = await send(learner, 'POST', `/api/quiz-attempts/${attempt.attemptId}/submission`, { answers });
    expect(submitted.statusCode, submitted.body).toBe(200);
  };

  it('lists the quiz and assignment lessons the owner may require, and keeps what the owner sets (a quiz without a minimum takes its passing score)', async () => {
    const { teacher, firstQuiz, secondQuiz, assignment, rulesUrl, course } = await setUp();
    const empty = await send(teacher, 'GET', rulesUrl);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      courseId: course.id,
      quizzes: [
        { lessonId: firstQuiz, title: 'Repaso de color', passingPercent: 70, required: false, minPercent: null },
        { lessonId: secondQuiz, title: 'Examen final', passingPercent: 70, required: false, minPercent: null },
      ],
      assignments: [{ lessonId: assignment, title: 'Cartel propio', required: false }],
    });

    const set = await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz, minPercent: 90 }, { lessonId: secondQuiz }], assignmentLessonIds: [assignment] });
    expect(set.statusCode, set.body).toBe(200);
    const rules = set.json() as CertificateRules;
    expect(rules.quizzes.map((quiz) => [quiz.required, quiz.minPercent])).toEqual([
      [true, 90],
      [true, 70],
    ]);
    expect(rules.assignments[0]!.required).toBe(true);
    expect((await send(teacher, 'GET', rulesUrl)).json()).toEqual(rules);

    // Setting them again replaces them.
    const fewer = (await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: secondQuiz, minPercent: 0 }], assignmentLessonIds: [] })).json() as CertificateRules;
    expect(fewer.quizzes.map((quiz) => quiz.minPercent)).toEqual([null, 0]);
    expect(fewer.assignments[0]!.required).toBe(false);
  });

  it('is the owner’s and admins’ only', async () => {
    const { rulesUrl, firstQuiz, learner } = await setUp();
    const stranger = await signedInUser(ctx.app);
    const body = { quizzes: [{ lessonId: firstQuiz }], assignmentLessonIds: [] };
    expect((await send(stranger, 'GET', rulesUrl)).statusCode).toBe(403);
    expect((await send(learner, 'PUT', rulesUrl, body)).statusCode).toBe(403);
    expect((await send(null, 'PUT', rulesUrl, body)).statusCode).toBe(401);
    expect(await ctx.db.select().from(certificateRequirements).where(eq(certificateRequirements.lessonId, firstQuiz))).toEqual([]);
    const admin = await signedInAdmin(ctx.app);
    expect((await send(admin, 'PUT', rulesUrl, body)).statusCode).toBe(200);
    expect((await send(admin, 'GET', '/api/courses/999999/certificate-rules')).statusCode).toBe(404);
  });

  it("refuses a lesson that is not a quiz (or assignment) lesson of the course, or is named twice, with a translated error, and changes nothing", async () => {
    const { teacher, course, firstQuiz, secondQuiz, assignment, rulesUrl } = await setUp();
    await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz, minPercent: 80 }], assignmentLessonIds: [] });
    const before = (await send(teacher, 'GET', rulesUrl)).json();
    const other = await setUp();
    const [videoLesson] = await ctx.db.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id)).orderBy(courseLessons.id);
    const refused = [
      { quizzes: [{ lessonId: secondQuiz }, { lessonId: other.firstQuiz }], assignmentLessonIds: [] },
      { quizzes: [], assignmentLessonIds: [other.assignment] },
      { quizzes: [{ lessonId: videoLesson!.id }], assignmentLessonIds: [] },
      { quizzes: [{ lessonId: assignment }], assignmentLessonIds: [] },
      { quizzes: [], assignmentLessonIds: [firstQuiz] },
      { quizzes: [{ lessonId: secondQuiz }, { lessonId: secondQuiz, minPercent: 50 }], assignmentLessonIds: [] },
    ];
    for (const body of refused) {
      const answer = await send(teacher, 'PUT', rulesUrl, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error.code).toBe('CERTIFICATE_RULE_LESSON_INVALID');
    }
    const outOfRange = await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: secondQuiz, minPercent: 101 }], assignmentLessonIds: [] });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error.code).toBe('VALIDATION_FAILED');
    expect((await send(teacher, 'GET', rulesUrl)).json()).toEqual(before);
  });

  it('drops the rule of a deleted lesson', async () => {
    const { teacher, base, firstQuiz, assignment, rulesUrl } = await setUp();
    await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz }], assignmentLessonIds: [assignment] });
    expect((await send(teacher, 'DELETE', `${base}/lessons/${firstQuiz}`)).statusCode).toBe(200);
    const rules = (await send(teacher, 'GET', rulesUrl)).json() as CertificateRules;
    expect(rules.quizzes.map((quiz) => quiz.lessonId)).not.toContain(firstQuiz);
    expect(await ctx.db.select({ lessonId: certificateRequirements.lessonId }).from(certificateRequirements).where(eq(certificateRequirements.courseId, rules.courseId))).toEqual([
      { lessonId: assignment },
    ]);
  });

  it('issues the certificate once every lesson is done and every rule met, the last met by a better quiz score or a passed review, and freezes what it certified', async () => {
    const { teacher, course, firstQuiz, secondQuiz, assignment, learner, rulesUrl } = await setUp();
    await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz, minPercent: 90 }, { lessonId: secondQuiz }], assignmentLessonIds: [assignment] });
    await doTheOtherLessons(learner.id, course.id, [firstQuiz, secondQuiz, assignment]);
    const progress = async () => (await send(learner, 'GET', `/api/progress/${course.id}`)).json() as { completed: boolean; certificateMissing: unknown[] };

    // 87 % passes the quiz (70 %) and completes its lesson, short of the certificate's 90 %.
    await takeQuiz(learner, firstQuiz, allButLast);
    await takeQuiz(learner, secondQuiz, allButLast);
    expect((await progress()).certificateMissing).toEqual([]); // a lesson (the assignment) is left: nothing said of the rules yet

    const handedIn = await send(learner, 'POST', `/api/lessons/${assignment}/assignment/submissions`, { answerText: 'Mi cartel', withFile: false });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    const submissionId = handedIn.json().submissions[0].id as string;
    const reviewed = await send(teacher, 'POST', `/api/courses/${course.id}/assignment-submissions/${submissionId}/review`, { outcome: 'grade', passed: true, feedback: 'Bien' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    // Every lesson done; the first quiz's minimum is what is left.
    expect(await progress()).toMatchObject({ completed: true, certificateMissing: [{ kind: 'quiz', lessonId: firstQuiz, title: 'Repaso de color', minPercent: 90 }] });
    expect(await ctx.db.select().from(certificates).where(eq(certificates.userId, learner.id))).toEqual([]);
    const refused = await send(learner, 'POST', `/api/certificates/courses/${course.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CERTIFICATE_REQUIREMENTS_NOT_MET');

    // A better attempt at a lesson already done meets it: the certificate is issued by the grading itself.
    await takeQuiz(learner, firstQuiz, allRight);
    const [row] = await ctx.db.select().from(certificates).where(eq(certificates.userId, learner.id));
    expect(row).toBeDefined();
    expect(row!.achievements).toEqual({ quizzes: [{ title: 'Repaso de color', percent: 100 }, { title: 'Examen final', percent: 87 }], assignments: [{ title: 'Cartel propio' }] });
    // Both quizzes are worth 8 points: (100 + 87) / 2 = 93.5, rounded half up.
    expect(row!.finalScore).toBe(94);
    expect((await progress()).certificateMissing).toEqual([]);

    // Frozen: a renamed quiz, a harder rule and a deleted lesson later change nothing of it, and it stays valid.
    await ctx.db.update(courseLessons).set({ title: 'Otro nombre' }).where(eq(courseLessons.id, firstQuiz));
    await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz, minPercent: 100 }, { lessonId: secondQuiz, minPercent: 100 }], assignmentLessonIds: [] });
    const verification = (await send(null, 'GET', `/api/certificates/${row!.code}/verification`)).json() as CertificateVerification;
    expect(verification).toMatchObject({ state: 'valid', finalScore: 94, achievements: row!.achievements });
    expect((await send(learner, 'POST', `/api/certificates/courses/${course.id}`)).json()).toMatchObject({ code: row!.code, finalScore: 94 });
  });

  it('weights the final score by the points of each best attempt', async () => {
    const { teacher, course, firstQuiz, secondQuiz, learner, rulesUrl } = await setUp();
    await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz, minPercent: 50 }, { lessonId: secondQuiz, minPercent: 50 }], assignmentLessonIds: [] });
    await doTheOtherLessons(learner.id, course.id, []);
    const graded = (lessonId: number, number: number, percent: number, possible: number) => ({
      lessonId,
      version: 1,
      userId: learner.id,
      number,
      layout: [],
      startedAt: new Date(),
      submittedAt: new Date(),
      earned: Math.floor((percent * possible) / 100),
      possible,
      percent,
      passed: percent >= 70,
    });
    // The first quiz's best is 90 % of 100 points (a worse attempt was worth more), the second's 60 % of 300.
    await ctx.db.insert(quizAttempts).values([graded(firstQuiz, 1, 50, 400), graded(firstQuiz, 2, 90, 100), graded(secondQuiz, 1, 60, 300)]);
    const certificate = await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });
    // (90·100 + 60·300) / 400 = 67.5: 68.
    expect(certificate).toMatchObject({ finalScore: 68, achievements: { quizzes: [{ title: 'Repaso de color', percent: 90 }, { title: 'Examen final', percent: 60 }], assignments: [] } });
  });

  it('without rules issues as before: every lesson done, no final score, and says so', async () => {
    const { course, learner } = await setUp();
    await doTheOtherLessons(learner.id, course.id, []);
    const certificate = await issueCertificateIfComplete(ctx.db, { userId: learner.id, courseId: course.id });
    expect(certificate).toMatchObject({ state: 'valid', finalScore: null, achievements: { quizzes: [], assignments: [] } });
    expect(certificate!.lessonsCompleted).toBeGreaterThan(0);
  });

  it('keeps a certificate issued before rules existed valid, shown with its lessons and video, printed, and revocable', async () => {
    const { teacher, course, firstQuiz, learner, rulesUrl } = await setUp();
    const [old] = await ctx.db
      .insert(certificates)
      .values({ code: 'ABCD-EFGH-JKMN', userId: learner.id, courseId: course.id, learnerName: 'Núria Castañeda', courseTitle: 'Diseño gráfico básico', teacherName: 'Iñaki Pérez', language: 'es', lessonsCompleted: 7, videoSecondsWatched: 5400 })
      .returning();
    expect(old!.achievements).toBeNull();
    // A rule the learner never met does not take it away.
    await send(teacher, 'PUT', rulesUrl, { quizzes: [{ lessonId: firstQuiz, minPercent: 100 }], assignmentLessonIds: [] });
    const verification = await send(null, 'GET', `/api/certificates/${old!.code}/verification`);
    expect(verification.statusCode).toBe(200);
    expect(verification.json()).toMatchObject({ state: 'valid', lessonsCompleted: 7, videoSecondsWatched: 5400, achievements: null, finalScore: null });
    expect((await send(learner, 'POST', `/api/certificates/courses/${course.id}`)).json()).toMatchObject({ code: old!.code, achievements: null });
    const pdf = await send(learner, 'GET', `/api/certificates/${old!.code}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).join(' ');
    expect(text).toContain('7 lecciones');
    expect(text).not.toContain('Nota final');

    expect(await revokeCertificates(ctx.db, { userId: learner.id, courseIds: [course.id] })).toBe(1);
    expect((await send(null, 'GET', `/api/certificates/${old!.code}/verification`)).json()).toMatchObject({ state: 'revoked' });
  });
});
