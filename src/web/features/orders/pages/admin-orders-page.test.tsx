import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { orderStatuses } from '../../../../shared/limits';
import type { AdminOrder } from '../../../../shared/schemas/admin';
import type { Order } from '../../../../shared/schemas/orders';
import { OrderHistory } from '../../../entities/orders/order-history';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { adminSession, renderPage, userSession } from '../../../testing/render-page';
import { AdminOrdersPage } from './admin-orders-page';

const orderId = (index: number) => `00000000-0000-4000-8000-00000000000${index}`;

/** The words each screen shows for every status, in the order of `orderStatuses`. */
async function statusWords(rows: HTMLElement[], column: number) {
  return rows.map((row) => within(row).getAllByRole('cell')[column]!.textContent);
}

describe('payment statuses', () => {
  it("read the same on the buyer's purchases and the admin's orders, partly refunded too", async () => {
    const adminOrders: AdminOrder[] = orderStatuses.map((status, index) => ({
      id: orderId(index),
      createdAt: `2026-03-0${index + 1}T10:00:00.000Z`,
      paidAt: null,
      user: { id: 'user-1', name: 'Ana Pérez', email: 'ana@example.com' },
      couponCode: null,
      items: [{ courseId: index + 1, title: `Curso ${index}`, priceCents: 1000, listPriceCents: 1000, discountCents: 0, referred: false, refundedAt: null }],
      amountTotal: 1000,
      currency: 'usd',
      // A partly refunded order is stored as paid: what is left of it may still be refunded.
      paymentStatus: status === 'partly_refunded' ? 'paid' : status,
      status,
    }));
    mockApi({
      getSession: () => adminSession,
      getAdminOrders: () => ({ items: adminOrders, total: adminOrders.length, page: 1, pageCount: 1, pageSize: 20 }),
    });
    const admin = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    await screen.findByText('Curso 0');
    const adminRows = screen.getAllByRole('row').slice(1);
    const adminWords = await statusWords(adminRows, 4);
    // The status filter offers the same words for the stored statuses (a partly refunded order is listed under paid).
    const filter = screen.getByRole('combobox');
    for (const word of adminWords.slice(0, -1)) expect(within(filter).getByRole('option', { name: word! })).toBeInTheDocument();
    admin.unmount();

    const buyerOrders: Order[] = orderStatuses.map((status, index) => ({
      id: orderId(index),
      status,
      amountTotal: 1000,
      currency: 'usd',
      createdAt: `2026-03-0${index + 1}T10:00:00.000Z`,
      paidAt: null,
      couponCode: null,
      items: [{ courseId: index + 1, title: `Curso ${index}`, priceCents: 1000, listPriceCents: 1000, discountCents: 0, imageUrl: null }],
      invoiceNumber: null,
      creditNotes: [],
    }));
    mockApi({ getSession: () => userSession, getOrders: () => ({ items: buyerOrders }) });
    renderWithProviders(<OrderHistory />);
    await screen.findByText('Curso 0');
    const buyerWords = await statusWords(screen.getAllByRole('row').slice(1), 3);

    expect(buyerWords).toEqual(adminWords);
    expect(buyerWords).toEqual(['Esperando el pago', 'Pagado', 'Vencido', 'Rechazado', 'Reembolsado', 'Reembolsado en parte']);
  });
});

describe('finding orders', () => {
  const order = (id: string, paymentStatus: AdminOrder['paymentStatus']): AdminOrder => ({
    id,
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: null,
    user: { id: 'user-1', name: 'Ana Pérez', email: 'ana@example.com' },
    couponCode: null,
    items: [{ courseId: 1, title: `Curso ${id.slice(0, 4)}`, priceCents: 1000, listPriceCents: 1000, discountCents: 0, referred: false, refundedAt: null }],
    amountTotal: 1000,
    currency: 'usd',
    paymentStatus,
    status: paymentStatus,
  });
  const page = (items: AdminOrder[]) => ({ items, total: items.length, page: 1, pageCount: 1, pageSize: 20 });

  it('shows each order’s number as receipts print it, and searches by it on the server', async () => {
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminOrders: () => page([order('3f2a9c01-0000-4000-8000-000000000001', 'failed')]),
    });
    const { user } = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    const [, row] = await screen.findAllByRole('row');
    expect(within(row!).getAllByRole('cell')[0]).toHaveTextContent('3F2A9C01');
    // A declined payment says so.
    expect(within(row!).getByText('Rechazado')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: /Número de pedido/ });
    await user.type(search, '3f2a');
    await vi.waitFor(() => expect(requestsTo(fetchSpy, endpoints.getAdminOrders).at(-1)!.url).toContain('number=3f2a'));
    // What cannot be an order number is not sent, and says why.
    await user.type(search, 'z');
    expect(await screen.findByText('Escribe un número de pedido, como 3F2A9C01 (letras de la A a la F y cifras)')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.getAdminOrders).some((sent) => sent.url.includes('3f2az'))).toBe(false);
  });

  it('leaves the abandoned checkouts out by default, and lists them when asked', async () => {
    const fetchSpy = mockApi({ getSession: () => adminSession, getAdminOrders: () => page([order('3f2a9c01-0000-4000-8000-000000000001', 'paid')]) });
    const { user } = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    await screen.findByText('3F2A9C01');
    expect(requestsTo(fetchSpy, endpoints.getAdminOrders)[0]!.url).not.toContain('status=');
    const filter = screen.getByRole('combobox', { name: 'Estado del pago' });
    expect(filter).toHaveDisplayValue('Todos salvo abandonados');
    await user.selectOptions(filter, 'Abandonados (sin pagar)');
    await vi.waitFor(() => expect(requestsTo(fetchSpy, endpoints.getAdminOrders).at(-1)!.url).toContain('status=abandoned'));
  });
});

