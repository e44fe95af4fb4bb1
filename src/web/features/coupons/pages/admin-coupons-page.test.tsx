import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { Coupon } from '../../../../shared/schemas/coupons';
import { makeCoupon } from '../../../testing/coupon-fixtures';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { adminSession, renderPage, userSession } from '../../../testing/render-page';
import { AdminCouponsPage } from './admin-coupons-page';

const render = () => renderPage(AdminCouponsPage, { pattern: '/admin/cupones', path: '/admin/cupones' });

const catalogue = {
  items: [
    { id: 42, title: 'Python desde cero', imageUrl: null, teacherName: 'Laura', priceCents: 2000, disabledAt: null },
    { id: 43, title: 'React avanzado', imageUrl: null, teacherName: 'Pablo', priceCents: 3000, disabledAt: null },
  ],
  total: 2,
  page: 1,
  pageCount: 1,
  pageSize: 20,
};

function adminBackend() {
  let coupons: Coupon[] = [
    makeCoupon({ id: 7, code: 'SITIO20', discountValue: 20, status: 'active' }),
    makeCoupon({ id: 5, code: 'LAURA', courses: [{ id: 42, title: 'Python desde cero' }], status: 'disabled' }),
  ];
  const fetchSpy = mockApi({
    getSession: () => adminSession,
    getSiteCoupons: () => ({ items: coupons }),
    getAdminCourses: () => catalogue,
    updateSiteCoupon: ({ params, body }) => {
      coupons = coupons.map((coupon) => (coupon.id === params.id ? { ...coupon, status: body.active ? 'active' : 'disabled' } : coupon));
      return coupons.find((coupon) => coupon.id === params.id)!;
    },
    createSiteCoupon: ({ body }) => {
      const coupon = makeCoupon({ id: 8, code: body.code, discountValue: body.discountValue, courses: null });
      coupons = [coupon, ...coupons];
      return jsonResponse(coupon, 201);
    },
  });
  return { fetchSpy };
}

const rowOf = (code: string) => within(screen.getByRole('table', { name: 'Cupones, con sus usos e ingresos' })).getByText(code).closest('tr')!;

describe('/admin/cupones', () => {
  it('is for admins only', async () => {
    mockApi({ getSession: () => userSession });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' })).toBeInTheDocument();
  });

  it('lists every coupon (the site\'s and the teachers\') and switches one on again', async () => {
    const { fetchSpy } = adminBackend();
    const { user } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cupones' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Cupones, con sus usos e ingresos' });
    expect(within(rowOf('SITIO20')).getByText('Todos los cursos')).toBeInTheDocument();
    expect(within(rowOf('SITIO20')).getByText('20 %')).toBeInTheDocument();
    expect(within(rowOf('LAURA')).getByText('Python desde cero')).toBeInTheDocument();
    expect(within(rowOf('LAURA')).getByText('Desactivado')).toBeInTheDocument();

    const toggle = within(rowOf('LAURA')).getByRole('switch', { name: 'Cupón LAURA activo' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Cupón LAURA activado.')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.updateSiteCoupon)).toEqual([{ url: '/api/admin/coupons/5', body: { active: true } }]);
    await waitFor(() => expect(within(rowOf('LAURA')).getByRole('switch', { name: 'Cupón LAURA activo' })).toBeChecked());
  });

  it('creates a site-wide coupon over the courses chosen from the catalogue', async () => {
    const { fetchSpy } = adminBackend();
    const { user } = render();
    const form = await screen.findByRole('form', { name: 'Nuevo cupón del sitio' });
    expect(screen.getByRole('heading', { level: 2, name: 'Nuevo cupón del sitio' })).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Código/ }), 'VERANO');
    await user.type(within(form).getByRole('textbox', { name: /^Descuento \(%\)/ }), '15');
    await user.click(within(form).getByRole('radio', { name: 'Solo algunos cursos' }));
    await user.click(await within(form).findByRole('checkbox', { name: 'React avanzado' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Python desde cero' }));
    await user.click(within(form).getByRole('button', { name: 'Crear cupón' }));
    expect(await screen.findByText('Cupón VERANO creado.')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.createSiteCoupon).map((request) => request.body)).toEqual([
      { code: 'VERANO', discountKind: 'percent', discountValue: 15, courseIds: [43, 42], startsAt: null, endsAt: null, maxUses: null, maxUsesPerBuyer: null },
    ]);
    expect(await within(screen.getByRole('table', { name: 'Cupones, con sus usos e ingresos' })).findByText('VERANO')).toBeInTheDocument();
  });
});
