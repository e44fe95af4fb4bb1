import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/schemas/orders';
import type { Session } from '../../../session/get-session';
import { jsonResponse, mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { CONFIRM_POLL_MS } from '../../../entities/orders/confirm-order';
import { makeCart } from '../../../testing/fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const order = (status: Order['status']): Order => ({
  id: 'o1',
  status,
  amountTotal: 6549,
  currency: 'usd',
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: status === 'paid' ? '2026-01-01T00:01:00.000Z' : null,
  couponCode: null,
  invoiceNumber: status === 'paid' ? '2026-000001' : null,
  creditNotes: [],
  items: [
    { courseId: 1, title: 'Python desde cero', priceCents: 1999, listPriceCents: 1999, discountCents: 0, imageUrl: null },
    { courseId: 2, title: 'React avanzado', priceCents: 4550, listPriceCents: 4550, discountCents: 0, imageUrl: null },
  ],
});

describe('payment pages', () => {
  it('success: says it is confirming, asks the server again, then shows the purchase', async () => {
    const sessionIds: string[] = [];
    const answers = [order('unpaid'), order('paid')];
    mockApi({
      getSession: () => session,
      confirmOrder: ({ body }) => {
        sessionIds.push(body.sessionId);
        return (answers.length > 1 ? answers.shift() : answers[0]) ?? order('paid');
      },
      getCart: () => (makeCart([])),
    });
    renderApp('/formpage/success?session_id=cs_test_abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmando tu pago...' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '¡Tu compra fue exitosa!' }, { timeout: CONFIRM_POLL_MS + 3000 })).toBeInTheDocument();
    expect(screen.getByText('Python desde cero')).toBeInTheDocument();
    expect(screen.getByText('React avanzado')).toBeInTheDocument();
    expect(screen.getByText('Comienza a disfrutar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mis cursos' })).toHaveAttribute('href', '/mycourses');
    // The course cards share one row height (a grid of equal rows; each card fills its cell).
    const cards = screen.getByRole('list', { name: 'Cursos comprados' });
    expect(cards).toHaveStyle({ display: 'grid', gridAutoRows: '1fr' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(sessionIds.every((id) => id === 'cs_test_abc')).toBe(true);
    expect(sessionIds.length).toBeGreaterThanOrEqual(2);
  });

  it('success: an expired or unknown checkout is not called a success', async () => {
    mockApi({ getSession: () => session, confirmOrder: () => order('expired') });
    renderApp('/formpage/success?session_id=cs_test_old');
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos procesar tu pago :(' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('¡Tu compra fue exitosa!')).not.toBeInTheDocument();
  });

  it('success: an order that is not the user\'s is not found', async () => {
    mockApi({
      getSession: () => session,
      confirmOrder: () => jsonResponse({ error: { code: 'ORDER_NOT_FOUND', message: 'x' } }, 404),
    });
    renderApp('/formpage/success?session_id=cs_test_other');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos tu compra' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('failed: "No pudimos procesar tu pago :(" and "Volver al carrito"', async () => {
    mockApi({ getSession: () => session });
    renderApp('/formpage/failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos procesar tu pago :(' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al carrito' })).toHaveAttribute('href', '/shop');
  });

  it('checkout (/formpage): starts the checkout once and sends the browser to the provider', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const bodies: unknown[] = [];
    mockApi({
      getSession: () => session,
      startCheckout: async ({ request }) => {
        bodies.push(await request.json());
        return jsonResponse({ orderId: 'o1', url: 'http://localhost/test-checkout/cs_test_1' }, 201);
      },
    });
    renderApp('/formpage');
    expect(await screen.findByText('Te estamos llevando a la página de pago segura...', {}, { timeout: 5000 })).toBeInTheDocument();
    await expect.poll(() => replace.mock.calls).toEqual([['http://localhost/test-checkout/cs_test_1']]);
    // Once, with no course or price: only the language of the provider's page.
    expect(bodies).toEqual([{ locale: 'es' }]);
  });

  it('checkout (/formpage): an empty cart says so and leads back to the cart', async () => {
    mockApi({
      getSession: () => session,
      startCheckout: () => jsonResponse({ error: { code: 'CART_EMPTY', message: 'empty' } }, 409),
    });
    renderApp('/formpage');
    expect(await screen.findByText('Tu carrito está vacío: no hay nada que pagar.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al carrito' })).toHaveAttribute('href', '/shop');
  });
});
