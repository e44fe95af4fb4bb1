import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '../../../app/layout/app-layout';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderRoutes } from '../../../testing/render';
import type { Session } from '../../../session/get-session';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { path: '/register', Component: RegisterPage },
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/verify-email', Component: VerifyEmailPage },
      { path: '/', Component: () => <h1>Home</h1> },
    ],
  },
];

const apiError = (code: string, status: number, fields?: Record<string, string[]>) => () =>
  jsonResponse({ error: { code, message: code, ...(fields ? { fields } : {}) } }, status);

describe('forgot password on /register', () => {
  it('sends the typed address and says a link was sent if it has an account', async () => {
    const spy = mockApi({ getSession: () => null, requestPasswordReset: () => ({ status: true }) });
    const { user } = renderRoutes(routes, '/register');
    await user.click(await screen.findByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Restablece tu contraseña' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviarme un enlace' }));
    expect(await screen.findByText('Ingresa un correo electrónico')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.requestPasswordReset)).toEqual([]);

    await user.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviarme un enlace' }));
    expect(await screen.findByText(/Si ese correo tiene una cuenta, te enviamos un enlace/)).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.requestPasswordReset)[0]?.body).toEqual({ email: 'ana@example.com' });
  });
});

describe('/reset-password', () => {
  it('checks the password rules first, then sends the token and the new password and goes to sign in', async () => {
    const spy = mockApi({ getSession: () => null, resetPassword: () => ({ status: true }) });
    const { user } = renderRoutes(routes, '/reset-password?token=abc123');
    const field = await screen.findByLabelText(/Contraseña nueva/);
    await user.type(field, 'sinmayuscula1');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText('Debe contener al menos 1 carácter alfabético en mayúscula')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    // The sign-in form, as the toast ("sign in with the new one") says.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.resetPassword)[0]?.body).toEqual({ token: 'abc123', newPassword: 'Nueva1234' });
  });

  it.each([
    ['EXPIRED_ACTION_CODE', /Este enlace venció/],
    ['INVALID_ACTION_CODE', /Este enlace no es válido o ya se usó/],
  ])('explains a link answered %s and offers a new one', async (code, message) => {
    mockApi({ getSession: () => null, resetPassword: apiError(code, 400) });
    const { user } = renderRoutes(routes, '/reset-password?token=old');
    await user.type(await screen.findByLabelText(/Contraseña nueva/), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/register?mode=signin');
  });
});

describe('/verify-email and the reminder', () => {
  const unverified: Session = {
    session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
    user: { id: 'u1', name: 'ana', email: 'ana@example.com', image: null, isAdmin: false, emailVerified: false },
  };

  it('sends the token once and says the address is confirmed', async () => {
    const spy = mockApi({ getSession: () => null, verifyEmail: () => ({ status: true }) });
    renderRoutes(routes, '/verify-email?token=tok');
    expect(await screen.findByText('¡Correo confirmado!')).toBeInTheDocument();
    expect(requestsTo(spy, endpoints.verifyEmail).map((sent) => new URL(sent.url, 'http://localhost').searchParams.get('token'))).toEqual(['tok']);
  });

  it('explains an expired verification link', async () => {
    mockApi({ getSession: () => null, verifyEmail: apiError('EXPIRED_ACTION_CODE', 400) });
    renderRoutes(routes, '/verify-email?token=tok');
    expect(await screen.findByText(/Este enlace venció/)).toBeInTheDocument();
  });

  it('reminds an unverified user and sends the e-mail again on request', async () => {
    const spy = mockApi({ getSession: () => unverified, sendVerificationEmail: () => ({ status: true }) });
    const { user } = renderRoutes(routes, '/');
    expect(await screen.findByText(/Confirma tu correo ana@example.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar de nuevo' }));
    expect(await screen.findByText('¡Enviado! Revisa tu correo.')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(spy, endpoints.sendVerificationEmail)[0]?.body).toEqual({ email: 'ana@example.com' }));
  });
});
