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
  nextLesson: { id: id * 10, title: 'Introducción' },
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
            couponCode: null,
            items: [
              { courseId: 5, title: 'Python desde cero', priceCents: 1999, listPriceCents: 1999, discountCents: 0, imageUrl: null },
              { courseId: 6, title: 'Curso retirado', priceCents: 4550, listPriceCents: 4550, discountCents: 0, imageUrl: null },
            ],
            invoiceNumber: '2026-000041',
            creditNotes: [],
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

  it('shows a discounted purchase’s list price struck through, what was paid, and its coupon', async () => {
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [] }),
      getOrders: () => ({
        items: [
          {
            id: 'o2',
            status: 'paid',
            amountTotal: 3549,
            currency: 'usd',
            createdAt: '2026-03-04T10:00:00.000Z',
            paidAt: '2026-03-04T10:01:00.000Z',
            couponCode: 'VERANO',
            items: [
              { courseId: 5, title: 'Python desde cero', priceCents: 1000, listPriceCents: 1999, discountCents: 999, imageUrl: null },
              { courseId: 6, title: 'SQL práctico', priceCents: 2549, listPriceCents: 2549, discountCents: 0, imageUrl: null },
            ],
            invoiceNumber: '2026-000043',
            creditNotes: [],
          },
        ],
      }),
    });
    renderApp('/mycourses');
    const history = await screen.findByRole('region', { name: 'Mis compras' }, { timeout: 5000 });
    const row = (await within(history).findAllByRole('row'))[1]!;
    const [python, sql] = within(row).getAllByRole('listitem');
    expect(python).toHaveTextContent('Python desde ceroPrecio de lista: $19.99 USD$10 USD');
    expect(within(python!).getByText('$19.99 USD').tagName).toBe('S');
    expect(sql!.textContent).toBe('SQL práctico');
    expect(within(row).getByText('Cupón VERANO')).toBeInTheDocument();
    expect(within(row).getByText('$35.49 USD')).toBeInTheDocument();
  });

  describe('invoices and credit notes', () => {
    const orders = {
      items: [
        {
          id: '6f0c2a52-3b1e-4c5a-9d7e-0a1b2c3d4e5f',
          status: 'refunded' as const,
          amountTotal: 4499,
          currency: 'usd',
          createdAt: '2026-03-04T10:00:00.000Z',
          paidAt: '2026-03-04T10:01:00.000Z',
          couponCode: null,
          items: [{ courseId: 5, title: 'Python desde cero', priceCents: 4499, listPriceCents: 4499, discountCents: 0, imageUrl: null }],
          invoiceNumber: '2026-000042',
          creditNotes: [{ number: '2026-000057', totalCents: 4499, issuedAt: '2026-03-10T10:00:00.000Z' }],
        },
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          status: 'unpaid' as const,
          amountTotal: 1999,
          currency: 'usd',
          createdAt: '2026-03-05T10:00:00.000Z',
          paidAt: null,
          couponCode: null,
          items: [{ courseId: 6, title: 'SQL práctico', priceCents: 1999, listPriceCents: 1999, discountCents: 0, imageUrl: null }],
          invoiceNumber: null,
          creditNotes: [],
        },
      ],
    };

    it('links each paid order’s invoice and each refund’s credit note for download; an unpaid order has none', async () => {
      mockApi({ getSession: () => session, getEnrollments: () => ({ items: [] }), getOrders: () => orders });
      renderApp('/mycourses');
      const history = await screen.findByRole('region', { name: 'Mis compras' }, { timeout: 5000 });
      const [, refunded, unpaid] = await within(history).findAllByRole('row');
      const invoice = within(refunded!).getByRole('link', { name: 'Factura 2026-000042' });
      expect(invoice).toHaveAttribute('href', '/api/orders/6f0c2a52-3b1e-4c5a-9d7e-0a1b2c3d4e5f/invoice.pdf');
      expect(invoice).toHaveAttribute('download');
      expect(within(refunded!).getByRole('link', { name: 'Nota de crédito 2026-000057' })).toHaveAttribute(
        'href',
        '/api/orders/6f0c2a52-3b1e-4c5a-9d7e-0a1b2c3d4e5f/credit-notes/2026-000057.pdf',
      );
      expect(within(unpaid!).queryByRole('link')).not.toBeInTheDocument();
    });

    it('says them in English', async () => {
      await act(() => setLanguage('en'));
      mockApi({ getSession: () => session, getEnrollments: () => ({ items: [] }), getOrders: () => orders });
      renderApp('/mycourses');
      const history = await screen.findByRole('region', { name: 'My purchases' }, { timeout: 5000 });
      expect(await within(history).findByRole('link', { name: 'Invoice 2026-000042' })).toBeInTheDocument();
      expect(within(history).getByRole('link', { name: 'Credit note 2026-000057' })).toBeInTheDocument();
      await act(() => setLanguage('es'));
    });
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
      { ...enrolled(7, 'React avanzado'), progressPercent: 45, lastWatchedAt: '2026-03-05T10:00:00.000Z', nextLesson: { id: 71, title: 'Hooks a fondo' } },
      { ...enrolled(5, 'Python desde cero'), progressPercent: 100, lastWatchedAt: '2026-03-04T10:00:00.000Z', completedAt: '2026-03-04T09:30:00.000Z', nextLesson: null },
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

    it('shows each course’s progress bar, its next lesson and "Continuar", "Completado" with the date once every lesson is done, the last touched first', async () => {
      setup();
      const [started, finished, untouched] = await cards();
      expect(within(started!).getByRole('link', { name: 'React avanzado' })).toBeInTheDocument();
      expect(within(started!).getByRole('progressbar', { name: 'Progreso de React avanzado' })).toHaveAttribute('aria-valuenow', '45');
      expect(within(started!).getByText('45 % completado')).toBeInTheDocument();
      expect(within(started!).getByText('Siguiente: Hooks a fondo')).toBeInTheDocument();
      expect(within(started!).getByRole('link', { name: 'Continuar: React avanzado' })).toHaveAttribute('href', '/mycourses/7');
      expect(within(started!).getByRole('link', { name: 'Continuar: React avanzado' })).toHaveTextContent('Continuar');

      expect(within(finished!).getByText('Completado')).toBeInTheDocument();
      expect(within(finished!).getByText('4 mar 2026')).toHaveAttribute('datetime', '2026-03-04T09:30:00.000Z');
      expect(within(finished!).queryByRole('progressbar')).not.toBeInTheDocument();
      expect(within(finished!).getByRole('link', { name: 'Ver de nuevo: Python desde cero' })).toHaveAttribute('href', '/mycourses/5');

      expect(within(finished!).queryByText(/^Siguiente:/)).not.toBeInTheDocument();

      expect(within(untouched!).getByText('0 % completado')).toBeInTheDocument();
      expect(within(untouched!).getByText('Siguiente: Introducción')).toBeInTheDocument();
      expect(within(untouched!).getByRole('link', { name: 'Empezar: SQL práctico' })).toHaveAttribute('href', '/mycourses/6');
    });

    it('says it in English', async () => {
      await act(() => setLanguage('en'));
      setup();
      const [started, finished] = await cards();
      expect(within(started!).getByText('45% complete')).toBeInTheDocument();
      expect(within(started!).getByText('Next: Hooks a fondo')).toBeInTheDocument();
      expect(within(started!).getByRole('link', { name: 'Continue: React avanzado' })).toBeInTheDocument();
      expect(within(finished!).getByText('Completed')).toBeInTheDocument();
      expect(within(finished!).getByText('Mar 4, 2026')).toBeInTheDocument();
    });
  });
});
