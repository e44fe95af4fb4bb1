import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '../../../app/layout/app-layout';
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
    const current = await screen.findByLabelText(/Contraseña actual/);
    const next = screen.getByLabelText(/Contraseña nueva/);
    await user.type(current, 'Passw0rd12');
    await user.type(next, 'corta');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText('Debe contener al menos 1 carácter alfabético en mayúscula')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.changePassword)).toEqual([]);

    await user.clear(next);
    await user.type(next, 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.changePassword)[0]?.body).toEqual({ currentPassword: 'Passw0rd12', newPassword: 'Nueva1234' });

    answer = { token: 't' };
    await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
    expect(await screen.findByText('¡Contraseña cambiada! Tus otras sesiones se cerraron.')).toBeInTheDocument();
  });

  it('asks for a new e-mail and says it changes when the mailed link is opened', async () => {
    const spy = mockApi({ getSession: () => session, getMe: () => me, changeEmail: () => ({ status: true }) });
    const { user } = renderRoutes(routes, '/ana');
    await user.type(await screen.findByLabelText(/Correo nuevo/), 'nueva@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar el enlace de confirmación' }));
    expect(await screen.findByText('Te enviamos un enlace a nueva@example.com. El cambio se hace cuando lo abras.')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.changeEmail)[0]?.body).toEqual({ newEmail: 'nueva@example.com' });
  });
});
