import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { AdminPayouts } from '../../../../shared/schemas/payouts';
import { setLanguage } from '../../../i18n';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { makeAdminPayouts, transferIds } from '../../../testing/payout-fixtures';
import { adminSession, renderPage, userSession } from '../../../testing/render-page';
import { AdminPayoutsPage } from './admin-payouts-page';

const render = () => renderPage(AdminPayoutsPage, { pattern: '/admin/pagos', path: '/admin/pagos' });

/** term → value of a section's figures. */
async function figuresOf(name: string) {
  const section = await screen.findByRole('region', { name });
  const terms = within(section).getAllByRole('term').map((term) => term.textContent);
  const values = within(section)
    .getAllByRole('definition')
    .filter((definition) => definition.previousElementSibling?.tagName === 'DT')
    .map((definition) => definition.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
}

const sentTransfer = (payouts: AdminPayouts) => ({ ...payouts.failedTransfers[0]!, status: 'sent' as const, failureReason: null, sentAt: '2026-11-26T09:00:00.000Z' });

describe('/admin/pagos', () => {
  it('is for admins only', async () => {
    mockApi({ getSession: () => userSession });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' })).toBeInTheDocument();
  });

  it('shows the totals, every teacher\'s balance, the failed transfers and a clean reconciliation', async () => {
    mockApi({ getSession: () => adminSession, getAdminPayouts: () => makeAdminPayouts() });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagos a profesores' })).toBeInTheDocument();
    expect(await figuresOf('Totales')).toEqual({
      'Ventas brutas': '$12,345 USD',
      'Comisiones de la plataforma': '$2,469 USD',
      Reembolsos: '$50 USD',
      Transferido: '$8,000 USD',
      Pendiente: '$1,500.50 USD',
      Disponible: '$325.50 USD',
    });

    const teachers = screen.getByRole('table', { name: 'Saldo de cada profesor y el estado de su cuenta de cobro' });
    expect(within(teachers).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nombre',
      'Correo electrónico',
      'Cuenta de cobro',
      'Pendiente',
      'Disponible',
      'Pagado',
    ]);
    const [, laura, diego] = within(teachers).getAllByRole('row');
    expect(within(laura!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Laura Martínez',
      'laura@example.com',
      'Cobros activados',
      '$1,000 USD',
      '$0 USD',
      '$8,000 USD',
    ]);
    expect(within(laura!).getByRole('link', { name: 'Laura Martínez' })).toHaveAttribute('href', '/admin/user/teacher-1');
    expect(within(diego!).getByText('Restringida')).toBeInTheDocument();

    const failed = screen.getByRole('table', { name: /^Transferencias que el proveedor/ });
    const [, row] = within(failed).getAllByRole('row');
    expect(within(row!).getByText('Insufficient funds in the platform balance')).toBeInTheDocument();
    expect(within(row!).getByText('2')).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Reintentar la transferencia de $325.50 USD a Diego Fernández' })).toBeInTheDocument();

    const reconciliation = screen.getByRole('region', { name: 'Conciliación' });
    expect(within(reconciliation).getByText('Sin diferencias')).toBeInTheDocument();
    expect(within(reconciliation).getByText(/Todo cuadra/)).toBeInTheDocument();
  });

  it('explains each difference the reconciliation found in words', async () => {
    mockApi({
      getSession: () => adminSession,
      getAdminPayouts: () =>
        makeAdminPayouts({
          reconciliation: {
            checkedAt: '2026-11-26T03:00:00.000Z',
            differences: [
              { kind: 'missing-at-provider', transferId: transferIds[0], providerTransferId: null, ledgerCents: 2400, providerCents: null },
              { kind: 'unknown-at-provider', transferId: null, providerTransferId: 'tr_123', ledgerCents: null, providerCents: 999 },
              { kind: 'amount-differs', transferId: transferIds[1], providerTransferId: 'tr_456', ledgerCents: 1000, providerCents: 1100 },
            ],
          },
        }),
    });
    render();
    const reconciliation = await screen.findByRole('region', { name: 'Conciliación' });
    expect(within(reconciliation).getByText('3 diferencias')).toBeInTheDocument();
    expect(within(reconciliation).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `La transferencia ${transferIds[0]} de $24 USD figura como enviada en el registro, pero el proveedor de pagos no la tiene.`,
      'El proveedor de pagos tiene una transferencia tr_123 de $9.99 USD que no figura en el registro.',
      `La transferencia ${transferIds[1]} no cuadra: el registro dice $10 USD y el proveedor de pagos $11 USD.`,
    ]);
  });

  it('retries a failed transfer after confirming, and says it was sent', async () => {
    let payouts = makeAdminPayouts();
    const spy = mockApi({
      getSession: () => adminSession,
      getAdminPayouts: () => payouts,
      retryPayoutTransfer: ({ params }) => {
        const transfer = sentTransfer(payouts);
        expect(params.id).toBe(transfer.id);
        payouts = { ...payouts, failedTransfers: [] };
        return transfer;
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /^Reintentar la transferencia/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Se volverá a intentar enviar $325.50 USD a Diego Fernández. Es la misma transferencia: nunca se paga dos veces.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reintentar' }));
    expect(await screen.findByText('Transferencia enviada a Diego Fernández.')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.retryPayoutTransfer).map((sent) => sent.url)).toEqual([`/api/admin/payouts/transfers/${transferIds[1]}/retry`]);
    // The list is asked for again: the transfer is no longer failed.
    expect(await screen.findByText('No hay transferencias fallidas.')).toBeInTheDocument();
  });

  it('sends nothing when the admin cancels', async () => {
    const spy = mockApi({ getSession: () => adminSession, getAdminPayouts: () => makeAdminPayouts() });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /^Reintentar la transferencia/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(spy, endpoints.retryPayoutTransfer)).toEqual([]);
  });

  it('says so when the provider cannot be reached', async () => {
    mockApi({
      getSession: () => adminSession,
      getAdminPayouts: () => makeAdminPayouts(),
      retryPayoutTransfer: () => jsonResponse({ error: { code: 'PAYMENT_PROVIDER_ERROR', message: 'down' } }, 502),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /^Reintentar la transferencia/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, reintentar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El proveedor de pagos no respondió. Inténtalo de nuevo en unos minutos.');
  });

  it('says so when the transfer fails again, with the reason', async () => {
    const payouts = makeAdminPayouts();
    mockApi({
      getSession: () => adminSession,
      getAdminPayouts: () => payouts,
      retryPayoutTransfer: () => ({ ...payouts.failedTransfers[0]!, failureReason: 'Account restricted' }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /^Reintentar la transferencia/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, reintentar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La transferencia volvió a fallar: Account restricted');
  });

  it('says it in English', async () => {
    await act(() => setLanguage('en'));
    mockApi({ getSession: () => adminSession, getAdminPayouts: () => makeAdminPayouts({ reconciliation: null }) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher payouts' })).toBeInTheDocument();
    expect(Object.keys(await figuresOf('Totals'))).toEqual(['Gross sales', 'Platform fees', 'Refunds', 'Transferred', 'Pending', 'Available']);
    expect(screen.getByRole('button', { name: 'Retry the transfer of $325.50 USD to Diego Fernández' })).toHaveTextContent('Retry');
    expect(screen.getByText('No reconciliation has run yet.')).toBeInTheDocument();
    expect(screen.getByText('Payouts enabled')).toBeInTheDocument();
  });
});
