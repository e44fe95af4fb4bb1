import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CourseSummary } from '../../../shared/schemas/catalog';
import { mockApi } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render';
import { CourseCard } from './course-card';

const course: CourseSummary = {
  id: 7,
  title: 'Python desde cero',
  imageUrl: '/covers/programming.svg',
  teacherName: 'Ana Torres',
  priceCents: 1999,
  ratingAverage: 3.9,
  ratingCount: 4,
  categoryId: 1,
  subcategoryId: 11,
  language: 'spanish',
  level: 'easy',
  durationHours: 10,
};

function renderCard(props: { course?: CourseSummary; signedIn: boolean }) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <CourseCard course={props.course ?? course} signedIn={props.signedIn} /> },
      { path: '/register', element: <h1>Registro</h1> },
      { path: '/course/:id', element: <h1>Página del curso</h1> },
    ],
    { initialEntries: ['/'] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

describe('course card', () => {
  it('shows the cover, title linking to the course, teacher, the real average with one decimal and the price', () => {
    renderCard({ signedIn: false });
    expect(screen.getByRole('link', { name: 'Python desde cero' })).toHaveAttribute('href', '/course/7');
    expect(screen.getByText('Ana Torres')).toBeInTheDocument();
    expect(screen.getByText('3,9 de 5')).toBeInTheDocument();
    expect(screen.getByText('$19.99 USD')).toBeInTheDocument();
  });

  it('says GRATIS for a free course and drops the cents of a round price', () => {
    renderCard({ course: { ...course, priceCents: 0 }, signedIn: false });
    expect(screen.getByText('GRATIS')).toBeInTheDocument();
    renderCard({ course: { ...course, id: 8, priceCents: 2000 }, signedIn: false });
    expect(screen.getByText('$20 USD')).toBeInTheDocument();
  });

  it("sends a visitor's heart to /register", async () => {
    const { user, router } = renderCard({ signedIn: false });
    await user.click(screen.getByRole('link', { name: 'Favorito: Python desde cero' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('toggles the favourite for a signed-in user: PUT to set, DELETE to unset, the heart pressed in between', async () => {
    let favourites: CourseSummary[] = [];
    const calls: string[] = [];
    mockApi({
      getFavourites: () => ({ items: favourites }),
      addFavourite: () => {
        calls.push('PUT');
        favourites = [course];
        return { courseId: 7, favourite: true };
      },
      removeFavourite: () => {
        calls.push('DELETE');
        favourites = [];
        return { courseId: 7, favourite: false };
      },
    });
    const { user } = renderCard({ signedIn: true });
    const heart = await screen.findByRole('button', { name: 'Favorito: Python desde cero' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(calls).toEqual(['PUT', 'DELETE']);
  });
});
