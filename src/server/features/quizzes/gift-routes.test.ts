import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { createCourse } from '../../db/factories';
import type { EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import type { QuestionDefinition } from '../../../shared/schemas/quizzes';

/**
 * The GIFT routes around the parser and writer (gift.ts and gift-thread.ts have their own tests):
 * who may call them, which lesson, what goes in and out through the real worker, and the
 * QUIZ_MAX_QUESTIONS bound on what is read.
 */
const question = (id: string): QuestionDefinition => ({ id, type: 'true-false', prompt: `¿${id}?`, points: 1, explanation: null, correct: true });

describe('GIFT in and out', () => {
  const ctx = useTestApp({ QUIZ_MAX_QUESTIONS: '3' });
  const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

  async function quizOf() {
    const teacher = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: teacher.id });
    const base = `/api/courses/${course.id}/curriculum`;
    const sectionId = ((await send(teacher, 'GET', base)).json() as EditableCurriculum).sections[0]!.id;
    const added = (await send(teacher, 'POST', `${base}/sections/${sectionId}/lessons`, { kind: 'quiz', title: 'Importado' })).json() as EditableCurriculum;
    const lessonId = added.sections[0]!.lessons.at(-1)!.id;
    return { teacher, url: `/api/courses/${course.id}/quizzes/${lessonId}`, course, lessonId };
  }

  it('reads a text through the parser off the request thread, saving nothing, and answers at most QUIZ_MAX_QUESTIONS questions', async () => {
    const { teacher, url } = await quizOf();
    const text = ['¿a? {T}', '¿m? {=x -> 1 =y -> 2}', '¿b? {T}', '¿c? {T}', '¿d? {T}'].join('\n\n');
    const answer = await send(teacher, 'POST', `${url}/gift`, { text });
    expect(answer.statusCode).toBe(200);
    const read = answer.json() as { questions: QuestionDefinition[]; problems: { line: number; message: string }[] };
    expect(read.questions.map(({ prompt, type }) => ({ prompt, type }))).toEqual(['¿a?', '¿b?', '¿c?'].map((prompt) => ({ prompt, type: 'true-false' })));
    expect(read.problems).toEqual([
      { line: 3, message: 'gift.unsupportedMatching' },
      { line: 9, message: 'gift.tooManyQuestions' },
    ]);
    expect((await send(teacher, 'GET', url)).json()).toMatchObject({ version: 1, questions: [] });
  });

  it('writes the current version out as a text file', async () => {
    const { teacher, url, lessonId } = await quizOf();
    const questions = ['x', 'y'].map(question);
    await send(teacher, 'PUT', url, { settings: { passingPercent: 70, maxAttempts: null, waitMinutes: 0, timeLimitMinutes: null, shuffleQuestions: false, shuffleChoices: false, drawCount: null }, questions });
    const answer = await send(teacher, 'GET', `${url}/gift`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="quiz-${lessonId}.gift.txt"`);
    // What it writes reads back as the same questions.
    const readBack = (await send(teacher, 'POST', `${url}/gift`, { text: answer.body })).json() as { questions: QuestionDefinition[] };
    expect(readBack.questions).toEqual(questions.map((question, index) => ({ ...question, id: `q${index + 1}` })));
  });

  it('is for the course owner and admins, on a quiz lesson of that course', async () => {
    const { url, course } = await quizOf();
    const stranger = await signedInUser(ctx.app);
    expect((await send(stranger, 'GET', `${url}/gift`)).statusCode).toBe(403);
    expect((await send(stranger, 'POST', `${url}/gift`, { text: 'x' })).statusCode).toBe(403);
    const owner = await signedInUser(ctx.app);
    const other = await createCourse(ctx.db, { ownerId: owner.id });
    expect((await send(owner, 'GET', `${url.replace(`/courses/${course.id}/`, `/courses/${other.id}/`)}/gift`)).json().error.code).toBe('LESSON_NOT_FOUND');
  });
});
