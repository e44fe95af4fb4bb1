import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../../app/layout/app-layout';
import { createQueryClient } from '../../../lib/query-client';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { type ApiMocks, jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderRoutes } from '../../../testing/render';
import { handleAccountDisabled } from '../../../session/account-disabled';
import type { Session } from '../../../session/get-session';
import { RegisterPage } from './register-page';
import { rememberPendingAction } from '../../../lib/pending-action';

/** The real layout and page; home is a stub, so these tests do not depend on what it fetches. */
const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { path: '/register', Component: RegisterPage },
      { path: '/', Component: () => <h1>Home</h1> },
    ],
  },
];
const renderApp = (path: string, options: { queryClient?: QueryClient } = {}) => renderRoutes(routes, path, options);

const providers = (configured: Partial<Record<'google' | 'github' | 'facebook' | 'twitter', boolean>> = {}) => () => ({
  google: false,
  github: false,
  facebook: false,
  twitter: false,
  ...configured,
});

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const apiError = (code: string, status: number, fields?: Record<string, string[]>) => () =>
  jsonResponse({ error: { code, message: code, ...(fields ? { fields } : {}) } }, status);

async function openRegister(handlers: ApiMocks = {}, path = '/register') {
  const fetchSpy = mockApi({
    getSession: () => null,
    getAuthProviders: providers({ google: true }),
    ...handlers,
  });
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Crea tu cuenta' });
  return { ...rendered, fetchSpy };
}

const email = () => screen.getByLabelText(/Correo electrónico/);
const password = () => screen.getByLabelText(/^Contraseña/);
const dialog = (name: RegExp | string) => screen.findByRole('dialog', { name });

