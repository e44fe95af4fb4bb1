import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../../../shared/schemas/cart';
import type { Session } from '../../../session/get-session';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp, setViewportWidth } from '../../../testing/render';
import { makeCart } from '../../../testing/fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const item = (courseId: number, title: string, priceCents: number) => ({
  courseId,
  title,
  imageUrl: null,
  description: `Descripción de ${title}`,
  teacherName: 'Laura',
  priceCents,
  addedAt: '2026-01-01T00:00:00.000Z',
});

describe('cart page (/shop)', () => {
  afterEach(() => setViewportWidth(1024));

  it('shows one card per course on a 360 px phone, each with its Remove button', async () => {
    setViewportWidth(360);
    mockApi({ getSession: () => session, getCart: () => (makeCart([item(1, 'Python', 1999), item(2, 'React', 4550)])) });
    renderApp('/shop');
    const list = await screen.findByRole('list', { name: 'Cursos en tu carrito: 2' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Eliminar React del carrito' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$65.49 USD');
  });

  it('writes a round price as the course card does, without cents', async () => {
    mockApi({ getSession: () => session, getCart: () => (makeCart([item(1, 'Python', 2000), item(2, 'React', 4550)])) });
    renderApp('/shop');
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    expect(within(table).getByText('$20 USD')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: $65.50 USD');
  });

  it('shows "Tu carrito" with each course, the total, remove (error toast "¡Curso eliminado!") and clear ("¡Carrito vaciado!")', async () => {
    let cart: Cart = makeCart([item(1, 'Python', 1999), item(2, 'React', 4550)]);
    mockApi({
      getSession: () => session,
      getCart: () => cart,
      removeFromCart: () => {
        cart = makeCart([item(2, 'React', 4550)]);
        return cart;
      },
      clearCart: () => {
        cart = makeCart([]);
        return cart;
      },
    });
    const { user } = renderApp('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu carrito' }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    for (const header of ['Imagen', 'Curso', 'Precio', 'Descripción', 'Acción']) expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Python' })).toHaveAttribute('href', '/course/1');
    expect(within(table).getByText('$19.99 USD')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: $65.49 USD');
    expect(screen.getByRole('link', { name: 'Pagar' })).toHaveAttribute('href', '/formpage');

    await user.click(screen.getByRole('button', { name: 'Eliminar Python del carrito' }));
    const removed = await screen.findByText('¡Curso eliminado!');
    expect(removed.closest('[role="alert"]')).not.toBeNull();
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('Total: $45.50 USD');
    expect(screen.queryByRole('link', { name: 'Python' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vaciar carrito' }));
    expect(await screen.findByText('¡Carrito vaciado!')).toBeInTheDocument();
    expect(await screen.findByText('Tu carrito está vacío..')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregar cursos' })).toHaveAttribute('href', '/allcourses');
  });

  it('reads "Your Cart" in English, with the spec\'s texts', async () => {
    mockApi({
      getSession: () => session,
      getCart: () => (makeCart([])),
      // A signed-in user's language choice is kept for the e-mails they receive.
      setLanguage: () => ({ language: 'en' }),
    });
    const { user } = renderApp('/shop');
    await screen.findByText('Tu carrito está vacío..', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Cart' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty..')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Courses' })).toBeInTheDocument();
  });

  it('sends a visitor to /register', async () => {
    mockApi({ getSession: () => null });
    const { router } = renderApp('/shop');
    await expect.poll(() => router.state.location.pathname).toBe('/register');
  });
});

describe('cart page (/shop): coupons', () => {
  const discounted = (courseId: number, title: string, listPriceCents: number, discountCents: number) => ({
    ...item(courseId, title, listPriceCents - discountCents),
    listPriceCents,
    discountCents,
  });
  const halfOff = { code: 'MITAD', discountKind: 'percent' as const, discountValue: 50, problem: null };

  it('applies a typed code: the cart comes back priced, each discounted line struck through, subtotal, discount and total', async () => {
    let cart: Cart = makeCart([item(1, 'Python', 2000), item(2, 'React', 4550)]);
    const fetchSpy = mockApi({
      getSession: () => session,
      getCart: () => cart,
      applyCartCoupon: () => {
        cart = makeCart([discounted(1, 'Python', 2000, 1000), item(2, 'React', 4550)], halfOff);
        return cart;
      },
    });
    const { user } = renderApp('/shop');
    await user.type(await screen.findByRole('textbox', { name: 'Código de cupón' }, { timeout: 5000 }), ' mitad ');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupón MITAD aplicado.')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.applyCartCoupon).map((sent) => sent.body)).toEqual([{ code: 'mitad' }]);

    const table = screen.getByRole('table');
    const pythonRow = within(table).getByRole('link', { name: 'Python' }).closest('tr')!;
    const struck = pythonRow.querySelector('s');
    expect(struck).toHaveTextContent('Antes $20 USD');
    expect(within(pythonRow).getByText('$10 USD')).toBeInTheDocument();
    // A line the coupon does not cover shows its one price.
    const reactRow = within(table).getByRole('link', { name: 'React' }).closest('tr')!;
    expect(reactRow.querySelector('s')).toBeNull();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal: $65.50 USD');
    expect(screen.getByTestId('cart-discount')).toHaveTextContent('Descuento: −$10 USD');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: $55.50 USD');
    expect(screen.getByText('Cupón MITAD')).toBeInTheDocument();
    expect(screen.getByText('50 %')).toBeInTheDocument();
  });

  it.each([
    ['COUPON_NOT_FOUND', 404, 'Ningún cupón con este código vale para los cursos de tu carrito. Revisa cómo está escrito.'],
    ['RATE_LIMITED', 429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo.'],
    ['COUPON_EXPIRED', 409, 'Este cupón no es válido ahora: expiró, aún no empieza o fue desactivado.'],
    ['COUPON_USED_UP', 409, 'Este cupón está agotado: ya no le quedan usos.'],
    ['COUPON_NOT_APPLICABLE', 409, 'Este cupón no es para los cursos de tu carrito.'],
    ['COUPON_ALREADY_USED', 409, 'Ya usaste este cupón tantas veces como permite.'],
  ] as const)('says why a code is refused (%s) under the field, and leaves the cart as it was', async (code, status, message) => {
    mockApi({
      getSession: () => session,
      getCart: () => makeCart([item(1, 'Python', 2000)]),
      applyCartCoupon: () => jsonResponse({ error: { code, message: 'no' } }, status),
    });
    const { user } = renderApp('/shop');
    const field = await screen.findByRole('textbox', { name: 'Código de cupón' }, { timeout: 5000 });
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: $20 USD');
  });

  it('shows why a kept coupon takes nothing off now, and removes it ("Quitar cupón")', async () => {
    let cart: Cart = makeCart([item(1, 'Python', 2000)], { ...halfOff, problem: 'COUPON_EXPIRED' });
    const fetchSpy = mockApi({
      getSession: () => session,
      getCart: () => cart,
      removeCartCoupon: () => {
        cart = makeCart([item(1, 'Python', 2000)]);
        return cart;
      },
    });
    const { user } = renderApp('/shop');
    expect(
      await screen.findByText('El cupón MITAD no descuenta nada ahora: Este cupón no es válido ahora: expiró, aún no empieza o fue desactivado.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar cupón' }));
    expect(await screen.findByText('Cupón quitado.')).toBeInTheDocument();
    expect(screen.queryByText('Cupón MITAD')).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.removeCartCoupon)).toHaveLength(1);
  });

  it('reads "Coupon code", "Apply" and "Remove coupon" in English', async () => {
    mockApi({ getSession: () => session, getCart: () => makeCart([discounted(1, 'Python', 2000, 500)], { code: 'FIVE', discountKind: 'amount', discountValue: 500, problem: null }), setLanguage: () => ({ language: 'en' }) });
    const { user } = renderApp('/shop');
    await screen.findByRole('textbox', { name: 'Código de cupón' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove coupon' })).toBeInTheDocument();
    expect(screen.getByRole('table').querySelector('s')).toHaveTextContent('Before $20 USD');
    expect(screen.getByText('$5 USD')).toBeInTheDocument();
  });
});
