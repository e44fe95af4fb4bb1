import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLayout } from './layout/app-layout';
import { createQueryClient } from '../lib/query-client';
import { endpoints } from '../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../testing/mock-fetch';
import { renderRoutes } from '../testing/render';
import { handleAccountDisabled } from '../session/account-disabled';

const disabled = () => jsonResponse({ error: { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled' } }, 401);

describe('a disabled account, app-wide', () => {
  it('any call answering ACCOUNT_DISABLED shows the disabled dialog once and signs out', async () => {
    // As main.tsx wires it.
    const queryClient = createQueryClient({ onAccountDisabled: () => void handleAccountDisabled(queryClient) });
    let signedOut = false;
    const fetchSpy = mockApi({
      getSession: () => (signedOut ? null : disabled()),
      signOut: () => {
        signedOut = true;
        return { success: true };
      },
    });
    renderRoutes([{ Component: AppLayout, children: [{ path: '*', Component: () => <h1>Página</h1> }] }], '/', { queryClient });

    const dialog = await screen.findByRole('dialog', { name: /Tu cuenta ha sido deshabilitada\./ });
    expect(dialog).toHaveTextContent('Ponte en contacto con nosotros');
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchSpy, endpoints.signOut)).toHaveLength(1));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('mutations too (a disabled user saving something)', async () => {
    let notified = 0;
    const queryClient = createQueryClient({ onAccountDisabled: () => (notified += 1) });
    mockApi({ updateMe: disabled });
    const { call } = await import('../lib/api-client');
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => call(endpoints.updateMe, { body: { name: 'Ana', image: '' } }) })
      .execute(undefined)
      .catch(() => undefined);
    expect(notified).toBe(1);
  });
});
