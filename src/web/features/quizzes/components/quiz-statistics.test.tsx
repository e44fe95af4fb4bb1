import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { paths } from '../../../../shared/paths';
import { loadActivityTexts, setLanguage } from '../../../i18n';
import type { Session } from '../../../session/get-session';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { makeEditableQuiz, makeQuizStatistics, makeTooFewLearners } from '../quiz-fixtures';
import { QuizStatisticsPanel } from './quiz-statistics';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

/** Intl writes a non-breaking space before "%" in Spanish; the tests compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/gu, ' ');
const figure = (label: string) => plain(screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent);

describe('the quiz statistics', () => {
  // Shown inside the quiz editor, whose chunk brings the activities' texts.
  beforeEach(async () => {
    await loadActivityTexts();
  });

  it('shows the summary, each question with its counts and discrimination index, and the choices of wrong answers, in Spanish numbers', async () => {
    mockApi({ getQuizStatistics: () => makeQuizStatistics() });
    renderWithProviders(<QuizStatisticsPanel courseId={4} lessonId={21} />);
    expect(await screen.findByText('Intentos', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Intentos')).toBe('7');
    expect(figure('Estudiantes')).toBe('6');
    expect(figure('Intentos aprobados')).toBe('42,9 %');
    expect(screen.getByText('3 de 7 intentos')).toBeInTheDocument();
    expect(figure('Estudiantes que aprobaron')).toBe('33,3 %');
    expect(figure('Nota media')).toBe('49,6 %');
    expect(figure('Tiempo medio')).toBe('3 min 39 s');
    expect(screen.getByText(/El índice de discriminación resta/)).toHaveTextContent(/27 % de estudiantes.*Cada grupo tiene 2 estudiantes\./u);

    const table = screen.getByRole('table', { name: 'Resultados por pregunta' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Pregunta', 'Veces mostrada', 'Correctas', 'Parciales', 'Incorrectas', 'Discriminación']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => plain(cell.textContent));
    expect(cells(rows[0]!)).toEqual(['Pregunta 1 · Opción única¿Qué imprime `print(1 + 1)`?', '7', '4 (57,1 %)', '0 (0 %)', '3 (42,9 %)', '1,00']);
    // q4's index is 0 and q5's negative: both flagged; q1's is not.
    expect(cells(rows[1]!)).toEqual(['Pregunta 2 · Respuesta cortaLa palabra que define una función', '7', '4 (57,1 %)', '0 (0 %)', '3 (42,9 %)1 sin responder', '0,00Revisa esta pregunta']);
    expect(cells(rows[2]!)[0]).toContain('Ya no está en la versión actual (estuvo hasta la versión 2)');
    expect(cells(rows[2]!)[5]).toBe('-0,50Revisa esta pregunta');
    expect(screen.getAllByText('Revisa esta pregunta')).toHaveLength(2);

    const choices = screen.getByRole('table', { name: 'Pregunta 1: opciones elegidas en las respuestas incorrectas' });
    expect(within(choices).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2', 'Sí', '0'],
      ['11', 'No', '2'],
      ['Error', 'No', '1'],
    ]);
    // Only choice questions have a table of choices.
    expect(screen.getAllByRole('table')).toHaveLength(2);
  });

  it('says there are not enough learners yet, with no figures or tables', async () => {
    mockApi({ getQuizStatistics: () => makeTooFewLearners() });
    renderWithProviders(<QuizStatisticsPanel courseId={4} lessonId={21} />);
    expect(await screen.findByText('Aún no hay estadísticas')).toBeInTheDocument();
    expect(screen.getByText(/al menos 5 estudiantes han terminado un intento/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Intentos')).not.toBeInTheDocument();
  });

  it('speaks English with English numbers', async () => {
    await setLanguage('en');
    await loadActivityTexts();
    mockApi({ getQuizStatistics: () => makeQuizStatistics() });
    renderWithProviders(<QuizStatisticsPanel courseId={4} lessonId={21} />);
    expect(await screen.findByRole('table', { name: 'Results by question' })).toBeInTheDocument();
    expect(figure('Average score')).toBe('49.6%');
    expect(figure('Average time')).toBe('3 min 39 sec');
    expect(screen.getByText('3 of 7 attempts')).toBeInTheDocument();
    expect(screen.getAllByText('Review this question')).toHaveLength(2);
    expect(screen.getByText('-0.50')).toBeInTheDocument();
  });

  it('is a tab of the quiz editor, read only once opened; a refusal is said in words', { timeout: 60_000 }, async () => {
    const spy = mockApi({
      getSession: () => session,
      getQuizForEdit: () => makeEditableQuiz(),
      getQuizStatistics: () => jsonResponse({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, 403),
    });
    const { user } = renderApp(paths.quizEditor(4, 21));
    const tab = await screen.findByRole('tab', { name: 'Estadísticas' }, { timeout: 30_000 });
    expect(screen.getByRole('tab', { name: 'Preguntas y ajustes' })).toHaveAttribute('aria-selected', 'true');
    expect(requestsTo(spy, endpoints.getQuizStatistics)).toHaveLength(0);
    await user.click(tab);
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo quien creó el curso (o un administrador) puede ver estas estadísticas.');
    expect(requestsTo(spy, endpoints.getQuizStatistics).map((request) => new URL(request.url, 'http://localhost').pathname)).toEqual(['/api/courses/4/quizzes/21/statistics']);
    // Back on the editor, the draft is still there.
    await user.click(screen.getByRole('tab', { name: 'Preguntas y ajustes' }));
    expect(screen.getByRole('button', { name: 'Guardar cuestionario' })).toBeVisible();
  });
});
