import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import type { TeacherEarnings } from '../../../../shared/schemas/payouts';
import { setLanguage } from '../../../i18n';
import type { Session } from '../../../session/get-session';
import { mockApi, requestsTo } from '../../../testing/mock-fetch';
import { makeEarnings, soldEarnings } from '../../../testing/payout-fixtures';
import { renderApp, setViewportWidth } from '../../../testing/render';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

const figures = async () => {
  const balances = await screen.findByRole('region', { name: 'Saldo' });
  const terms = within(balances).getAllByRole('term').map((term) => term.textContent);
  const values = within(balances)
    .getAllByRole('definition')
    .filter((definition) => definition.previousElementSibling?.tagName === 'DT')
    .map((definition) => definition.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
};

describe('/coursescreated/earnings', () => {
  it('sends visitors to the sign-in form, which comes back here', async () => {
    mockApi({ getSession: () => null });
    const { router } = renderApp('/coursescreated/earnings');
    // The sign-in form, which comes back here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/register?mode=signin&next=%2Fcoursescreated%2Fearnings');
  });

  it('shows the balances, the next transfer, the hold and the CSV link', async () => {
    mockApi({ getSession: () => session, getEarnings: () => soldEarnings() });
    renderApp('/coursescreated/earnings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis ganancias' })).toBeInTheDocument();
    expect(await figures()).toEqual({
      Pendiente: '$15.99 USD',
      Disponible: '$0 USD',
      Pagado: '$24 USD',
      'Próxima transferencia': '10 dic 2026',
    });
    expect(screen.getByText(/Cada venta queda retenida 14 días/)).toBeInTheDocument();
    const csv = screen.getByRole('link', { name: 'Descargar CSV' });
    expect(csv).toHaveAttribute('href', pathFor(endpoints.exportEarnings));
    expect(csv).toHaveAttribute('download');
    // The headings go down one level at a time.
    expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`)).toEqual([
      'H1 Mis ganancias',
      'H2 Saldo',
      'H2 Tu cuenta de cobro',
      'H2 Ventas',
      'H2 Transferencias',
    ]);
  });

  it('draws the 20 newest sales first, and 20 more at each "show more"', async () => {
    const [sale] = soldEarnings().sales;
    const sales = Array.from({ length: 45 }, (_, index) => ({ ...sale!, courseId: index + 1, title: `Curso ${index + 1}` }));
    mockApi({ getSession: () => session, getEarnings: () => makeEarnings({ sales }) });
    const { user } = renderApp('/coursescreated/earnings');
    const table = await screen.findByRole('table', { name: /^Tus ventas/ });
    const drawnTitles = () => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(drawnTitles()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Mostrar 20 ventas más' }));
    expect(drawnTitles()).toHaveLength(40);
    await user.click(screen.getByRole('button', { name: 'Mostrar 5 ventas más' }));
    expect(drawnTitles()).toEqual(sales.map((each) => each.title));
    expect(screen.queryByRole('button', { name: /ventas más/ })).not.toBeInTheDocument();
  });

  it('lists each sale with its fee and rate, share and state, and each transfer', async () => {
    mockApi({ getSession: () => session, getEarnings: () => soldEarnings() });
    renderApp('/coursescreated/earnings');
    const sales = await screen.findByRole('table', { name: /^Tus ventas/ });
    expect(within(sales).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Curso',
      'Fecha',
      'Precio',
      'Comisión de la plataforma',
      'Tu parte',
      'Estado',
    ]);
    const [, held, transferred] = within(sales).getAllByRole('row');
    expect(within(held!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'React desde cero',
      '26 nov 2026',
      '$19.99 USD',
      '$4 USD (20\u00a0%)', // a no-break space, as Spanish writes a percentage
      '$15.99 USD',
      'RetenidaDisponible el 10 dic 2026',
    ]);
    expect(within(transferred!).getByText('Transferida')).toBeInTheDocument();

    const transfers = screen.getByRole('table', { name: /^Lo que te transferimos/ });
    const [, sent, failed] = within(transfers).getAllByRole('row');
    expect(within(sent!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['15 oct 2026', '$24 USD', '$0 USD', 'Enviada', '']);
    expect(within(failed!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1 nov 2026',
      '$10 USD',
      '$2.50 USD',
      'Fallida',
      'The destination account is not enabled for transfers',
    ]);
  });

  it('shows a discounted sale’s list price struck through with its coupon, and a referral sale’s mark and share', async () => {
    const [held, transferred] = soldEarnings().sales;
    const discounted = { ...held!, listPriceCents: 3998, discountCents: 1999, couponCode: 'MITAD50' };
    const referred = { ...transferred!, referred: true, feeBasisPoints: 300, feeCents: 90, shareCents: 2910 };
    mockApi({ getSession: () => session, getEarnings: () => makeEarnings({ sales: [discounted, referred] }) });
    renderApp('/coursescreated/earnings');
    const sales = await screen.findByRole('table', { name: /^Tus ventas/ });
    const [, first, second] = within(sales).getAllByRole('row');
    const [, , price, , share] = within(first!).getAllByRole('cell');
    expect(price!.textContent).toBe('Precio de lista: $39.98 USD$19.99 USDCupón MITAD50: -$19.99 USD');
    expect(within(price!).getByText('$39.98 USD').tagName).toBe('S');
    expect(share!.textContent).toBe('$15.99 USD');
    const secondCells = within(second!).getAllByRole('cell');
    expect(secondCells[2]!.textContent).toBe('$30 USD');
    expect(secondCells[3]!.textContent).toBe('$0.90 USD (3\u00a0%)');
    expect(secondCells[4]!.textContent).toBe('$29.10 USDReferido: 97\u00a0% para ti');

    await act(() => setLanguage('en'));
    expect(await within(sales).findByText('Coupon MITAD50: -$19.99 USD')).toBeInTheDocument();
    expect(within(sales).getByText('Referral: 97% to you')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and that available money waits for an enabled account', async () => {
    mockApi({ getSession: () => session, getEarnings: () => makeEarnings() });
    renderApp('/coursescreated/earnings');
    expect(await screen.findByText('Aún no tienes ventas.')).toBeInTheDocument();
    expect(screen.getByText('Aún no hay transferencias.')).toBeInTheDocument();
    expect(screen.getByText('Se transferirá cuando actives tus cobros')).toBeInTheDocument();
    expect((await figures())['Próxima transferencia']).toBe('Sin fecha');
  });

  it('back from the onboarding: says the state will update shortly and asks again until it does', async () => {
    const answers: TeacherEarnings[] = [makeEarnings({}, { state: 'pending', requirements: [] }), soldEarnings()];
    const spy = mockApi({ getSession: () => session, getEarnings: () => answers.shift() ?? soldEarnings() });
    const { user, router } = renderApp('/coursescreated/earnings?onboarding=done');
    const notice = await screen.findByText(/El estado de tu cuenta de cobro se actualizará en unos momentos/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(await screen.findByText('Datos pendientes')).toBeInTheDocument();
    expect(await screen.findByText('Cobros activados', {}, { timeout: 8000 })).toBeInTheDocument();
    const asked = requestsTo(spy, endpoints.getEarnings).length;
    expect(asked).toBe(2);
    // Closing the notice takes the parameter off the address.
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText(/se actualizará en unos momentos/)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says it in English', async () => {
    await act(() => setLanguage('en'));
    mockApi({ getSession: () => session, getEarnings: () => soldEarnings() });
    renderApp('/coursescreated/earnings');
    expect(await screen.findByRole('heading', { level: 1, name: 'My earnings' })).toBeInTheDocument();
    const balances = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balances).getAllByRole('term').map((term) => term.textContent)).toEqual(['Pending', 'Available', 'Paid', 'Next transfer']);
    expect(within(balances).getByText('Dec 10, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
    const sales = screen.getByRole('table', { name: /^Your sales/ });
    expect(within(sales).getByText('$4 USD (20%)')).toBeInTheDocument();
    expect(within(sales).getByText('On hold')).toBeInTheDocument();
    expect(within(sales).getByText('Available on Dec 10, 2026')).toBeInTheDocument();
  });

  it('stacks the tables into cards on a 375 px phone, each cell named by its column', async () => {
    setViewportWidth(375);
    mockApi({ getSession: () => session, getEarnings: () => soldEarnings() });
    renderApp('/coursescreated/earnings');
    const sales = await screen.findByRole('table', { name: /^Tus ventas/ });
    // Every cell but the course's title says which column it is (shown above it on a phone).
    for (const row of within(sales).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell').slice(1).map((cell) => cell.getAttribute('data-label'))).toEqual(['Fecha', 'Precio', 'Comisión de la plataforma', 'Tu parte', 'Estado']);
    }
  });
});
