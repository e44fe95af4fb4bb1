import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { Cart } from '../../../shared/schemas/cart';
import type { Session } from '../../session/get-session';
import { makeCart, makeDetail } from '../../testing/fixtures';
import { jsonResponse, mockApi, requestsTo, type ApiMocks } from '../../testing/mock-fetch';
import { renderApp } from '../../testing/render';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const course = makeDetail({ id: 42, title: 'Python desde cero', priceCents: 2000 });
const line = { courseId: 42, title: course.title, imageUrl: null, description: course.description, teacherName: course.teacherName, priceCents: 2000, addedAt: '2026-01-01T00:00:00.000Z' };
const coupon = { code: 'MITAD', discountKind: 'percent' as const, discountValue: 50, problem: null };
const couponText = () => window.localStorage.getItem('marketplace.couponLink');

/** A course page's backend whose coupon MITAD covers course 42 only, refused on a cart without it (as the server does). */
function backend({ signedIn: startSignedIn = false, inCart = false, extra = {} }: { signedIn?: boolean; inCart?: boolean; extra?: ApiMocks } = {}) {
  let signedIn = startSignedIn;
  let cart: Cart = makeCart(inCart ? [line] : []);
  const fetchSpy = mockApi({
    getSession: () => (signedIn ? session : null),
    signInWithEmail: () => {
      signedIn = true;
      return { token: 't', user: session.user };
    },
    getCourse: () => course,
    getCourseReviews: () => ({ items: [] }),
    getEnrollments: () => ({ items: [] }),
    getFavourites: () => ({ items: [] }),
    getCart: () => cart,
    addToCart: () => {
      cart = makeCart([line], cart.coupon);
      return cart;
    },
    applyCartCoupon: ({ body }) => {
      if (body.code.toUpperCase() !== 'MITAD') return jsonResponse({ error: { code: 'COUPON_NOT_FOUND', message: 'no' } }, 404);
      // The server's one answer for a code that gives nothing on the cart, an empty one included.
      if (cart.items.length === 0) return jsonResponse({ error: { code: 'COUPON_NOT_FOUND', message: 'no' } }, 404);
      cart = makeCart([{ ...line, listPriceCents: 2000, discountCents: 1000, priceCents: 1000 }], coupon);
      return cart;
    },
    ...extra,
  });
  return { fetchSpy, cart: () => cart };
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

describe('a coupon link (?cupon= / ?coupon=)', () => {
  it('followed by a visitor: kept through signing in and adding the course, then applied once, with a toast', async () => {
    const { fetchSpy, cart } = backend();
    const { user, router } = renderApp('/course/42?cupon=MITAD&lang=es');
    // Read, kept, and taken out of the address; the other parameters stay.
    await waitFor(() => expect(router.state.location.search).toBe('?lang=es'));
    expect(JSON.parse(couponText()!)).toMatchObject({ code: 'MITAD' });
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito: Python desde cero' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    // A visitor has no cart: nothing was sent.
    expect(requestsTo(fetchSpy, endpoints.applyCartCoupon)).toEqual([]);

    await signInOnTheForm(user);
    expect(await screen.findByText('Cupón MITAD aplicado a tu carrito.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(cart().coupon?.code).toBe('MITAD');
    expect(couponText()).toBeNull();
    // The pending add and the code race: a try before the add is refused and tried again after it.
    const sent = requestsTo(fetchSpy, endpoints.applyCartCoupon);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent.every((request) => request.body?.code === 'MITAD')).toBe(true);
    // Applied once: another page sends nothing more.
    await router.navigate('/course/42');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(fetchSpy, endpoints.applyCartCoupon)).toHaveLength(sent.length);
  });

  it('followed by a signed-in buyer with an empty cart: kept, then applied when the course is added', async () => {
    const { fetchSpy, cart } = backend({ signedIn: true });
    const { user, router } = renderApp('/course/42?coupon=MITAD');
    expect(await screen.findByText('Guardamos el cupón MITAD: se aplicará si agregas al carrito un curso que cubra.', {}, { timeout: 5000 })).toBeInTheDocument();
    // Taken out of the address by a navigation that may finish after the first try's answer.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requestsTo(fetchSpy, endpoints.applyCartCoupon)).toHaveLength(1);
    expect(JSON.parse(couponText()!)).toMatchObject({ code: 'MITAD', triedWith: [] });

    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito: Python desde cero' }));
    expect(await screen.findByText('Cupón MITAD aplicado a tu carrito.')).toBeInTheDocument();
    expect(cart().totalCents).toBe(1000);
    expect(requestsTo(fetchSpy, endpoints.applyCartCoupon)).toHaveLength(2);
    expect(couponText()).toBeNull();
  });

  it('says why a code is refused, and drops it', async () => {
    const { fetchSpy } = backend({
      signedIn: true,
      inCart: true,
      extra: { applyCartCoupon: () => jsonResponse({ error: { code: 'COUPON_ALREADY_USED', message: 'no' } }, 409) },
    });
    renderApp('/course/42?cupon=VIEJO');
    expect(await screen.findByText('No pudimos aplicar el cupón VIEJO: Ya usaste este cupón tantas veces como permite.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(couponText()).toBeNull();
    expect(requestsTo(fetchSpy, endpoints.applyCartCoupon).map((sent) => sent.body)).toEqual([{ code: 'VIEJO' }]);
  });
});

describe('a referral link (?ref=)', () => {
  it('on a course page: counts the visit once ({ code, courseId }) and leaves the address clean; a refusal says nothing', async () => {
    const { fetchSpy } = backend({ extra: { recordReferralVisit: () => jsonResponse({ error: { code: 'REFERRAL_NOT_FOUND', message: 'no' } }, 404) } });
    const { router } = renderApp('/course/42?ref=LAURA7');
    await waitFor(() => expect(requestsTo(fetchSpy, endpoints.recordReferralVisit).map((sent) => sent.body)).toEqual([{ code: 'LAURA7', courseId: 42 }]));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(fetchSpy, endpoints.recordReferralVisit)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('elsewhere: ignored', async () => {
    const { fetchSpy } = backend();
    const { router } = renderApp('/shop?ref=LAURA7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(fetchSpy, endpoints.recordReferralVisit)).toEqual([]);
  });
});
