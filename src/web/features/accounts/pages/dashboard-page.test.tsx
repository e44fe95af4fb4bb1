import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '../../../app/layout/app-layout';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { renderRoutes } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { path: '/', Component: () => <h1>Home</h1> },
      { path: '/register', Component: () => <h1>Register</h1> },
      { path: '/:userName', Component: DashboardPage },
    ],
  },
];
const renderDashboard = (path: string, options: { queryClient?: QueryClient } = {}) => renderRoutes(routes, path, options);

const me = { id: 'u1', name: 'Ana Pérez', email: 'ana@example.com', image: 'https://cdn.example/ana.png', isAdmin: false, createdCoursesCount: 0 };
const session = { session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' }, user: me };

describe('/{userName} Mis Datos', () => {
  it('shows the user’s name, e-mail and picture', async () => {
    mockApi({ getSession: () => session, getMe: () => me });
    renderDashboard('/Ana%20P%C3%A9rez');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Datos' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto de perfil' })).toHaveAttribute('src', 'https://cdn.example/ana.png');
  });

  it('shows a user only their own data: another name leads to their own dashboard', async () => {
    mockApi({ getSession: () => session, getMe: () => me });
    const { router } = renderDashboard('/someone-else');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Ana%20P%C3%A9rez'));
    expect(screen.queryByText('someone-else')).not.toBeInTheDocument();
  });

  it('sends a visitor to the sign-in form, which comes back here', async () => {
    mockApi({
      getSession: () => null,
      getMe: () => jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, 401),
    });
    const { router } = renderDashboard('/Ana');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/register?mode=signin&next=%2FAna'));
  });

  it('says the e-mail is verified', async () => {
    mockApi({ getSession: () => ({ ...session, user: { ...me, emailVerified: true } }), getMe: () => me });
    renderDashboard('/Ana%20P%C3%A9rez');
    expect(await screen.findByText('Verificado')).toBeInTheDocument();
    expect(screen.queryByText('Sin verificar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar el enlace de nuevo' })).not.toBeInTheDocument();
  });

  it('says the e-mail is not verified, and sends the link again', async () => {
    const spy = mockApi({ getSession: () => ({ ...session, user: { ...me, emailVerified: false } }), getMe: () => me, sendVerificationEmail: () => ({ status: true }) });
    const { user } = renderDashboard('/Ana%20P%C3%A9rez');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('Sin verificar')).toBeInTheDocument();
    await user.click(main.getByRole('button', { name: 'Enviar el enlace de nuevo' }));
    expect(await main.findByText('¡Enviado! Revisa tu correo.')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.sendVerificationEmail)[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it('edits name and picture, says "¡Datos actualizados!", then goes home with the new name in the navbar', async () => {
    let current = me;
    const fetchSpy = mockApi({
      getSession: () => ({ ...session, user: current }),
      getMe: () => current,
      updateMe: async ({ request }) => {
        const body = (await request.json()) as { name: string; image: string };
        current = { ...current, name: body.name, image: body.image || null } as typeof me;
        return current;
      },
    });
    const { user, router } = renderDashboard('/Ana%20P%C3%A9rez');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const name = screen.getByRole('textbox', { name: /Nombre/ });
    const image = screen.getByRole('textbox', { name: /Imagen/ });
    expect(name).toHaveValue('Ana Pérez');
    expect(image).toHaveValue('https://cdn.example/ana.png');

    await user.clear(name);
    await user.type(name, 'Ana María');
    await user.clear(image);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const dialog = await screen.findByRole('dialog', { name: /¡Datos actualizados!/ });
    expect(dialog).toHaveTextContent('Da click en OK para ver cambios');
    const patch = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ name: 'Ana María', image: '', bio: '' });
    expect(router.state.location.pathname).toBe('/Ana%20P%C3%A9rez');

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Menú de la cuenta de Ana María' })).toBeInTheDocument();
  });

  it('checks the fields with the server’s rules before sending', async () => {
    const fetchSpy = mockApi({ getSession: () => session, getMe: () => me });
    const { user } = renderDashboard('/Ana%20P%C3%A9rez');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.clear(screen.getByRole('textbox', { name: /Nombre/ }));
    const image = screen.getByRole('textbox', { name: /Imagen/ });
    await user.clear(image);
    await user.type(image, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Debe ingresar el nombre')).toBeInTheDocument();
    expect(screen.getByText('Ingresa una URL de imagen válida (http o https)')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'admin');
    expect(screen.getByText('Ese nombre está reservado para una página del sitio; elige otro')).toBeInTheDocument();
  });

  it('shows the server’s field errors', async () => {
    mockApi({
      getSession: () => session,
      getMe: () => me,
      updateMe: () =>
        jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { image: ['validation.imageUrl'] } } }, 400),
    });
    const { user } = renderDashboard('/Ana%20P%C3%A9rez');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Ingresa una URL de imagen válida (http o https)')).toBeInTheDocument();
  });

  it('leaves edit mode with Cancelar, changing nothing', async () => {
    mockApi({ getSession: () => session, getMe: () => me });
    const { user } = renderDashboard('/Ana%20P%C3%A9rez');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('textbox', { name: /Nombre/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Ana Pérez')).toBeInTheDocument();
  });
});
