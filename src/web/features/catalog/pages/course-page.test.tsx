import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../../shared/schemas/catalog';
import type { CourseReview } from '../../../../shared/schemas/reviews';
import { introVideoUrl } from '../../../../shared/endpoints/media';
import { jsonResponse, mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { makeDetail } from '../../../testing/fixtures';

const slow = { timeout: 5000 };

function setup(course: CourseDetail | null, reviews: CourseReview[] = []) {
  mockApi({
    getSession: () => null,
    getCourse: () =>
      course ? course : jsonResponse({ error: { code: 'COURSE_NOT_FOUND', message: 'Course not found' } }, 404),
    getCourseReviews: () => ({ items: reviews }),
  });
  return renderApp('/course/42');
}

describe('/course/:id', () => {
  beforeAll(async () => {
    await import('./course-page');
  });

  it('shows the course: title, teacher, description, rating "4,6 de 5", price, intro video, add to cart', async () => {
    const { user, router } = setup(
      makeDetail({
        id: 42,
        title: 'Python desde cero',
        teacherName: 'Ana Torres',
        ratingAverage: 4.6,
        ratingCount: 8,
        priceCents: 1999,
        introVideo: { url: introVideoUrl(42), width: 360, height: 640, durationSeconds: 30 },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Profesor: Ana Torres')).toBeInTheDocument();
    expect(screen.getByText('Aprende Python desde cero con proyectos reales.')).toBeInTheDocument();
    expect(screen.getByText('4,6 de 5')).toBeInTheDocument();
    expect(screen.getByText('(8 reseñas)')).toBeInTheDocument();
    expect(screen.getByText('$19.99 USD')).toBeInTheDocument();
    const video = screen.getByLabelText('Video de presentación de Python desde cero');
    expect(video).toHaveAttribute('src', introVideoUrl(42));
    // A portrait video gets the portrait box (spec section 9).
    expect(video).toHaveAttribute('width', '220');
    expect(video).toHaveAttribute('height', '385');
    expect(document.title).toBe('Python desde cero | Cursos Online');
    expect(await screen.findByText('No hay comentarios...')).toBeInTheDocument();
    // Visitors who try to buy are sent to sign up.
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito: Python desde cero' }));
    await expect.poll(() => router.state.location.pathname).toBe('/register');
  });

  it("lists the course's reviews", async () => {
    setup(makeDetail({ id: 42 }), [
      { id: 1, userId: 'u1', userName: 'Lucía', userImage: null, rating: 5, comment: '¡Excelente curso!', createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, userId: 'u2', userName: 'Pedro', userImage: null, rating: 2, comment: 'Regular.', createdAt: '2024-02-01T10:00:00.000Z' },
    ]);
    const reviews = await screen.findByRole('region', { name: 'Reseñas' }, slow);
    const items = await within(reviews).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Lucía')).toBeInTheDocument();
    expect(within(items[0]!).getByText('¡Excelente curso!')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: '2 de 5' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown or disabled course', async () => {
    setup(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Curso no encontrado' }, slow)).toBeInTheDocument();
    expect(screen.getByText('No encontramos el curso.')).toBeInTheDocument();
  });
});
