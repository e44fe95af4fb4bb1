import { act, screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '../../../app/layout/app-layout';
import { setLanguage } from '../../../i18n';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderRoutes } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

const routes: RouteObject[] = [{ Component: AppLayout, children: [{ path: '/:userName', Component: DashboardPage }] }];
const me = { id: 'u1', name: 'ana', email: 'ana@example.com', image: null, isAdmin: false, createdCoursesCount: 0 };
const session = { session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' }, user: { ...me, emailVerified: true } };

describe('Mis Datos: password and e-mail', () => {
  it('changes the password under the product rules, and says a wrong current password is wrong', async () => {
    let answer: Response | { token: string | null } = jsonResponse({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, 401);
    const spy = mockApi({ getSession: () => session, getMe: () => me, changePassword: () => answer });
    const { user } = renderRoutes(routes, '/ana');
    const form = within(await screen.findByRole('form', { name: 'Cambiar la contraseña' }));
    const current = form.getByLabelText(/Contraseña actual/);
    const next = form.getByLabelText(/Contraseña nueva/);
    await user.type(current, 'Passw0rd12');
    await user.type(next, 'corta');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText('Debe contener al menos 1 carácter alfabético en mayúscula')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.changePassword)).toEqual([]);

    await user.clear(next);
    await user.type(next, 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    // better-auth's "wrong e-mail or password" answer, said for what it is here.
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual no es correcta.');
    expect(screen.queryByText('¡Correo y/o Contraseña inválida!')).not.toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(spy, endpoints.changePassword)[0]?.body).toEqual({ currentPassword: 'Passw0rd12', newPassword: 'Nueva1234' });

    answer = { token: 't' };
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText('¡Contraseña cambiada! Tus otras sesiones se cerraron.')).toBeInTheDocument();
  });

  it('asks for a new e-mail with the current password, and says the current address must approve it first', async () => {
    const spy = mockApi({ getSession: () => session, getMe: () => me, requestEmailChange: () => jsonResponse({ newEmail: 'nueva@example.com' }, 202) });
    const { user } = renderRoutes(routes, '/ana');
    const form = within(await screen.findByRole('form', { name: 'Cambiar el correo electrónico' }));
    await user.type(form.getByLabelText(/Correo nuevo/), 'nueva@example.com');
    await user.type(form.getByLabelText(/Contraseña actual/), 'Passw0rd12');
    await user.click(screen.getByRole('button', { name: 'Pedir el cambio' }));
    expect(
      await screen.findByText(
        'Te enviamos un mensaje a ana@example.com, tu correo actual, para aprobar el cambio. Cuando lo apruebes, enviaremos a nueva@example.com un enlace para confirmarlo. El pedido vence en 1 hora.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.requestEmailChange)[0]?.body).toEqual({ newEmail: 'nueva@example.com', currentPassword: 'Passw0rd12' });
  });

  it('says so when the password is wrong, or when an account without one must sign in again (in English too)', async () => {
    let answer = jsonResponse({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, 401);
    mockApi({ getSession: () => session, getMe: () => me, requestEmailChange: () => answer });
    await act(() => setLanguage('en'));
    const { user } = renderRoutes(routes, '/ana');
    await user.type(await screen.findByLabelText(/New e-mail/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong.');
    expect(screen.queryByText('Invalid email and/or password!')).not.toBeInTheDocument();

    answer = jsonResponse({ error: { code: 'REAUTHENTICATION_REQUIRED', message: 'x' } }, 403);
    await user.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(await screen.findByText('For your security, sign out and sign in again, then change your e-mail within 5 minutes.')).toBeInTheDocument();
  });

  it('shows the English message for a wrong current password on the password change', async () => {
    mockApi({ getSession: () => session, getMe: () => me, changePassword: () => jsonResponse({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, 400) });
    await act(() => setLanguage('en'));
    const { user } = renderRoutes(routes, '/ana');
    const form = within(await screen.findByRole('form', { name: 'Change the password' }));
    await user.type(form.getByLabelText(/Current password/), 'Wr0ngPass1');
    await user.type(form.getByLabelText(/New password/), 'Nueva1234');
    await user.click(form.getByRole('button', { name: 'Change the password' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The current password is wrong.');
  });
});
