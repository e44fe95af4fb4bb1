import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../session/get-session';
import { makeCourse, makeCart } from '../../testing/fixtures';
import { jsonResponse, mockApi } from '../../testing/mock-fetch';
import { renderRoutes } from '../../testing/render';
import { AddToCartButton } from './add-to-cart-button';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const emptyCart = makeCart([]);
const conflict = (code: string) => jsonResponse({ error: { code, message: code } }, 409);

function renderButton(course: { id: number; priceCents: number; ownerId?: string; title?: string }) {
  const routes: RouteObject[] = [
    { path: '/course/:id', element: <AddToCartButton courseId={course.id} priceCents={course.priceCents} ownerId={course.ownerId} title={course.title} /> },
    { path: '/register', element: <h1>Registro</h1> },
    { path: '/mycourses/:id', element: <h1>Reproductor</h1> },
  ];
  return renderRoutes(routes, `/course/${course.id}`);
}

describe('AddToCartButton', () => {
  it('sends a visitor to /register', async () => {
    mockApi({ getSession: () => null });
    const { user } = renderButton({ id: 7, priceCents: 1999 });
    const button = await screen.findByRole('button', { name: 'Agregar al carrito' });
    await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Registro' })).toBeInTheDocument();
  });

  it('adds the course and says "¡Curso agregado!"; the server sets no price from here', async () => {
    const bodies: unknown[] = [];
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [] }),
      addToCart: async ({ request }) => {
        bodies.push(await request.json());
        return jsonResponse(makeCart([]), 201);
      },
    });
    const { user } = renderButton({ id: 7, priceCents: 1999, title: 'Python' });
    const button = await screen.findByRole('button', { name: 'Agregar al carrito: Python' });
    await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(await screen.findByText('¡Curso agregado!')).toBeInTheDocument();
    expect(bodies).toEqual([{ courseId: 7 }]);
  });

  it('shows the error toast "¡El curso ya existe!" for a course already in the cart, and clear messages for owned or own courses', async () => {
    const answers = [conflict('COURSE_ALREADY_IN_CART'), conflict('COURSE_ALREADY_OWNED'), conflict('COURSE_IS_YOURS')];
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [] }),
      addToCart: () => answers.shift() ?? conflict('COURSE_ALREADY_IN_CART'),
    });
    const { user } = renderButton({ id: 7, priceCents: 1999 });
    const button = await screen.findByRole('button', { name: 'Agregar al carrito' });
    await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(await screen.findByText('¡El curso ya existe!')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('¡Ya tienes este curso!')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('No puedes comprar un curso que creaste.')).toBeInTheDocument();
  });

  it('offers "Ir al curso" for a course the user owns', async () => {
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [{ ...makeCourse({ id: 7 }), disabled: false, enrolledAt: '2026-01-01T00:00:00.000Z', progressPercent: 0, lastWatchedAt: null, completedAt: null, nextLesson: null }] }),
      getCart: () => emptyCart,
    });
    renderButton({ id: 7, priceCents: 1999 });
    expect(await screen.findByRole('link', { name: 'Ir al curso' })).toHaveAttribute('href', '/mycourses/7');
  });

  it('marks a course the user created', async () => {
    mockApi({ getSession: () => session, getEnrollments: () => ({ items: [] }) });
    renderButton({ id: 8, priceCents: 1999, ownerId: 'u1' });
    expect(await screen.findByRole('button', { name: 'Es tu curso' })).toBeDisabled();
  });

  it('enrols in a free course with one click', async () => {
    const calls: string[] = [];
    mockApi({
      getSession: () => session,
      getEnrollments: () => ({ items: [] }),
      getCart: () => emptyCart,
      enrollFree: () => {
        calls.push('enroll');
        return jsonResponse({ courseId: 9, enrolledAt: '2026-01-01T00:00:00.000Z' }, 201);
      },
    });
    const { user } = renderButton({ id: 9, priceCents: 0 });
    const button = await screen.findByRole('button', { name: 'Inscribirme gratis' });
    await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(await screen.findByText('¡Inscripción exitosa! Ya está en Mis Cursos.')).toBeInTheDocument();
    expect(calls).toEqual(['enroll']);
  });
});