describe('/register', () => {
  it('starts in sign-up mode and toggles to sign-in and back', async () => {
    const { user } = await openRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Ingresa o crea tu cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrarse' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }));
    expect(screen.getByRole('button', { name: 'Registrarse' })).toBeInTheDocument();
  });

  it('draws forms the browser itself can post (method post, to the form routes, with next), and the notice a post came back with', async () => {
    mockApi({ getSession: () => null, getAuthProviders: providers() });
    renderApp('/register?mode=signin&next=%2Fshop&notice=INVALID_CREDENTIALS');
    await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' });
    const form = screen.getByRole('button', { name: 'Ingresar' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/forms/sign-in');
    expect(form.querySelector('input[name="next"]')).toHaveValue('/shop');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('¡Correo y/o Contraseña inválida!');
    expect(within(alert).getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/register?mode=forgot');
  });

  it('opens on the reset request (?mode=forgot), posted to its form route, and says the link was sent', async () => {
    mockApi({ getSession: () => null, getAuthProviders: providers() });
    renderApp('/register?mode=forgot&notice=RESET_LINK_SENT');
    await screen.findByRole('heading', { level: 2, name: 'Restablece tu contraseña' });
    expect(screen.getByRole('form', { name: 'Restablece tu contraseña' })).toHaveAttribute('action', '/api/forms/password-reset');
    expect(screen.getByRole('status')).toHaveTextContent('Revisa tu correo');
  });

  it('opens on sign-in when the link asks for it (?mode=signin), and still toggles to sign-up', async () => {
    mockApi({ getSession: () => null, getAuthProviders: providers() });
    const { user } = renderApp('/register?mode=signin');
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('autocomplete', 'current-password');
    // Nothing was started before coming here: no line about what happens next.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Crea tu cuenta' })).toBeInTheDocument();
  });

  it.each([
    ['addToCart', 'Ingresa para agregar «Python desde cero» a tu carrito.', 'Sign in to add “Python desde cero” to your cart.'],
    ['enrollFree', 'Ingresa para inscribirte en «Python desde cero».', 'Sign in to enrol in “Python desde cero”.'],
    ['favourite', 'Ingresa para guardar «Python desde cero» en tus favoritos.', 'Sign in to save “Python desde cero” to your favourites.'],
  ] as const)('says what signing in will do (%s), in both languages', async (kind, spanish, english) => {
    rememberPendingAction({ kind, courseId: 42, title: 'Python desde cero' }, '/course/42');
    mockApi({ getSession: () => null, getAuthProviders: providers() });
    const { user } = renderApp('/register?mode=signin&next=%2Fcourse%2F42');
    expect(await screen.findByRole('status')).toHaveTextContent(spanish);
    await user.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByText(english)).toHaveAttribute('role', 'status');
  });

  it('shows the spec’s messages under the fields, the password rules in order, and "Wrong fields"', async () => {
    const { user, fetchSpy } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await dialog(/Campos incorrectos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('Ingresa un correo electrónico')).toBeInTheDocument();
    expect(screen.getByText('Ingresa una contraseña')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    // The messages follow the typing, one rule at a time in the spec's order.
    await user.type(email(), 'ana');
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeInTheDocument();
    await user.type(email(), '@example.com');
    expect(screen.queryByText(/correo electrónico válido/)).not.toBeInTheDocument();
    const steps: [string, string | null][] = [
      ['abc', 'Debe contener al menos 1 carácter alfabético en mayúscula'],
      ['A', 'Debe contener al menos 1 carácter numérico'],
      ['1', 'Debe contener entre 8 y 12 caracteres'],
      ['defgh', null],
      ['ijklmn', 'Debe contener entre 8 y 12 caracteres'],
    ];
    for (const [typed, message] of steps) {
      await user.type(password(), typed);
      const shown = screen.queryByText(/^Debe contener/);
      if (message) expect(shown).toHaveTextContent(message);
      else expect(shown).toBeNull();
    }
    // Nothing was sent while the fields were wrong.
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('/sign-'))).toEqual([]);
  });

  it('shows the English messages verbatim in English', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'EN English' }));
    await screen.findByRole('heading', { level: 2, name: 'Create your account' });
    await user.type(screen.getByLabelText(/^Password/), 'Abc1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await dialog(/Wrong fields/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('Enter an email')).toBeInTheDocument();
    expect(screen.getByText('Must contain between 8 and 12 characters')).toBeInTheDocument();
  });

  it('signs up with the typed e-mail and password, clears the form and goes home signed in', async () => {
    let signedIn = false;
    const { user, fetchSpy, router } = await openRegister({
      getSession: () => (signedIn ? session : null),
      signUpWithEmail: () => {
        signedIn = true;
        return { token: 't', user: session.user };
      },
      getMe: () => ({ ...session.user, createdCoursesCount: 0 }),
    });
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'Passw0rd12');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(fetchSpy, endpoints.signUpWithEmail)[0]?.body).toEqual({ email: 'ana@example.com', password: 'Passw0rd12', language: 'es' });
    expect(await screen.findByRole('button', { name: 'Menú de la cuenta de ana' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of /register to the home page', async () => {
    mockApi({
      getSession: () => session,
      getMe: () => ({ ...session.user, createdCoursesCount: 0 }),
    });
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['INVALID_CREDENTIALS', 401, /¡Correo y\/o Contraseña inválida!/, 'Si no recuerdas tu contraseña, usa «¿Olvidaste tu contraseña?».'],
    ['EMAIL_TAKEN', 409, /El correo electrónico ya existe!/, 'Intenta con otra cuenta.'],
    ['RATE_LIMITED', 429, /Demasiados intentos/, 'espera un minuto'],
    ['INTERNAL', 500, /Algo salió mal de nuestro lado/, null],
  ] as const)('answers %s with its dialog and clears the form', async (code, status, title, text) => {
    const { user } = await openRegister({ signInWithEmail: apiError(code, status), signUpWithEmail: apiError(code, status) });
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'Passw0rd12');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    const shown = await dialog(title);
    if (text) expect(shown).toHaveTextContent(text);
    expect(email()).toHaveValue('');
    expect(password()).toHaveValue('');
  });

  it('tells the user when the server cannot be reached', async () => {
    const { user } = await openRegister();
    vi.mocked(globalThis.fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }));
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'Passw0rd12');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await dialog(/Sin conexión con el servidor/)).toHaveTextContent('Revisa tu conexión a internet');
  });

  it('shows a disabled account’s dialog once and signs out', async () => {
    const queryClient = createQueryClient({ onAccountDisabled: () => void handleAccountDisabled(queryClient) });
    const fetchSpy = mockApi({
      getSession: () => null,
      getAuthProviders: providers(),
      signInWithEmail: apiError('ACCOUNT_DISABLED', 401),
      signOut: () => ({ success: true }),
    });
    const { user } = renderApp('/register', { queryClient });
    await user.click(await screen.findByRole('button', { name: '¿Ya tienes cuenta? Ingresa' }));
    await user.type(email(), 'pablo@example.com');
    await user.type(password(), 'Passw0rd12');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await dialog(/Tu cuenta ha sido deshabilitada\./)).toHaveTextContent('Ponte en contacto con nosotros');
    await waitFor(() => expect(requestsTo(fetchSpy, endpoints.signOut)).not.toEqual([]));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('shows server field errors under the fields', async () => {
    const { user } = await openRegister({
      signUpWithEmail: apiError('VALIDATION_FAILED', 400, { password: ['validation.passwordDigit'] }),
    });
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'Passw0rd12');
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await dialog(/Campos incorrectos/)).toBeInTheDocument();
    expect(screen.getByText('Debe contener al menos 1 carácter numérico')).toBeInTheDocument();
  });
});

describe('/register social sign-in', () => {
  it('always shows Google, and the others only when configured', async () => {
    await openRegister({ getAuthProviders: providers({ google: true, github: true }) });
    const group = await screen.findByRole('group', { name: 'Otras formas de ingresar' });
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Continuar con GitHub' })).toBeInTheDocument());
    expect(within(group).getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    expect(within(group).queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: /Twitter/ })).not.toBeInTheDocument();
  });

  it('keeps the Google button, disabled with a note, when the server has no Google credentials', async () => {
    await openRegister({ getAuthProviders: providers() });
    const google = screen.getByRole('button', { name: 'Continuar con Google' });
    await waitFor(() => expect(google).toBeDisabled());
    expect(google).toHaveAccessibleDescription('El ingreso con Google aún no está configurado en este sitio.');
  });

  it('starts the sign-in at the server and sends the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, fetchSpy } = await openRegister({
      startSocialSignIn: () => ({ url: 'https://accounts.example/auth?x=1', redirect: true }),
    });
    await user.click(screen.getByRole('button', { name: 'Continuar con Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(requestsTo(fetchSpy, endpoints.startSocialSignIn)[0]?.body).toEqual({ provider: 'google', callbackURL: '/', errorCallbackURL: '/register?mode=signin' });
  });

  it.each([
    ['account_not_linked', /El correo electrónico ya existe!/],
    ['access_denied', /No pudimos completar el ingreso/],
  ])('explains a social sign-in that came back with error=%s, and tidies the address', async (code, title) => {
    const { router } = await openRegister({}, `/register?error=${code}`);
    expect(await dialog(title)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