describe('refunds', () => {
  const paidOrder = (refundedCourseIds: number[] = []): AdminOrder => ({
    id: orderId(1),
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: '2026-03-01T10:01:00.000Z',
    user: { id: 'user-1', name: 'Ana Pérez', email: 'ana@example.com' },
    // Python was discounted by the order's coupon; SQL's teacher brought the buyer.
    couponCode: 'VERANO',
    items: [
      { courseId: 7, title: 'Python desde cero', priceCents: 1999, listPriceCents: 2999, discountCents: 1000, referred: false, refundedAt: refundedCourseIds.includes(7) ? '2026-03-02T10:00:00.000Z' : null },
      { courseId: 8, title: 'SQL práctico', priceCents: 2550, listPriceCents: 2550, discountCents: 0, referred: true, refundedAt: refundedCourseIds.includes(8) ? '2026-03-02T10:00:00.000Z' : null },
    ],
    amountTotal: 4549,
    currency: 'usd',
    paymentStatus: 'paid',
    status: refundedCourseIds.length > 0 ? 'partly_refunded' : 'paid',
  });

  it('refunds one line of a paid order after confirmation, naming its price, and then shows it refunded', async () => {
    let current = paidOrder();
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminOrders: () => ({ items: [current], total: 1, page: 1, pageCount: 1, pageSize: 20 }),
      refundOrder: () => {
        current = paidOrder([8]);
        return current;
      },
    });
    const { user } = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    await user.click(await screen.findByRole('button', { name: 'Reembolsar «SQL práctico»' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Se devolverán $25.50 USD a Ana Pérez y perderá el acceso a «SQL práctico».');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar' }));

    const refundedLine = (await screen.findByText('SQL práctico')).closest('li')!;
    expect(await within(refundedLine).findByText('Reembolsado')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.refundOrder).map((sent) => sent.body)).toEqual([{ courseIds: [8] }]);
    // The line refunded offers no second refund; the other line and the rest of the order still do.
    expect(screen.queryByRole('button', { name: 'Reembolsar «SQL práctico»' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reembolsar «Python desde cero»' })).toBeInTheDocument();
    // The order itself now reads partly refunded.
    expect(screen.getByText('Reembolsado en parte')).toBeInTheDocument();
  });

  it('shows the order’s coupon, a discounted line’s list price struck through, and the referral mark', async () => {
    mockApi({ getSession: () => adminSession, getAdminOrders: () => ({ items: [paidOrder()], total: 1, page: 1, pageCount: 1, pageSize: 20 }) });
    renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    const python = (await screen.findByText('Python desde cero')).closest('li')!;
    expect(python).toHaveTextContent('Python desde ceroPrecio de lista: $29.99 USD$19.99 USD');
    expect(within(python).getByText('$29.99 USD').tagName).toBe('S');
    expect(within(python).queryByText('Referido')).not.toBeInTheDocument();
    const sql = screen.getByText('SQL práctico').closest('li')!;
    expect(within(sql).queryByText(/Precio de lista/)).not.toBeInTheDocument();
    expect(within(sql).getByText('$25.50 USD')).toBeInTheDocument();
    expect(within(sql).getByText('Referido')).toBeInTheDocument();
    const [, row] = screen.getAllByRole('row');
    expect(within(row!).getAllByRole('cell')[3]).toHaveTextContent('$45.49 USDCupón VERANO');
  });

  it('a discounted line’s refund names what was paid for it, not its list price', async () => {
    mockApi({ getSession: () => adminSession, getAdminOrders: () => ({ items: [paidOrder()], total: 1, page: 1, pageCount: 1, pageSize: 20 }) });
    const { user } = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    await user.click(await screen.findByRole('button', { name: 'Reembolsar «Python desde cero»' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Se devolverán $19.99 USD a Ana Pérez y perderá el acceso a «Python desde cero».');
  });

  it("refunds the rest of the order at once, for what is left of it", async () => {
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminOrders: () => ({ items: [paidOrder([8])], total: 1, page: 1, pageCount: 1, pageSize: 20 }),
      refundOrder: () => paidOrder([7, 8]),
    });
    const { user } = renderPage(AdminOrdersPage, { pattern: '/admin/ordenes', path: '/admin/ordenes' });
    await screen.findByText('Python desde cero');
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Se devolverán $19.99 USD a Ana Pérez');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar' }));
    await vi.waitFor(() => expect(requestsTo(fetchSpy, endpoints.refundOrder).map((sent) => sent.body)).toEqual([{}]));
  });
});
