import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../session/get-session';
import { makeDetail, makeList, makeCart } from '../../testing/fixtures';
import { pathFor } from '../../../shared/endpoints/endpoint';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo, type ApiMocks } from '../../testing/mock-fetch';
import { renderApp } from '../../testing/render';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const course = makeDetail({ id: 42, title: 'Python desde cero', priceCents: 1999 });
const cartItem = { courseId: 42, title: course.title, imageUrl: null, description: course.description, teacherName: course.teacherName, priceCents: 1999, addedAt: '2026-01-01T00:00:00.000Z' };

/** A visitor on a course page who then signs in (the server's session follows `signedIn`). */
function visitorBackend(extra: ApiMocks = {}) {
  let signedIn = false;
  let cart: (typeof cartItem)[] = [];
  const favourites: number[] = [];
  const fetchSpy = mockApi({
    getSession: () => (signedIn ? session : null),
    signInWithEmail: () => {
      signedIn = true;
      return { token: 't', user: session.user };
    },
    getCourse: () => course,
    getCourseReviews: () => ({ items: [] }),
    getEnrollments: () => ({ items: [] }),
    getFavourites: () => ({ items: favourites.map((id) => makeDetail({ id, title: course.title })) }),
    addFavourite: () => {
      favourites.push(42);
      return { courseId: 42, favourite: true };
    },
    getCart: () => (makeCart(cart)),
    addToCart: async ({ request }) => {
      const { courseId } = (await request.json()) as { courseId: number };
      if (courseId !== 42) return jsonResponse({ error: { code: 'COURSE_NOT_FOUND', message: 'no' } }, 404);
      cart = [cartItem];
      return makeCart(cart);
    },
    ...extra,
  });
  return { fetchSpy };
}

async function signInOnTheForm(user: ReturnType<typeof renderApp>['user']) {
  // Sent here by an action, the form opens on "sign in"; a plain /register opens on "sign up".
  await screen.findByRole('heading', { level: 2, name: /^(Ingresa a tu cuenta|Crea tu cuenta)$/ }, { timeout: 5000 });
  const toSignIn = screen.queryByRole('button', { name: '¿Ya tienes cuenta? Ingresa' });
  if (toSignIn) await user.click(toSignIn);
  await user.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
  await user.type(screen.getByLabelText(/^Contraseña/), 'Passw0rd12');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('an action that needs an account, started by a visitor', () => {
  it('"Add to cart": sign in, come back to the course page with the course in the cart and "¡Curso agregado!"', async () => {
    const { fetchSpy } = visitorBackend();
    const { user, router } = renderApp('/course/42');
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito: Python desde cero' }, { timeout: 5000 }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/register?mode=signin&next=%2Fcourse%2F42'));
    // The sign-in form, saying what will be done.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ingresa para agregar «Python desde cero» a tu carrito.');

    await signInOnTheForm(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/42'));
    expect(await screen.findByText('¡Curso agregado!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '1 curso en el carrito' })).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.addToCart).map((sent) => sent.body)).toEqual([{ courseId: 42 }]);
  });

  it('"Add to cart": a cart read that started before the add and answers after it does not empty the header’s count', async () => {
    let cart: (typeof cartItem)[] = [];
    visitorBackend({
      // The header asks for the cart the moment the session exists, racing the remembered add:
      // this read sees the cart as it was when it arrived, and answers late.
      getCart: async () => {
        const seen = cart;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return makeCart(seen);
      },
      addToCart: () => {
        cart = [cartItem];
        return makeCart(cart);
      },
    });
    const { user, router } = renderApp('/course/42');
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito: Python desde cero' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));

    await signInOnTheForm(user);
    expect(await screen.findByText('¡Curso agregado!')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('link', { name: '1 curso en el carrito' })).toBeInTheDocument();
  });

  it('the favourite heart: sign in, come back with the course marked', async () => {
    const { fetchSpy } = visitorBackend();
    const { user, router } = renderApp('/course/42');
    await user.click(await screen.findByRole('link', { name: 'Favorito: Python desde cero' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByText('Ingresa para guardar «Python desde cero» en tus favoritos.')).toBeInTheDocument();

    await signInOnTheForm(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/42'));
    expect(await screen.findByText('¡Agregado a tus favoritos!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Favorito: Python desde cero', pressed: true })).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.addFavourite).map((sent) => sent.url)).toEqual([pathFor(endpoints.addFavourite, { courseId: 42 })]);
    // Done once: nothing is added to the cart, and a reload does not mark it again.
    expect(requestsTo(fetchSpy, endpoints.addToCart)).toEqual([]);
  });

  it('keeps the way back through a social sign-in: the provider returns to the course page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { fetchSpy } = visitorBackend({
      getAuthProviders: () => ({ google: true, github: false, facebook: false, twitter: false }),
      startSocialSignIn: () => ({ url: 'https://accounts.example/auth', redirect: true }),
    });
    const { user } = renderApp('/course/42');
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito: Python desde cero' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Continuar con Google' }, { timeout: 5000 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth'));
    expect(requestsTo(fetchSpy, endpoints.startSocialSignIn)[0]?.body).toEqual({ provider: 'google', callbackURL: '/course/42', errorCallbackURL: '/register?mode=signin&next=%2Fcourse%2F42' });
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash address', '/\\evil.example'],
  ])('never sends a user to %s after signing in: home instead', async (_case, next) => {
    const { fetchSpy } = visitorBackend({
      getAuthProviders: () => ({ google: true, github: false, facebook: false, twitter: false }),
      startSocialSignIn: () => ({ url: 'https://accounts.example/auth', redirect: true }),
      // The home page, where the user lands.
      getCourses: () => makeList([]),
    });
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    const { user, router } = renderApp(`/register?next=${encodeURIComponent(next)}`);
    await user.click(await screen.findByRole('button', { name: 'Continuar con Google' }, { timeout: 5000 }));
    await waitFor(() => expect(requestsTo(fetchSpy, endpoints.startSocialSignIn)).toHaveLength(1));
    expect(requestsTo(fetchSpy, endpoints.startSocialSignIn)[0]?.body).toMatchObject({ callbackURL: '/', errorCallbackURL: '/register?mode=signin' });

    await signInOnTheForm(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(fetchSpy, endpoints.addToCart)).toEqual([]);
  });
});
