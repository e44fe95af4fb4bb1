import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentStatuses } from '../../../../shared/limits';
import type { AdminOrder } from '../../../../shared/schemas/admin';
import type { Order } from '../../../../shared/schemas/orders';
import { OrderHistory } from '../../../entities/orders/order-history';
import { mockApi } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { adminSession, renderPage, userSession } from '../testing/render-page';
import { AdminOrdersPage } from './admin-orders-page';

const orderId = (index: number) => `00000000-0000-4000-8000-00000000000${index}`;

/** The words each screen shows for every status, in the order of `paymentStatuses`. */
async function statusWords(rows: HTMLElement[], column: number) {
  return rows.map((row) => within(row).getAllByRole('cell')[column]!.textContent);
}

describe('payment statuses', () => {
  it("read the same on the buyer's purchases and the admin's orders", async () => {
    const adminOrders: AdminOrder[] = paymentStatuses.map((paymentStatus, index) => ({
      id: orderId(index),
      createdAt: `2026-03-0${index + 1}T10:00:00.000Z`,
      paidAt: null,
      user: { id: 'user-1', name: 'Ana Pérez', email: 'ana@example.com' },
      items: [{ courseId: index + 1, title: `Curso ${index}`, priceCents: 1000, refundedAt: null }],
      amountTotal: 1000,
      currency: 'usd',
      paymentStatus,
    }));
    mockApi({
      getSession: () => adminSession,
      getAdminOrders: () => ({ items: adminOrders, total: adminOrders.length, page: 1, pageCount: 1, pageSize: 20 }),
    });
    const admin = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    await screen.findByText('Curso 0');
    const adminRows = screen.getAllByRole('row').slice(1);
    const adminWords = await statusWords(adminRows, 3);
    // The status filter offers the same words.
    const filter = screen.getByRole('combobox');
    for (const word of adminWords) expect(within(filter).getByRole('option', { name: word! })).toBeInTheDocument();
    admin.unmount();

    const buyerOrders: Order[] = paymentStatuses.map((status, index) => ({
      id: orderId(index),
      status,
      amountTotal: 1000,
      currency: 'usd',
      createdAt: `2026-03-0${index + 1}T10:00:00.000Z`,
      paidAt: null,
      items: [{ courseId: index + 1, title: `Curso ${index}`, priceCents: 1000, imageUrl: null }],
    }));
    mockApi({ getSession: () => userSession, getOrders: () => ({ items: buyerOrders }) });
    renderWithProviders(<OrderHistory />);
    await screen.findByText('Curso 0');
    const buyerWords = await statusWords(screen.getAllByRole('row').slice(1), 3);

    expect(buyerWords).toEqual(adminWords);
    expect(buyerWords).toEqual(['Esperando el pago', 'Pagado', 'Vencido', 'Rechazado', 'Reembolsado']);
  });
});
