import { screen, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../features/auth/api/get-session';
import { languageStorageKey } from '../../i18n/languages';
import { mockFetch } from '../../testing/mock-fetch';
import { renderRoutes, setViewportWidth } from '../../testing/render';
import { AppLayout } from './app-layout';

/** The real layout around a stub page: these tests must not depend on what pages fetch. */
function StubPage() {
  const { t } = useTranslation();
  return <h1>{t('notFound.title')}</h1>;
}
const layoutRoutes: RouteObject[] = [{ Component: AppLayout, children: [{ path: '*', Component: StubPage }] }];
const renderLayout = (path = '/') => renderRoutes(layoutRoutes, path);

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana Pérez', email: 'ana@example.com', image: null, isAdmin: false },
};

const signedOut = () => mockFetch({ 'GET /api/auth/get-session': () => null });

/** GET /api/users/me for the session's user: the user menu asks it how many courses they created. */
const me = (createdCoursesCount = 0) => () => ({ ...session.user, createdCoursesCount });

describe('app layout', () => {
  afterEach(() => {
    setViewportWidth(1024);
  });

  it('shows the navbar and footer links, and a cart icon leading to /register when signed out', async () => {
    signedOut();
    renderLayout('/');

    const navbar = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(navbar).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(within(navbar).getByRole('link', { name: 'Cursos' })).toHaveAttribute('href', '/allcourses');
    expect(within(navbar).getByRole('link', { name: 'Nosotros' })).toHaveAttribute('href', '/about');
    expect(within(navbar).getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contact');
    expect(within(navbar).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Nosotros' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contact');

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cursos Online' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/register');
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/register');
  });

  it('switches every visible text between Spanish and English, and remembers the choice', async () => {
    signedOut();
    const { user } = renderLayout('/about');
    await screen.findByRole('link', { name: 'Ingresar' });
    expect(document.documentElement.lang).toBe('es');

    await user.click(screen.getByRole('button', { name: 'EN English' }));

    const navbar = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Courses', 'About', 'Contact']) {
      expect(within(navbar).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('contentinfo')).getByText(/All rights reserved\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Inicio')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('en');

    await user.click(screen.getByRole('button', { name: 'ES Español' }));
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows the user menu and a cart icon leading to /shop when signed in, and signs out', async () => {
    let signedIn = true;
    const fetchSpy = mockFetch({
      'GET /api/auth/get-session': () => (signedIn ? session : null),
      'GET /api/users/me': me(),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { success: true };
      },
    });
    const { user, router } = renderLayout('/shop');

    const menuButton = await screen.findByRole('button', { name: 'Menú de la cuenta de Ana Pérez' });
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('link', { name: 'Ingresar' })).not.toBeInTheDocument();

    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mis Datos' })).toHaveAttribute('href', '/Ana%20P%C3%A9rez');
    expect(within(menu).queryByRole('menuitem', { name: 'Administración' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Cursos creados' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' }));

    expect(await screen.findByRole('link', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/register');
    expect(router.state.location.pathname).toBe('/');
    const signOutCall = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(signOutCall?.[1]).toMatchObject({ credentials: 'include', body: '{}' });
  });

  it('offers the admin area in the user menu to admins only', async () => {
    mockFetch({ 'GET /api/auth/get-session': () => ({ ...session, user: { ...session.user, isAdmin: true } }), 'GET /api/users/me': me() });
    const { user } = renderLayout('/');
    await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta de Ana Pérez' }));
    expect(await screen.findByRole('menuitem', { name: 'Administración' })).toHaveAttribute('href', '/admin');
  });

  it('offers "Courses created" only to a user who has created a course', async () => {
    mockFetch({ 'GET /api/auth/get-session': () => session, 'GET /api/users/me': me(2) });
    const { user } = renderLayout('/');
    await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta de Ana Pérez' }));
    expect(await screen.findByRole('menuitem', { name: 'Cursos creados' })).toHaveAttribute('href', '/coursescreated');
  });

  it('treats an unreadable session as signed out', async () => {
    mockFetch({ 'GET /api/auth/get-session': () => new Response('oops', { status: 500 }) });
    renderLayout('/');
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/register');
  });

  it('puts the links and the language switch in a drawer on a 360 px screen', async () => {
    signedOut();
    setViewportWidth(360);
    const { user } = renderLayout('/');
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'EN English' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carrito' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Cursos Online' });
    const links = within(drawer).getByRole('navigation', { name: 'Navegación principal' });
    expect(within(links).getAllByRole('link').map((link) => link.textContent)).toEqual(['Inicio', 'Cursos', 'Nosotros', 'Contacto']);
    expect(within(drawer).getByRole('button', { name: 'EN English' })).toBeInTheDocument();

    await user.click(within(links).getByRole('link', { name: 'Contacto' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
