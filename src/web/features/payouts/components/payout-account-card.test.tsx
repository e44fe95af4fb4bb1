import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { PayoutAccount } from '../../../../shared/schemas/payouts';
import { setLanguage } from '../../../i18n';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { makeEarnings } from '../../../testing/payout-fixtures';
import { renderApp, renderRoutes } from '../../../testing/render';
import { PayoutAccountCard } from './payout-account-card';

const renderCard = (account: PayoutAccount) => {
  const spy = mockApi({ getEarnings: () => makeEarnings({}, account), startPayoutOnboarding: () => ({ url: 'http://localhost/test-connect/onboarding/acct_1' }) });
  const rendered = renderRoutes([{ path: '/coursescreated', element: <PayoutAccountCard /> }], '/coursescreated');
  return { ...rendered, spy };
};

const card = () => screen.findByRole('region', { name: 'Tu cuenta de cobro' });

describe('payout account card', () => {
  it('stands on /coursescreated above the created courses', async () => {
    mockApi({
      getSession: () => ({
        session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
        user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
      }),
      getEarnings: () => makeEarnings(),
      getMySales: () => ({ courses: [], totals: { revenueCents: 0, sales: 0, students: 0 }, daily: [] }),
      getCreatedCourses: () => ({
        items: [{ id: 3, title: 'Python', description: 'Un curso de Python.', imageUrl: null, priceCents: 0, ratingAverage: 0, ratingCount: 0, disabledAt: null }],
      }),
      getMyVideoProcessing: () => ({ items: [] }),
    });
    renderApp('/coursescreated');
    const region = await card();
    const table = await screen.findByRole('table', { name: 'Cursos creados' });
    expect(region.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(region).findByRole('button', { name: 'Cobrar mis ventas' })).toBeInTheDocument();
  });

  it('none: "Cobrar mis ventas" opens the provider\'s onboarding at the URL the server answers', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, spy } = renderCard({ state: 'none', requirements: [] });
    const region = await card();
    expect(await within(region).findByText('Sin conectar')).toBeInTheDocument();
    expect(within(region).getByText(/Conecta una cuenta de cobro/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Ver mis ganancias' })).toHaveAttribute('href', '/coursescreated/earnings');
    await user.click(within(region).getByRole('button', { name: 'Cobrar mis ventas' }));
    await expect.poll(() => assign.mock.calls).toEqual([['http://localhost/test-connect/onboarding/acct_1']]);
    expect(requestsTo(spy, endpoints.startPayoutOnboarding)).toHaveLength(1);
  });

  it('pending: says details are pending and offers to continue', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderCard({ state: 'pending', requirements: ['external_account'] });
    const region = await card();
    expect(await within(region).findByText('Datos pendientes')).toBeInTheDocument();
    expect(within(region).getByText(/faltan datos/)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Continuar la configuración' }));
    await expect.poll(() => assign.mock.calls.length).toBe(1);
  });

  it('enabled: "Cobros activados" and no button to the provider', async () => {
    renderCard({ state: 'enabled', requirements: [] });
    const region = await card();
    expect(await within(region).findByText('Cobros activados')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('restricted: lists what is missing in words, each once, and offers to continue', async () => {
    renderCard({
      state: 'restricted',
      requirements: ['individual.dob.day', 'individual.dob.month', 'individual.dob.year', 'external_account', 'individual.verification.document', 'company.something_new'],
    });
    const region = await card();
    expect(await within(region).findByText('Restringida')).toBeInTheDocument();
    const missing = within(region).getByRole('list');
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tu fecha de nacimiento',
      'Una cuenta bancaria para recibir los pagos',
      'Un documento de identidad',
      'Otro dato (company.something_new)',
    ]);
    expect(within(region).getByRole('button', { name: 'Continuar la configuración' })).toBeInTheDocument();
  });

  it('shows the error when the provider cannot be reached, and stays on the page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      getEarnings: () => makeEarnings(),
      startPayoutOnboarding: () => jsonResponse({ error: { code: 'PAYMENT_PROVIDER_ERROR', message: 'down' } }, 502),
    });
    const { user } = renderRoutes([{ path: '/', element: <PayoutAccountCard /> }]);
    await user.click(await screen.findByRole('button', { name: 'Cobrar mis ventas' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says it in English', async () => {
    await act(() => setLanguage('en'));
    renderCard({ state: 'restricted', requirements: ['tos_acceptance.date'] });
    const region = await screen.findByRole('region', { name: 'Your payout account' });
    expect(await within(region).findByText('Restricted')).toBeInTheDocument();
    expect(within(region).getByRole('listitem')).toHaveTextContent("Acceptance of the payment provider's terms");
    expect(within(region).getByRole('button', { name: 'Continue setup' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See my earnings' })).toBeInTheDocument();
  });
});
