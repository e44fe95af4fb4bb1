import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../session/get-session';
import type { EnrolledCourse } from '../../../../shared/schemas/orders';
import { setLanguage } from '../../../i18n';
import { mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const enrolled = (id: number, title: string, disabled = false): EnrolledCourse => ({
  id,
  title,
  imageUrl: null,
  teacherName: 'Laura Martínez',
  priceCents: 1999,
  ratingAverage: 0,
  ratingCount: 0,
  categoryId: 1,
  subcategoryId: 1,
  language: 'spanish' as const,
  level: 'easy' as const,
  durationHours: 3,
  disabled,
  enrolledAt: '2026-01-01T00:00:00.000Z',
  progressPercent: 0,
  lastWatchedAt: null,
  completedAt: null,
});

describe('my courses (/mycourses)', () => {
  it('lists my courses as cards leading to the player, and my orders with date, courses, total and status', async () => {
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [enrolled(5, 'Python desde cero'), enrolled(6, 'Curso retirado', true)] }),
      getOrders: () => ({
        items: [
          {
            id: 'o1',
            status: 'paid',
            amountTotal: 6549,
            currency: 'usd',
            createdAt: '2026-03-04T10:00:00.000Z',
            paidAt: '2026-03-04T10:01:00.000Z',
            items: [
              { courseId: 5, title: 'Python desde cero', priceCents: 1999, imageUrl: null },
              { courseId: 6, title: 'Curso retirado', priceCents: 4550, imageUrl: null },
            ],
          },
        ],
      }),
    });
    renderApp('/mycourses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Cursos' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Python desde cero' })).toHaveAttribute('href', '/mycourses/5');
    expect(screen.getByRole('link', { name: 'Curso retirado' })).toHaveAttribute('href', '/mycourses/6');
    expect(screen.getByText('Ya no está en el catálogo')).toBeInTheDocument();
    expect(screen.getAllByText('Laura Martínez')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Mis Favoritos' })).toHaveAttribute('href', '/favourites');

    const history = screen.getByRole('region', { name: 'Mis compras' });
    const row = (await within(history).findAllByRole('row'))[1]!;
    expect(within(row).getByText('$65.49 USD')).toBeInTheDocument();
    expect(within(row).getByText('Pagado')).toBeInTheDocument();
    expect(within(row).getByText('Curso retirado')).toBeInTheDocument();
  });

  it('says "No tienes cursos comprados..." with a button to the catalogue', async () => {
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [] }),
      getOrders: () => ({ items: [] }),
    });
    renderApp('/mycourses');
    expect(await screen.findByText('No tienes cursos comprados...', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver cursos' })).toHaveAttribute('href', '/allcourses');
    expect(await screen.findByText('Todavía no tienes compras.')).toBeInTheDocument();
  });

  describe('progress', () => {
    const courses = [
      { ...enrolled(7, 'React avanzado'), progressPercent: 45, lastWatchedAt: '2026-03-05T10:00:00.000Z' },
      { ...enrolled(5, 'Python desde cero'), progressPercent: 100, lastWatchedAt: '2026-03-04T10:00:00.000Z', completedAt: '2026-03-04T09:30:00.000Z' },
      enrolled(6, 'SQL práctico'),
    ];
    const setup = () => {
      mockApi({ getSession: () => session, getEnrollments: () => ({ items: courses }), getOrders: () => ({ items: [] }) });
      renderApp('/mycourses');
    };
    /** The cards of the course list, in the order shown. */
    const cards = async () => {
      const list = (await screen.findByRole('link', { name: 'React avanzado' }, { timeout: 5000 })).closest('ul')!;
      return within(list).getAllByRole('listitem');
    };

    it('shows each course’s progress bar and "Continuar", "Completado" with the date once watched to the end, the last watched first', async () => {
      setup();
      const [started, finished, untouched] = await cards();
      expect(within(started!).getByRole('link', { name: 'React avanzado' })).toBeInTheDocument();
      expect(within(started!).getByRole('progressbar', { name: 'Progreso de React avanzado' })).toHaveAttribute('aria-valuenow', '45');
      expect(within(started!).getByText('45 % visto')).toBeInTheDocument();
      expect(within(started!).getByRole('link', { name: 'Continuar: React avanzado' })).toHaveAttribute('href', '/mycourses/7');
      expect(within(started!).getByRole('link', { name: 'Continuar: React avanzado' })).toHaveTextContent('Continuar');

      expect(within(finished!).getByText('Completado')).toBeInTheDocument();
      expect(within(finished!).getByText('4 mar 2026')).toHaveAttribute('datetime', '2026-03-04T09:30:00.000Z');
      expect(within(finished!).queryByRole('progressbar')).not.toBeInTheDocument();
      expect(within(finished!).getByRole('link', { name: 'Ver de nuevo: Python desde cero' })).toHaveAttribute('href', '/mycourses/5');

      expect(within(untouched!).getByText('0 % visto')).toBeInTheDocument();
      expect(within(untouched!).getByRole('link', { name: 'Empezar: SQL práctico' })).toHaveAttribute('href', '/mycourses/6');
    });

    it('says it in English', async () => {
      await act(() => setLanguage('en'));
      setup();
      const [started, finished] = await cards();
      expect(within(started!).getByText('45% watched')).toBeInTheDocument();
      expect(within(started!).getByRole('link', { name: 'Continue: React avanzado' })).toBeInTheDocument();
      expect(within(finished!).getByText('Completed')).toBeInTheDocument();
      expect(within(finished!).getByText('Mar 4, 2026')).toBeInTheDocument();
    });
  });
});
