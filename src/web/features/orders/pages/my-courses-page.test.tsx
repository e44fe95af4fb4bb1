import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../session/get-session';
import { mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const enrolled = (id: number, title: string, disabled = false) => ({
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
});
