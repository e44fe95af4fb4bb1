import { act, screen, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartItem } from '../../../shared/schemas/cart';
import { cartKeys } from '../../entities/cart/cart-keys';
import type { Session } from '../../session/get-session';
import { setLanguage } from '../../i18n';
import { languageStorageKey } from '../../../shared/i18n/language-detection';
import { mockApi } from '../../testing/mock-fetch';
import { renderRoutes, setViewportWidth } from '../../testing/render';
import { AppLayout } from './app-layout';
import { makeCart } from '../../testing/fixtures';

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

const signedOut = () => mockApi({ getSession: () => null });

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
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/register?mode=signin&next=%2Fshop');
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/register?mode=signin');
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
    const fetchSpy = mockApi({
      getSession: () => (signedIn ? session : null),
      getMe: me(),
      signOut: () => {
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
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/register?mode=signin&next=%2Fshop');
    expect(router.state.location.pathname).toBe('/');
    const signOutCall = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(signOutCall?.[1]).toMatchObject({ credentials: 'include', body: '{}' });
  });

  it('counts the courses in the cart on the cart icon, in words for screen readers, and follows the cart', async () => {
    const item = (courseId: number): CartItem => ({
      courseId,
      title: `Curso ${courseId}`,
      imageUrl: null,
      description: 'Un curso.',
      teacherName: 'Laura',
      listPriceCents: 1000,
      discountCents: 0,
      priceCents: 1000,
      addedAt: '2026-01-01T00:00:00.000Z',
    });
    mockApi({
      getSession: () => session,
      getMe: me(),
      getCart: () => (makeCart([item(1), item(2), item(3)])),
    });
    const { queryClient } = renderLayout('/');
    const cart = await screen.findByRole('link', { name: '3 cursos en el carrito' });
    expect(cart).toHaveAttribute('href', '/shop');
    expect(cart.parentElement).toHaveTextContent('3');

    // Adding or removing a course writes the cart into the cache: the badge follows.
    act(() => queryClient.setQueryData(cartKeys.all, makeCart([item(1)])));
    expect(await screen.findByRole('link', { name: '1 curso en el carrito' })).toBeInTheDocument();
    act(() => queryClient.setQueryData(cartKeys.all, makeCart([])));
    expect(await screen.findByRole('link', { name: 'Carrito' })).not.toHaveTextContent(/\d/);

    await act(() => setLanguage('en'));
    act(() => queryClient.setQueryData(cartKeys.all, makeCart([item(1), item(2)])));
    expect(await screen.findByRole('link', { name: '2 courses in the cart' })).toBeInTheDocument();
  });

  it("shows the spec's spinner, not the page just left, while a course page loads", async () => {
    signedOut();
    let arrive!: () => void;
    const coursePageCode = new Promise<void>((resolve) => (arrive = resolve));
    const routes: RouteObject[] = [
      {
        Component: AppLayout,
        children: [
          { path: '/', Component: () => <h1>Inicio de prueba</h1> },
          {
            path: '/course/:id',
            lazy: async () => {
              await coursePageCode;
              return { Component: () => <h1>Página del curso</h1> };
            },
          },
        ],
      },
    ];
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Inicio de prueba' })).toBeInTheDocument();
    act(() => void router.navigate('/course/7'));
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.queryByRole('heading', { name: 'Inicio de prueba' })).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('heading', { name: 'Página del curso' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers the admin area in the user menu to admins only', async () => {
    mockApi({ getSession: () => ({ ...session, user: { ...session.user, isAdmin: true } }), getMe: me() });
    const { user } = renderLayout('/');
    await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta de Ana Pérez' }));
    expect(await screen.findByRole('menuitem', { name: 'Administración' })).toHaveAttribute('href', '/admin');
  });

  it('offers "Courses created" only to a user who has created a course', async () => {
    mockApi({ getSession: () => session, getMe: me(2) });
    const { user } = renderLayout('/');
    await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta de Ana Pérez' }));
    expect(await screen.findByRole('menuitem', { name: 'Cursos creados' })).toHaveAttribute('href', '/coursescreated');
  });

  it('treats an unreadable session as signed out', async () => {
    mockApi({ getSession: () => new Response('oops', { status: 500 }) });
    renderLayout('/');
    expect(await screen.findByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/register?mode=signin');
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/register?mode=signin&next=%2Fshop');
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
