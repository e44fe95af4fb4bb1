import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCourseDetail } from '../../../../shared/schemas/admin';
import { mockApi } from '../../../testing/mock-fetch';
import { adminSession, renderPage } from '../../../testing/render-page';
import { AdminCoursePage } from './admin-course-page';

const course = (overrides: Partial<AdminCourseDetail> = {}): AdminCourseDetail => ({
  id: 4,
  title: 'Python desde cero',
  imageUrl: null,
  teacherName: 'Ana Torres',
  priceCents: 1999,
  disabledAt: null,
  description: 'Un curso completo de Python para empezar.',
  durationHours: 10,
  level: 'easy',
  language: 'spanish',
  categoryId: 1,
  category: 'Programación',
  subcategoryId: 2,
  subcategory: 'Python',
  ratingAverage: 4,
  ratingCount: 2,
  owner: { id: 'o-1', name: 'Ana', email: 'ana@example.com' },
  enrollmentCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('admin course edit', () => {
  it("keeps Send disabled until the teacher's rules hold, then saves the price in cents", async () => {
    let current = course();
    const fetchSpy = mockApi({
      getSession: () => adminSession,
      getAdminCourse: () => current,
      updateAdminCourse: async ({ request }) => {
        current = { ...current, ...((await request.json()) as Partial<AdminCourseDetail>) };
        return current;
      },
    });
    const { user } = renderPage(AdminCoursePage, { pattern: '/admin/cursos/:id', path: '/admin/cursos/4' });
    const description = await screen.findByRole('textbox', { name: /Descripción/ });
    // The rating as everywhere: the real average with one decimal, and how many reviews.
    expect(screen.getByText('4,0 de 5')).toBeInTheDocument();
    expect(screen.getByText('(2 reseñas)')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Guardar cambios' });
    expect(submit).toBeEnabled();

    await user.clear(description);
    await user.type(description, 'Muy corto');
    await user.tab();
    expect(submit).toBeDisabled();
    expect(screen.getByText('Debe tener entre 15 y 200 caracteres')).toBeInTheDocument();

    await user.type(description, ' pero ahora sí alcanza');
    const price = screen.getByRole('textbox', { name: /Precio/ });
    await user.clear(price);
    await user.type(price, '25.5');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Curso editado!')).toBeInTheDocument();
    expect(within(dialog).getByText('En breve verás los cambios')).toBeInTheDocument();
    const patch = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toMatchObject({ description: 'Muy corto pero ahora sí alcanza', priceCents: 2550, imageUrl: null });
  });

  it('disables the course after "¿Estás seguro?", or says it is still enabled on cancel', async () => {
    let current = course();
    mockApi({
      getSession: () => adminSession,
      getAdminCourse: () => current,
      disableCourse: () => {
        current = course({ disabledAt: '2026-02-01T00:00:00.000Z' });
        return current;
      },
    });
    const { user } = renderPage(AdminCoursePage, { pattern: '/admin/cursos/:id', path: '/admin/cursos/4' });
    await user.click(await screen.findByRole('button', { name: 'Deshabilitar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('El curso sigue habilitado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(screen.getByRole('button', { name: 'Deshabilitar' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('¿Estás seguro?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Sí, deshabilitar' }));
    expect(await screen.findByText('¡Curso deshabilitado!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Habilitar' })).toBeInTheDocument();
  });
});
