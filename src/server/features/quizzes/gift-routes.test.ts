import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { createCourse } from '../../db/factories';
import type { EditableCurriculum } from '../../../shared/schemas/curriculum-editing';
import type { QuestionDefinition } from '../../../shared/schemas/quizzes';

/**
 * The GIFT routes around the parser and writer (gift.ts, gift-thread.ts, tested on their own):
 * here they are replaced by doubles, so these tests check only what the routes add: who may call
 * them, which lesson, what goes in and out, and the QUIZ_MAX_QUESTIONS bound on what is read.
 */
const question = (id: string): QuestionDefinition => ({ id, type: 'true-false', prompt: `¿${id}?`, points: 1, explanation: null, correct: true });
const gift = vi.hoisted(() => ({ read: vi.fn(), format: vi.fn() }));
vi.mock('./gift-thread', () => ({ readGiftOffThread: gift.read }));
vi.mock('./gift', () => ({ formatGift: gift.format, parseGift: vi.fn() }));

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
    gift.read.mockResolvedValueOnce({ questions: ['a', 'b', 'c', 'd'].map(question), problems: [{ line: 7, message: 'Unclosed {' }] });
    const answer = await send(teacher, 'POST', `${url}/gift`, { text: '::a:: ¿a? {T}' });
    expect(answer.statusCode).toBe(200);
    expect(gift.read).toHaveBeenCalledWith('::a:: ¿a? {T}');
    expect(answer.json()).toEqual({ questions: ['a', 'b', 'c'].map(question), problems: [{ line: 7, message: 'Unclosed {' }] });
    expect((await send(teacher, 'GET', url)).json()).toMatchObject({ version: 1, questions: [] });
  });

  it('writes the current version out as a text file', async () => {
    const { teacher, url, lessonId } = await quizOf();
    const questions = ['x', 'y'].map(question);
    await send(teacher, 'PUT', url, { settings: { passingPercent: 70, maxAttempts: null, waitMinutes: 0, timeLimitMinutes: null, shuffleQuestions: false, shuffleChoices: false, drawCount: null }, questions });
    gift.format.mockReturnValueOnce('::x:: ¿x? {T}\n');
    const answer = await send(teacher, 'GET', `${url}/gift`);
    expect(answer.statusCode).toBe(200);
    expect(gift.format).toHaveBeenCalledWith(questions);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="quiz-${lessonId}.gift.txt"`);
    expect(answer.body).toBe('::x:: ¿x? {T}\n');
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
