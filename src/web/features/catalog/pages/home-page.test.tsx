import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { makeCourse, makeDetail, makeList } from '../../../testing/fixtures';

const slow = { timeout: 5000 };

describe('home', () => {
  beforeAll(async () => {
    await import('./home-page');
  });

  function setup() {
    const courses = Array.from({ length: 9 }, (_, index) => makeCourse({ id: 100 + index, title: `Curso número ${index + 1}` }));
    mockApi({ getSession: () => null, getCourses: () => makeList(courses, { total: 30 }) });
    return renderApp('/');
  }

  it('shows the hero, the first 8 courses, a link to all courses and why choose us', async () => {
    setup();
    const row = await screen.findByRole('list', { name: 'Cursos recientes' }, slow);
    expect(await within(row).findByRole('link', { name: 'Curso número 1' })).toHaveAttribute('href', '/course/100');
    expect(within(row).getAllByRole('listitem')).toHaveLength(8);
    expect(within(row).queryByText('Curso número 9')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ver todos los cursos' })[0]).toHaveAttribute('href', '/allcourses');
    expect(screen.getByRole('heading', { level: 2, name: '¿Por qué elegirnos?' })).toBeInTheDocument();
  });

  it('follows a click on a card, but not the click that ends a drag of 10 px or more', async () => {
    const { router } = setup();
    const row = await screen.findByRole('list', { name: 'Cursos recientes' }, slow);
    const link = await within(row).findByRole('link', { name: 'Curso número 2' });
    const pointer = { pointerId: 1, pointerType: 'mouse', button: 0 };

    // A drag: 40 px sideways, then the click the browser sends on release.
    fireEvent.pointerDown(row, { ...pointer, clientX: 200 });
    fireEvent.pointerMove(row, { ...pointer, clientX: 160 });
    fireEvent.pointerUp(row, { ...pointer, clientX: 160 });
    fireEvent.click(link);
    // No navigation started (the course page would be loading).
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe('/');

    // A wobble under 10 px is still a click.
    fireEvent.pointerDown(row, { ...pointer, clientX: 200 });
    fireEvent.pointerMove(row, { ...pointer, clientX: 195 });
    fireEvent.pointerUp(row, { ...pointer, clientX: 195 });
    mockApi({ getSession: () => null, getCourse: () => makeDetail({ id: 101 }), getCourseReviews: () => ({ items: [] }) });
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/101'), slow);
  });
});
