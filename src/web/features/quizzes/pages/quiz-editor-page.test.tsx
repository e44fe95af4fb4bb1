import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { paths } from '../../../../shared/paths';
import { editableQuiz, quizDefinitionInput, type EditableQuiz } from '../../../../shared/schemas/quizzes';
import { setLanguage } from '../../../i18n';
import type { Session } from '../../../session/get-session';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { makeEditableQuiz, makeGiftResult } from '../quiz-fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

const address = paths.quizEditor(4, 21);

/** A server that keeps the quiz and answers a save as the API does: the saved quiz, one version later. */
function quizServer(initial: EditableQuiz = makeEditableQuiz()) {
  let quiz = initial;
  const spy = mockApi({
    getSession: () => session,
    getMe: () => ({ ...session.user, createdCoursesCount: 1 }),
    getQuizForEdit: () => quiz,
    saveQuiz: ({ body }) => {
      const input = quizDefinitionInput.parse(body);
      quiz = editableQuiz.parse({ ...quiz, ...input, version: quiz.version + 1 });
      return quiz;
    },
    readQuizGift: () => makeGiftResult(),
  });
  return { spy };
}

const questionNamed = (name: RegExp | string) => screen.getByRole('listitem', { name });

/** Types a whole text at once (a paste): the form is long, and key-by-key typing adds nothing here. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function addQuestion(user: UserEvent, type: string) {
  await user.click(screen.getByRole('combobox', { name: 'Tipo de la nueva pregunta' }));
  await user.click(await screen.findByRole('option', { name: type }));
  await user.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
}

describe('the quiz editor page', () => {
  it('adds a question of each type, sets the rules, and saves what the schema accepts', { timeout: 300_000 }, async () => {
    const { spy } = quizServer();
    const { user } = renderApp(address);
    expect(await screen.findByRole('heading', { name: 'Cuestionario: Repaso de Python', level: 1 }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al curso' })).toHaveAttribute('href', paths.editCourse(4));

    await addQuestion(user, 'Opción múltiple');
    let question = questionNamed('Pregunta 2: Opción múltiple');
    // A new question's prompt gets the focus.
    await waitFor(() => expect(within(question).getByRole('textbox', { name: /^Enunciado/ })).toHaveFocus());
    await user.keyboard('¿Cuáles son pares?');
    await fill(user, within(question).getByRole('textbox', { name: /^Opción 1/ }), '2');
    await fill(user, within(question).getByRole('textbox', { name: /^Opción 2/ }), '3');
    await user.click(within(question).getByRole('button', { name: 'Añadir opción' }));
    await fill(user, within(question).getByRole('textbox', { name: /^Opción 3/ }), '4');
    await user.click(within(question).getByRole('checkbox', { name: 'La opción 1 es correcta' }));
    await user.click(within(question).getByRole('checkbox', { name: 'La opción 3 es correcta' }));
    await user.click(within(question).getByRole('radio', { name: /^Parcial/ }));
    const points = within(question).getByRole('textbox', { name: /^Puntos/ });
    await user.clear(points);
    await user.type(points, '2');

    await addQuestion(user, 'Verdadero o falso');
    question = questionNamed('Pregunta 3: Verdadero o falso');
    await fill(user, within(question).getByRole('textbox', { name: /^Enunciado/ }), 'El 0 es par.');
    await fill(user, within(question).getByRole('textbox', { name: /^Explicación/ }), 'Es divisible entre **2**.');

    await addQuestion(user, 'Respuesta corta');
    question = questionNamed('Pregunta 4: Respuesta corta');
    expect(within(question).getByText(/No importan las mayúsculas, las tildes/)).toBeInTheDocument();
    await fill(user, within(question).getByRole('textbox', { name: /^Enunciado/ }), '¿Capital de Perú?');
    await fill(user, within(question).getByRole('textbox', { name: /^Respuesta aceptada 1/ }), 'Lima');
    await user.click(within(question).getByRole('button', { name: 'Añadir respuesta aceptada' }));
    await fill(user, within(question).getByRole('textbox', { name: /^Respuesta aceptada 2/ }), 'Ciudad de los Reyes');

    await addQuestion(user, 'Numérica');
    question = questionNamed('Pregunta 5: Numérica');
    await fill(user, within(question).getByRole('textbox', { name: /^Enunciado/ }), '¿Cuánto es 7 / 2?');
    await fill(user, within(question).getByRole('textbox', { name: /^Respuesta/ }), '3,5');
    const tolerance = within(question).getByRole('textbox', { name: /^Tolerancia/ });
    await user.clear(tolerance);
    await user.type(tolerance, '0,1');

    await addQuestion(user, 'Ordenar');
    question = questionNamed('Pregunta 6: Ordenar');
    await fill(user, within(question).getByRole('textbox', { name: /^Enunciado/ }), 'Ordena de menor a mayor.');
    await fill(user, within(question).getByRole('textbox', { name: /^Elemento 1/ }), 'Uno');
    await fill(user, within(question).getByRole('textbox', { name: /^Elemento 2/ }), 'Tres');
    await user.click(within(question).getByRole('button', { name: 'Añadir elemento' }));
    await fill(user, within(question).getByRole('textbox', { name: /^Elemento 3/ }), 'Dos');
    await user.click(within(question).getByRole('button', { name: 'Subir el elemento 3' }));

    await addQuestion(user, 'Opción única');
    question = questionNamed('Pregunta 7: Opción única');
    await fill(user, within(question).getByRole('textbox', { name: /^Enunciado/ }), '¿Qué es `len`?');
    await fill(user, within(question).getByRole('textbox', { name: /^Opción 1/ }), 'Una clase');
    await fill(user, within(question).getByRole('textbox', { name: /^Opción 2/ }), 'Una función');
    await user.click(within(question).getByRole('radio', { name: 'La opción 2 es correcta' }));
    // The last question first.
    await user.click(within(question).getByRole('button', { name: 'Subir la pregunta 7' }));
    expect(await screen.findByText('Pregunta movida a la posición 6 de 7')).toBeInTheDocument();

    // The rules: 3 attempts, 20 minutes, a pool of 5 of the 7 questions.
    await user.click(screen.getByRole('radio', { name: 'Limitados' }));
    const attempts = screen.getByRole('textbox', { name: /^Número de intentos/ });
    await user.clear(attempts);
    await user.type(attempts, '3');
    await user.click(screen.getByRole('switch', { name: 'Con tiempo límite' }));
    const minutes = screen.getByRole('textbox', { name: /^Tiempo límite \(minutos\)/ });
    await user.clear(minutes);
    await user.type(minutes, '20');
    await user.click(screen.getByRole('switch', { name: 'Sacar al azar solo algunas preguntas en cada intento' }));
    const draw = screen.getByRole('textbox', { name: /^Preguntas por intento/ });
    await user.clear(draw);
    await user.type(draw, '5');
    expect(screen.getByText('de 7 preguntas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar cuestionario' }));
    expect(await screen.findByText('Cuestionario guardado')).toBeInTheDocument();
    const sent = requestsTo(spy, endpoints.saveQuiz);
    expect(sent).toHaveLength(1);
    // What was sent is what the server's schema accepts, unchanged by it.
    expect(quizDefinitionInput.parse(sent[0]!.body)).toEqual(sent[0]!.body);
    const body = sent[0]!.body!;
    expect(body.settings).toEqual({ passingPercent: 70, maxAttempts: 3, waitMinutes: 0, timeLimitMinutes: 20, shuffleQuestions: false, shuffleChoices: true, drawCount: 5 });
    expect(body.questions.map((item) => item.type)).toEqual(['single', 'multiple', 'true-false', 'short-answer', 'numeric', 'single', 'ordering']);
    const [, multiple, trueFalse, shortAnswer, numeric, single, ordering] = body.questions;
    expect(multiple).toMatchObject({ prompt: '¿Cuáles son pares?', points: 2, scoring: 'partial', explanation: null });
    expect(multiple?.type === 'multiple' && multiple.choices.map(({ text, correct }) => [text, correct])).toEqual([
      ['2', true],
      ['3', false],
      ['4', true],
    ]);
    expect(trueFalse).toMatchObject({ correct: true, explanation: 'Es divisible entre **2**.' });
    expect(shortAnswer).toMatchObject({ acceptedAnswers: ['Lima', 'Ciudad de los Reyes'] });
    expect(numeric).toMatchObject({ answer: 3.5, tolerance: 0.1 });
    expect(single?.type === 'single' && single.choices.map(({ text, correct }) => [text, correct])).toEqual([
      ['Una clase', false],
      ['Una función', true],
    ]);
    expect(ordering?.type === 'ordering' && ordering.items.map((item) => item.text)).toEqual(['Uno', 'Dos', 'Tres']);
    // Every new id fits the schema's pattern and none repeats.
    const ids = body.questions.map((item) => item.id);
    expect(new Set(ids).size).toBe(7);
    expect(await screen.findByText('Versión 2')).toBeInTheDocument();
  });

  it('shows the schema’s problems in words before sending anything, and the server’s refusals translated', { timeout: 120_000 }, async () => {
    const { spy } = quizServer();
    const { user } = renderApp(address);
    await screen.findByRole('heading', { name: 'Cuestionario: Repaso de Python', level: 1 }, { timeout: 30_000 });
    await addQuestion(user, 'Opción única');
    await user.click(screen.getByRole('switch', { name: 'Sacar al azar solo algunas preguntas en cada intento' }));
    const draw = screen.getByRole('textbox', { name: /^Preguntas por intento/ });
    await user.clear(draw);
    await user.type(draw, '9');
    await user.click(screen.getByRole('button', { name: 'Guardar cuestionario' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Corrige 5 problemas antes de guardar');
    expect(summary).toHaveTextContent('Ajustes: Un cuestionario no puede sacar más preguntas de las que tiene');
    const question = questionNamed('Pregunta 2: Opción única');
    expect(within(question).getAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(within(question).getByText('Marca exactamente una opción como correcta')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.saveQuiz)).toHaveLength(0);

    // Fixing a problem removes its message at once.
    await user.click(within(question).getByRole('radio', { name: 'La opción 1 es correcta' }));
    expect(within(question).queryByText('Marca exactamente una opción como correcta')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Corrige 4 problemas antes de guardar');
  });

  it('shows a refusal of the server with its field in words', { timeout: 120_000 }, async () => {
    mockApi({
      getSession: () => session,
      getMe: () => ({ ...session.user, createdCoursesCount: 1 }),
      getQuizForEdit: () => makeEditableQuiz(),
      saveQuiz: () => jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: { 'questions.0.choices': ['validation.quizDuplicateIds'] } } }, 400),
    });
    const { user } = renderApp(address);
    await screen.findByRole('heading', { name: 'Cuestionario: Repaso de Python', level: 1 }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Guardar cuestionario' }));
    expect(await within(questionNamed('Pregunta 1: Opción única')).findByText('Cada pregunta, opción y elemento necesita su propio identificador')).toBeInTheDocument();
  });

  it('imports GIFT questions (pasted or from a file), shows the problems by line, and adds them with fresh ids', { timeout: 120_000 }, async () => {
    const { spy } = quizServer();
    const { user } = renderApp(address);
    await screen.findByRole('heading', { name: 'Cuestionario: Repaso de Python', level: 1 }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Importar GIFT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar preguntas en formato GIFT' });

    // A file over the limit is refused in the browser.
    const picker = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.accept).toBe('.gift,.txt,text/plain');
    await user.upload(picker, new File(['x'.repeat(200_001)], 'enorme.gift', { type: 'text/plain' }));
    expect(await within(dialog).findByText('El texto tiene más de 200000 caracteres.')).toBeInTheDocument();
    const gift = '::Agua:: El agua hierve a 100 °C al nivel del mar. {T}\n\n¿Capital de Francia? {=París =Paris}\n';
    await user.upload(picker, new File([gift], 'preguntas.gift', { type: 'text/plain' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Texto GIFT' })).toHaveValue(gift));

    await user.click(within(dialog).getByRole('button', { name: 'Leer preguntas' }));
    expect(await within(dialog).findByText('Se encontraron 2 preguntas')).toBeInTheDocument();
    expect(within(dialog).getByText('Línea 7: Las respuestas ({…}) no están cerradas; esta pregunta se omitió.')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.readQuizGift)[0]!.body).toEqual({ text: gift });
    await user.click(within(dialog).getByRole('button', { name: 'Añadir 2 preguntas' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(questionNamed('Pregunta 2: Verdadero o falso')).toBeInTheDocument();
    expect(questionNamed('Pregunta 3: Respuesta corta')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar cuestionario' }));
    await screen.findByText('Cuestionario guardado');
    const ids = requestsTo(spy, endpoints.saveQuiz)[0]!.body!.questions.map((question) => question.id);
    // The imported "q1" collided with the quiz's own and got a new id; "g2" kept its own.
    expect(ids[0]).toBe('q1');
    expect(ids[1]).not.toBe('q1');
    expect(ids[1]).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(ids[2]).toBe('g2');
  });

  it('links to the GIFT export, says that taken attempts keep their version, and speaks English', { timeout: 120_000 }, async () => {
    quizServer(makeEditableQuiz({ attemptCount: 12 }));
    await setLanguage('en');
    const { user } = renderApp(address);
    expect(await screen.findByRole('heading', { name: 'Quiz: Repaso de Python', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export GIFT' })).toHaveAttribute('href', '/api/courses/4/quizzes/21/gift');
    expect(screen.getByText(/12 learners' attempts keep the version they took/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save quiz' }));
    expect(await screen.findByText("Quiz saved. 12 learners' attempts keep the version they took.")).toBeInTheDocument();
  });
});
