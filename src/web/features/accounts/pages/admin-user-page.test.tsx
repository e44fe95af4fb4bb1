import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '../../../../shared/schemas/admin';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { mockApi, requestsTo } from '../../../testing/mock-fetch';
import { adminSession, renderPage } from '../../../testing/render-page';
import { AdminUserPage } from './admin-user-page';

const detail = (overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail => ({
  user: { id: 'u-9', name: 'Lucía', email: 'lucia@example.com', image: null, isAdmin: false, disabledAt: null, createdAt: '2026-01-01T00:00:00.000Z', ...overrides },
  bought: [{ id: 3, title: 'Python desde cero', imageUrl: null, teacherName: 'Ana Torres', priceCents: 1999, disabledAt: null }],
  created: [],
});

// recharts measures its container, which happy-dom never lays out: the bars are left out (the chart's table holds the figures).
vi.mock('../../../components/revenue-bars', () => ({ RevenueBars: () => null }));

describe('admin user detail', () => {
  it('says the user is still enabled when the admin cancels, and disables after confirmation', async () => {
    let current = detail();
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminUser: () => current,
      disableUser: () => {
        current = detail({ disabledAt: '2026-02-01T00:00:00.000Z' });
        return current;
      },
    });
    const { user } = renderPage(AdminUserPage, { pattern: '/admin/user/:userId', path: '/admin/user/u-9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Datos' })).toBeInTheDocument();
    expect(await screen.findByText('lucia@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Python desde cero' })).toHaveAttribute('href', '/admin/cursos/3');
    expect(screen.getByText('No ha creado cursos.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deshabilitar' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Una vez deshabilitado, podrás habilitarlo de nuevo...')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('El usuario sigue habilitado.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deshabilitar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, deshabilitar' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Usuario deshabilitado!')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Habilitar' })).toBeInTheDocument();
    expect(screen.getByText('Inactivo')).toBeInTheDocument();
  });

  it('makes a user admin after confirmation, and then no longer offers it', async () => {
    let current = detail();
    mockApi({
      getSession: () => adminSession,
      getAdminUser: () => current,
      makeAdmin: () => {
        current = detail({ isAdmin: true });
        return current;
      },
    });
    const { user } = renderPage(AdminUserPage, { pattern: '/admin/user/:userId', path: '/admin/user/u-9' });
    await user.click(await screen.findByRole('button', { name: 'Hacer admin' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Un gran poder conlleva una gran responsabilidad...')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Sí, hacer admin' }));
    expect(await screen.findByText('¡Ahora Lucía es Admin!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('button', { name: 'Hacer admin' })).not.toBeInTheDocument();
  });

  it('edits name and image with Editar / Enviar, confirms and shows the saved data', async () => {
    let current = detail();
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminUser: () => current,
      updateAdminUser: async ({ request }) => {
        const body = (await request.json()) as { name: string; image: string | null };
        current = detail({ name: body.name, image: body.image });
        return current;
      },
    });
    const { user } = renderPage(AdminUserPage, { pattern: '/admin/user/:userId', path: '/admin/user/u-9' });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const name = screen.getByRole('textbox', { name: /Nombre/ });
    await user.clear(name);
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.type(name, 'Lucía Fernández');
    await user.type(screen.getByRole('textbox', { name: 'Imagen (URL)' }), 'https://example.com/lucia.png');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Datos actualizados!')).toBeInTheDocument();
    expect(within(dialog).getByText('Da click en OK para ver cambios')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Lucía Fernández')).toBeInTheDocument();
    const patch = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toEqual({ name: 'Lucía Fernández', image: 'https://example.com/lucia.png' });
  });

  it('does not offer an admin to disable their own account', async () => {
    mockApi({
      getSession: () => adminSession,
      getAdminUser: () => ({ ...detail({ id: 'admin-1', name: 'Admin Demo', isAdmin: true }) }),
    });
    renderPage(AdminUserPage, { pattern: '/admin/user/:userId', path: '/admin/user/admin-1' });
    expect(await screen.findByText('No puedes deshabilitar tu propia cuenta.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deshabilitar' })).not.toBeInTheDocument();
  });

  it("shows a teacher's sales with the teacher's own figures, and asks for no sales of a user who created nothing", async () => {
    const teacher: AdminUserDetail = {
      ...detail({ id: 'u-7', name: 'Laura' }),
      bought: [],
      created: [{ id: 4, title: 'React', imageUrl: null, teacherName: 'Laura', priceCents: 1999, disabledAt: null }],
    };
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminUser: ({ params }) => (params.id === 'u-7' ? teacher : detail()),
      getTeacherSales: () => ({
        courses: [{ id: 4, title: 'React', revenueCents: 3998, sales: 2, couponSales: 0, referralSales: 0, students: 3, ratings: [0, 0, 1, 0, 1] }],
        totals: { revenueCents: 3998, sales: 2, students: 3 },
        daily: [{ date: '2026-03-01', revenueCents: 3998 }],
      }),
    });
    const { router } = renderPage(AdminUserPage, { pattern: '/admin/user/:userId', path: '/admin/user/u-7' });
    const sales = await screen.findByRole('region', { name: 'Ventas de sus cursos' });
    expect((await within(sales).findAllByRole('term')).map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Ingresos netos', '$39.98 USD'],
      ['Ventas', '2'],
      ['Estudiantes', '3'],
    ]);
    const row = within(within(sales).getByRole('table', { name: 'Ventas por curso' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('React')).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Calificaciones de React' })).toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.getTeacherSales).map((sent) => new URL(sent.url, 'http://localhost').pathname)).toEqual(['/api/admin/users/u-7/sales']);

    await router.navigate('/admin/user/u-9');
    expect(await screen.findByText('No ha creado cursos.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ventas de sus cursos' })).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, endpoints.getTeacherSales)).toHaveLength(1);
  });
});
