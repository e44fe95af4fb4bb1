import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { Coupon } from '../../../../shared/schemas/coupons';
import type { Session } from '../../../session/get-session';
import { makeCoupon, makeReferrals } from '../../../testing/coupon-fixtures';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Laura Martínez', email: 'laura@example.com', image: null, isAdmin: false },
};

const createdCourse = (id: number, title: string) => ({ id, title, description: `Sobre ${title}`, imageUrl: null, priceCents: 2000, ratingAverage: 0, ratingCount: 0, disabledAt: null });

/** A teacher with two courses and two coupons; creating and switching change what the list answers. */
function teacherBackend() {
  let coupons: Coupon[] = [
    makeCoupon({ id: 2, code: 'CINCO', discountKind: 'amount', discountValue: 500, courses: [{ id: 42, title: 'Python desde cero' }], maxUses: null, remainingUses: null, uses: 4, revenueCents: 6000, link: '/course/42?cupon=CINCO', endsAt: '2026-12-31T23:00:00.000Z' }),
    makeCoupon({ id: 1, status: 'expired' }),
  ];
  const fetchSpy = mockApi({
    getSession: () => session,
    getMyCoupons: () => ({ items: coupons }),
    getMyReferrals: () => makeReferrals(),
    getCreatedCourses: () => ({ items: [createdCourse(42, 'Python desde cero'), createdCourse(43, 'React avanzado')] }),
    createCoupon: ({ body }) => {
      if (body.code.toUpperCase() === 'MITAD') return jsonResponse({ error: { code: 'COUPON_CODE_TAKEN', message: 'taken' } }, 409);
      const coupon = makeCoupon({ id: 3, code: body.code, discountKind: body.discountKind, discountValue: body.discountValue, courses: [{ id: 43, title: 'React avanzado' }] });
      coupons = [coupon, ...coupons];
      return jsonResponse(coupon, 201);
    },
    updateCoupon: ({ params, body }) => {
      coupons = coupons.map((coupon) => (coupon.id === params.id ? { ...coupon, status: body.active ? 'active' : 'disabled' } : coupon));
      return coupons.find((coupon) => coupon.id === params.id)!;
    },
  });
  return { fetchSpy };
}

const rowOf = (table: HTMLElement, code: string) => within(table).getByText(code).closest('tr')!;

