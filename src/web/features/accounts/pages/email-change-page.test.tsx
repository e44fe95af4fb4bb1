import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { setLanguage } from '../../../i18n';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderRoutes } from '../../../testing/render';
import { ApproveEmailChangePage, ConfirmEmailChangePage } from './email-change-page';

const routes: RouteObject[] = [
  { path: '/approve-email-change', Component: ApproveEmailChangePage },
  { path: '/confirm-email-change', Component: ConfirmEmailChangePage },
];
const refusal = (code: string) => () => jsonResponse({ error: { code, message: 'x' } }, 400);

describe('the e-mail change’s links', () => {
  it('approves on a click, not on opening, and says the new address gets the next link', async () => {
    const spy = mockApi({ getSession: () => null, approveEmailChange: () => ({ newEmail: 'nueva@example.com' }) });
    const { user } = renderRoutes(routes, '/approve-email-change?token=abc');
    const approve = await screen.findByRole('button', { name: 'Aprobar el cambio' });
    expect(requestsTo(spy, endpoints.approveEmailChange)).toEqual([]);
    await user.click(approve);
    expect(
      await screen.findByText('¡Cambio aprobado! Enviamos a nueva@example.com un enlace para confirmar la dirección nueva; el correo cambia cuando se abra.'),
    ).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.approveEmailChange)[0]?.body).toEqual({ token: 'abc' });
  });

  it('confirms the new address and says the account uses it now', async () => {
    const spy = mockApi({ getSession: () => null, confirmEmailChange: () => ({ email: 'nueva@example.com' }) });
    const { user } = renderRoutes(routes, '/confirm-email-change?token=xyz');
    await user.click(await screen.findByRole('button', { name: 'Confirmar el correo nuevo' }));
    expect(await screen.findByText('¡Listo! Tu cuenta ahora usa nueva@example.com. Entra con esa dirección desde ahora.')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.confirmEmailChange)[0]?.body).toEqual({ token: 'xyz' });
  });

  it('tells an expired link from a used one', async () => {
    mockApi({ getSession: () => null, approveEmailChange: refusal('EXPIRED_ACTION_CODE'), confirmEmailChange: refusal('INVALID_ACTION_CODE') });
    const { user } = renderRoutes(routes, '/approve-email-change?token=old');
    await user.click(await screen.findByRole('button', { name: 'Aprobar el cambio' }));
    expect(await screen.findByText(/Este enlace venció: un cambio de correo debe terminarse en 1 hora/)).toBeInTheDocument();

    const used = renderRoutes(routes, '/confirm-email-change?token=used');
    await used.user.click(await screen.findByRole('button', { name: 'Confirmar el correo nuevo' }));
    expect(await screen.findByText(/Este enlace ya se usó o ya no vale/)).toBeInTheDocument();
  });

  it('speaks English too', async () => {
    mockApi({ getSession: () => null, confirmEmailChange: refusal('EXPIRED_ACTION_CODE') });
    await act(() => setLanguage('en'));
    const { user } = renderRoutes(routes, '/confirm-email-change?token=old');
    await user.click(await screen.findByRole('button', { name: 'Confirm the new e-mail' }));
    expect(await screen.findByText(/This link has expired: an e-mail change must be finished within 1 hour/)).toBeInTheDocument();
  });

  it('a page opened without a token says the link is not valid, and sends nothing', async () => {
    const spy = mockApi({ getSession: () => null });
    renderRoutes(routes, '/approve-email-change');
    expect(await screen.findByText(/Este enlace ya se usó o ya no vale/)).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.approveEmailChange)).toEqual([]);
  });
});
