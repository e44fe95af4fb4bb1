import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { attemptAnswersInput, quizAttemptResult } from '../../../../shared/schemas/quizzes';
import { progressKeys } from '../../../entities/progress/progress-keys';
import { jsonResponse, mockApi, requestsTo, type ApiMocks } from '../../../testing/mock-fetch';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import { attemptId, makeAttempt, makeOverview, makeResult, otherAttemptId } from '../quiz-fixtures';
import { QuizLesson } from './quiz-lesson';

const renderQuiz = (mocks: ApiMocks) => {
  const spy = mockApi(mocks);
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  return { spy, invalidate, ...renderWithProviders(<QuizLesson courseId={5} lessonId={21} />, { queryClient }) };
};

describe('the quiz lesson in the course player', () => {
  afterEach(() => vi.useRealTimers());

  it('starts an attempt, answers each type from the keyboard, autosaves, submits, and shows what was right and wrong', async () => {
    let overview = makeOverview();
    const { spy, user } = renderQuiz({
      getQuizOverview: () => overview,
      startQuizAttempt: () => jsonResponse(makeAttempt(), 201),
      saveQuizAnswers: ({ body }) => {
        attemptAnswersInput.parse(body);
        return new Response(null, { status: 204 });
      },
      submitQuizAttempt: ({ body }) => {
        attemptAnswersInput.parse(body);
        overview = makeOverview({ attempts: [{ attemptId, number: 1, submittedAt: '2026-05-01T10:05:00.000Z', percent: 57, passed: false }], bestPercent: 57 });
        return makeResult();
      },
    });

    // The overview says the rules in words.
    const rules = await screen.findByRole('list', { name: 'Reglas del cuestionario' });
    expect(within(rules).getByText('Para aprobar necesitas un 70 %.')).toBeInTheDocument();
    expect(within(rules).getByText('3 intentos permitidos; has usado 0.')).toBeInTheDocument();
    expect(within(rules).getByText('Entre un intento y otro hay que esperar 10 minutos.')).toBeInTheDocument();
    expect(within(rules).getByText('Sin tiempo límite.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));

    const heading = await screen.findByRole('heading', { name: 'Intento 1' });
    await waitFor(() => expect(heading).toHaveFocus());
    const question = (number: number) => screen.getByRole('group', { name: `Pregunta ${number} de 6 · ${number === 2 ? '2 puntos' : '1 punto'}` });

    // Single choice: the radio group from the keyboard.
    within(question(1)).getByRole('radio', { name: 'Dos' }).focus();
    await user.keyboard(' ');
    expect(within(question(1)).getByRole('radio', { name: 'Dos' })).toBeChecked();
    // Multiple choice: checkboxes with Space.
    within(question(2)).getByRole('checkbox', { name: '[1]' }).focus();
    await user.keyboard(' ');
    within(question(2)).getByRole('checkbox', { name: '[]' }).focus();
    await user.keyboard(' ');
    expect(within(question(2)).getByRole('checkbox', { name: '[]' })).toBeChecked();
    // True or false.
    within(question(3)).getByRole('radio', { name: 'Verdadero' }).focus();
    await user.keyboard(' ');
    // Short answer.
    await user.type(within(question(4)).getByRole('textbox', { name: 'Tu respuesta' }), 'def');
    // Numeric, with a decimal comma (Spanish); a word is no number.
    const numeric = within(question(5)).getByRole('textbox', { name: 'Tu respuesta' });
    await user.type(numeric, 'tres');
    expect(within(question(5)).getByText('Escribe un número, como 3,5')).toBeInTheDocument();
    await user.clear(numeric);
    await user.type(numeric, '3,5');
    expect(within(question(5)).queryByText('Escribe un número, como 3,5')).toBeNull();
    // Ordering: "Uno" up twice with Enter, each move announced; the focus stays on the item.
    const up = within(question(6)).getByRole('button', { name: 'Subir «Uno»' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('«Uno» ahora está en la posición 1 de 3')).toBeInTheDocument();
    await waitFor(() => expect(within(question(6)).getByRole('button', { name: 'Bajar «Uno»' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('«Uno» ahora está en la posición 2 de 3')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const items = within(question(6)).getAllByRole('listitem').map((item) => item.textContent?.replace(/[↑↓]/g, ''));
    expect(items).toEqual(['1.Tres', '2.Dos', '3.Uno']);

    // The answers are saved a moment after the last change (earlier saves, while answering, had fewer).
    await waitFor(() =>
      expect(requestsTo(spy, endpoints.saveQuizAnswers).at(-1)?.body).toEqual({
      answers: {
        q1: { type: 'single', choiceId: 'a' },
        q2: { type: 'multiple', choiceIds: ['a', 'c'] },
        q3: { type: 'true-false', value: true },
        q4: { type: 'short-answer', text: 'def' },
        q5: { type: 'numeric', value: 3.5 },
        q6: { type: 'ordering', itemIds: ['x', 'z', 'y'] },
      },
      }),
    );
    expect(screen.getByText(/6 de 6 preguntas respondidas/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    await screen.findByRole('heading', { name: 'Resultado del intento 1' });
    expect(requestsTo(spy, endpoints.submitQuizAttempt)[0]!.body!.answers.q5).toEqual({ type: 'numeric', value: 3.5 });

    // The result: the score against the passing one, each question's outcome, answers and explanations.
    expect(screen.getByText('4 de 7 puntos · 57 %')).toBeInTheDocument();
    expect(screen.getByText('No aprobado')).toBeInTheDocument();
    expect(screen.getByText('Para aprobar hacía falta un 70 %.')).toBeInTheDocument();
    const graded = screen.getByRole('list', { name: 'Preguntas corregidas' });
    const first = within(graded).getByRole('listitem', { name: 'Pregunta 1: Correcta' });
    expect(within(first).getByText('enteros').tagName).toBe('STRONG');
    const third = within(graded).getByRole('listitem', { name: 'Pregunta 3: Incorrecta' });
    expect(within(third).getByText('Falso')).toBeInTheDocument();
    expect(within(third).getByText('Verdadero')).toBeInTheDocument();
    expect(within(third).getByText('a').tagName).toBe('CODE');
    const second = within(graded).getByRole('listitem', { name: 'Pregunta 2: Parcialmente correcta' });
    expect(within(second).getByText('1 de 2 puntos')).toBeInTheDocument();
    expect(within(graded).getByRole('listitem', { name: 'Pregunta 5: Correcta' })).toHaveTextContent('3,5 (± 0,01)');
    const sixth = within(graded).getByRole('listitem', { name: 'Pregunta 6: Sin responder' });
    expect(within(sixth).getByText('No respondiste.')).toBeInTheDocument();
    expect(within(sixth).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Uno', 'Dos', 'Tres']);

    // Back to the overview, which lists the attempt.
    await user.click(screen.getByRole('button', { name: 'Volver al cuestionario' }));
    expect(await screen.findByText('Tu mejor nota: 57 %.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentarlo de nuevo' })).toBeInTheDocument();
  });

  it('asks before submitting with unanswered questions; a pass reads the course progress again', async () => {
    const { spy, user, invalidate } = renderQuiz({
      getQuizOverview: () => makeOverview({ inProgress: attemptId }),
      getQuizAttempt: () => makeAttempt({ answers: { q5: { type: 'numeric', value: 2.25 } } }),
      saveQuizAnswers: () => new Response(null, { status: 204 }),
      submitQuizAttempt: () => makeResult({ passed: true, percent: 80, earned: 560 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continuar el intento' }));
    // A saved number comes back as the learner's language writes it.
    expect(await screen.findByDisplayValue('2,25')).toBeInTheDocument();
    // The order shown can be the learner's answer without moving anything.
    await user.click(screen.getByRole('button', { name: 'Dejar este orden como mi respuesta' }));
    expect(screen.queryByRole('button', { name: 'Dejar este orden como mi respuesta' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Te quedan 4 preguntas sin responder. Una vez enviado no podrás cambiar tus respuestas.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(spy, endpoints.submitQuizAttempt)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Enviar respuestas' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByText('Aprobado')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.submitQuizAttempt)[0]!.body).toEqual({ answers: { q5: { type: 'numeric', value: 2.25 }, q6: { type: 'ordering', itemIds: ['x', 'y', 'z'] } } });
    // The lesson is done on the server: the sidebar's progress is read again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: progressKeys.course(5) });
  });

  it('saves the answers not yet saved when the learner leaves the lesson, with a request that outlives the page', async () => {
    const { spy, user, unmount } = renderQuiz({
      getQuizOverview: () => makeOverview(),
      startQuizAttempt: () => jsonResponse(makeAttempt(), 201),
      saveQuizAnswers: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Empezar el cuestionario' }));
    // The lesson closes right after a change, before the autosave's delay is over.
    fireEvent.change(within(await screen.findByRole('group', { name: /^Pregunta 4 de 6/ })).getByRole('textbox', { name: 'Tu respuesta' }), { target: { value: 'def' } });
    expect(requestsTo(spy, endpoints.saveQuizAnswers)).toHaveLength(0);
    unmount();
    expect(requestsTo(spy, endpoints.saveQuizAnswers).map((sent) => sent.body)).toEqual([{ answers: { q4: { type: 'short-answer', text: 'def' } } }]);
    const [, init] = spy.mock.calls.find(([input]) => String(input).includes('/answers'))!;
    expect(init?.keepalive).toBe(true);
  });

  it('says why no attempt can start: no attempts left, a wait until a local time, or no questions', async () => {
    const submitted = { attemptId: otherAttemptId, number: 1, submittedAt: '2026-05-01T10:05:00.000Z', percent: 40, passed: false };
    const { user, unmount } = renderQuiz({ getQuizOverview: () => makeOverview({ attempts: [submitted], blockedReason: 'no-attempts-left', bestPercent: 40 }), getQuizAttemptResult: () => makeResult({ attemptId: otherAttemptId }) });
    expect(await screen.findByText('No te quedan intentos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Empezar|Intentarlo/ })).toBeNull();
    // A past attempt's result can be read again.
    await user.click(screen.getByRole('button', { name: 'Ver el resultado del intento 1' }));
    expect(await screen.findByRole('heading', { name: 'Resultado del intento 1' })).toBeInTheDocument();
    unmount();

    const nextAttemptAt = '2026-05-01T12:30:00.000Z';
    const local = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(nextAttemptAt));
    const second = renderQuiz({ getQuizOverview: () => makeOverview({ attempts: [submitted], blockedReason: 'wait', nextAttemptAt }) });
    expect(await screen.findByText(`Podrás intentarlo de nuevo el ${local}.`)).toBeInTheDocument();
    second.unmount();

    renderQuiz({ getQuizOverview: () => makeOverview({ questionCount: 0, blockedReason: 'no-questions' }) });
    expect(await screen.findByText('Este cuestionario todavía no tiene preguntas.')).toBeInTheDocument();
  });

  it('counts a timed attempt down to the server’s deadline, announces 5 and 1 minutes left, and submits at zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00.000Z'));
    const deadline = '2026-05-01T10:06:00.000Z';
    const { spy, user } = renderQuiz({
      getQuizOverview: () => makeOverview({ settings: { passingPercent: 70, maxAttempts: null, waitMinutes: 0, timeLimitMinutes: 6, drawCount: null } }),
      startQuizAttempt: () => jsonResponse(makeAttempt({ deadline }), 201),
      saveQuizAnswers: () => new Response(null, { status: 204 }),
      submitQuizAttempt: () => quizAttemptResult.parse(makeResult({ late: false })),
    });
    expect(await screen.findByText('Tienes 6 minutos desde que empiezas; al acabarse el tiempo, el intento se envía solo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Empezar el cuestionario' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('Tiempo restante: 06:00');
    within(screen.getByRole('group', { name: /^Pregunta 3 de 6/ })).getByRole('radio', { name: 'Falso' }).focus();
    await user.keyboard(' ');

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Tiempo restante: 04:59');
    expect(screen.getByText('Quedan 5 minutos')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(screen.getByText('Queda 1 minuto')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.submitQuizAttempt)).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // No question asked at zero: what was answered goes.
    await waitFor(() => expect(requestsTo(spy, endpoints.submitQuizAttempt)).toHaveLength(1));
    expect(requestsTo(spy, endpoints.submitQuizAttempt)[0]!.body).toEqual({ answers: { q3: { type: 'true-false', value: false } } });
    expect(await screen.findByRole('heading', { name: 'Resultado del intento 1' })).toBeInTheDocument();
  });
});