describe('/coursescreated/coupons', () => {
  it('sends visitors to the sign-in form, which comes back here', async () => {
    mockApi({ getSession: () => null });
    const { router } = renderApp('/coursescreated/coupons');
    // The sign-in form, which comes back here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/register?mode=signin&next=%2Fcoursescreated%2Fcoupons');
  });

  it('lists my coupons: code and link, discount, courses, dates, uses, remaining, revenue and status', async () => {
    teacherBackend();
    renderApp('/coursescreated/coupons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cupones y enlaces de referido' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Cupones, con sus usos e ingresos' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Código', 'Descuento', 'Cursos', 'Vigencia', 'Usos', 'Restantes', 'Ingresos', 'Estado', 'Activo']);
    const cinco = rowOf(table, 'CINCO');
    const cells = within(cinco).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1, 3)).toEqual(['$5 USD', 'Python desde cero']);
    expect(cells[3]).toMatch(/^Desde 1 nov 2026.*Hasta 31 dic 2026/);
    expect(cells.slice(4)).toEqual(['41 por comprador', 'Sin límite', '$60 USD', 'Activo', '']);
    expect(within(cinco).getByRole('button', { name: 'Copiar enlace de CINCO' })).toBeInTheDocument();
    const mitad = rowOf(table, 'MITAD');
    expect(within(mitad).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 8)).toEqual(['50 %', 'Todos mis cursos', expect.stringMatching(/Sin fecha de fin$/), '3 de 1001 por comprador', '97', '$30 USD', 'Vencido']);
    expect(within(mitad).getByRole('switch', { name: 'Cupón MITAD activo' })).toBeChecked();
  });

  it('switches a coupon off (and says so)', async () => {
    const { fetchSpy } = teacherBackend();
    const { user } = renderApp('/coursescreated/coupons');
    const toggle = await screen.findByRole('switch', { name: 'Cupón CINCO activo' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Cupón CINCO desactivado.')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.updateCoupon)).toEqual([{ url: '/api/coupons/2', body: { active: false } }]);
    const table = screen.getByRole('table', { name: 'Cupones, con sus usos e ingresos' });
    await waitFor(() => expect(within(rowOf(table, 'CINCO')).getByText('Desactivado')).toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Cupón CINCO activo' })).not.toBeChecked();
  });

  it('creates a coupon for some courses, sending the right body; field errors and a taken code are said in Spanish', async () => {
    const { fetchSpy } = teacherBackend();
    const { user } = renderApp('/coursescreated/coupons');
    const form = await screen.findByRole('form', { name: 'Nuevo cupón' });
    // Nothing typed: each required field says what it needs, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));
    expect(within(form).getByText('Usa de 3 a 32 letras, dígitos, - o _.')).toBeInTheDocument();
    expect(within(form).getByText('Un porcentaje entero de 1 a 100.')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^Código/ }), 'mitad');
    await user.type(within(form).getByRole('textbox', { name: /^Descuento \(%\)/ }), '30');
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));
    expect(await within(form).findByText('Ya tienes un cupón con este código: elige otro.')).toBeInTheDocument();

    const code = within(form).getByRole('textbox', { name: /^Código/ });
    await user.clear(code);
    await user.type(code, 'REACT10');
    await user.click(within(form).getByRole('radio', { name: 'Monto fijo por curso' }));
    const amount = within(form).getByRole('textbox', { name: /^Descuento por curso \(US\$\)/ });
    await user.clear(amount);
    await user.type(amount, '10.50');
    await user.click(within(form).getByRole('radio', { name: 'Solo algunos cursos' }));
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));
    expect(within(form).getByText('Elige al menos un curso.')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'React avanzado' }));
    fireEvent.change(within(form).getByLabelText(/^Termina/), { target: { value: '2026-12-31T23:30' } });
    await user.type(within(form).getByRole('textbox', { name: /^Usos en total/ }), '50');
    await user.type(within(form).getByRole('textbox', { name: /^Usos por comprador/ }), '2');
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));

    expect(await screen.findByText('Cupón REACT10 creado.')).toBeInTheDocument();
    const sent = requestsTo(fetchSpy, endpoints.createCoupon).map((request) => request.body);
    expect(sent).toEqual([
      { code: 'mitad', discountKind: 'percent', discountValue: 30, courseIds: null, startsAt: null, endsAt: null, maxUses: null, maxUsesPerBuyer: null },
      { code: 'REACT10', discountKind: 'amount', discountValue: 1050, courseIds: [43], startsAt: null, endsAt: new Date('2026-12-31T23:30').toISOString(), maxUses: 50, maxUsesPerBuyer: 2 },
    ]);
    const table = screen.getByRole('table', { name: 'Cupones, con sus usos e ingresos' });
    expect(await within(table).findByText('REACT10')).toBeInTheDocument();
    // The form is empty again for the next one.
    expect(within(form).getByRole('textbox', { name: /^Código/ })).toHaveValue('');
  });

  it('shows my referral links: the share and window, each course\'s link with a copy button, visits, sales, revenue and my share', async () => {
    teacherBackend();
    renderApp('/coursescreated/coupons');
    const section = await screen.findByRole('region', { name: 'Enlaces de referido' });
    expect(
      await within(section).findByText('Comparte el enlace de un curso: recibes el 97 % de las ventas hechas a través de tu enlace, durante 7 días después de la visita.'),
    ).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Tu enlace de referido a cada curso, con sus visitas y ventas' });
    const cells = within(table).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Python desde cero', `${window.location.origin}/course/42?ref=LAURA7Copiar enlace`, '12', '2', '$40 USD', '$38.80 USD']);
    expect(within(table).getByRole('button', { name: 'Copiar enlace de Python desde cero' })).toBeInTheDocument();
  });

  it('is linked from /coursescreated, next to the earnings', async () => {
    mockApi({
      getSession: () => session,
      getCreatedCourses: () => ({ items: [] }),
      getMySales: () => ({ courses: [], totals: { revenueCents: 0, sales: 0, students: 0 }, daily: [] }),
      getMyVideoProcessing: () => ({ items: [] }),
      getEarnings: () => jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    renderApp('/coursescreated');
    expect(await screen.findByRole('link', { name: 'Cupones y enlaces de referido' })).toHaveAttribute('href', '/coursescreated/coupons');
  });
});
