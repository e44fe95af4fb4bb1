import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { categories, makeCourse, makeDetail, makeList } from '../../../testing/fixtures';

const slow = { timeout: 5000 };

describe('home', () => {
  beforeAll(async () => {
    await import('./home-page');
  });

  const stats = { students: 12345, courses: 37, ratingAverage: 4.6, ratingCount: 210 };

  function setup(overrides: Parameters<typeof mockApi>[0] = {}) {
    // Each order gets its own titles, so a row shows that it asked for its order.
    const byOrder = (sort: string | null) =>
      Array.from({ length: 9 }, (_, index) => makeCourse({ id: 100 + index, title: `${sort ?? 'Curso'} número ${index + 1}` }));
    mockApi({
      getSession: () => null,
      getCourses: ({ query }) => makeList(byOrder(query.get('sort')), { total: 30 }),
      getCategories: () => categories,
      getCatalogStats: () => stats,
      ...overrides,
    });
    return renderApp('/');
  }

  it('shows the hero with its search and figures, the categories, three rows of 8 courses and why choose us', async () => {
    setup();
    const popular = await screen.findByRole('list', { name: 'Los más populares' }, slow);
    expect(await within(popular).findByRole('link', { name: 'popular número 1' }, slow)).toHaveAttribute('href', '/course/100');
    expect(within(popular).getAllByRole('listitem')).toHaveLength(8);
    expect(within(popular).queryByText('popular número 9')).not.toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Cursos recientes' })).getAllByRole('link', { name: /^Curso número/ })).toHaveLength(8);
    expect(within(screen.getByRole('list', { name: 'Mejor calificados' })).getByRole('link', { name: 'rating-desc número 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos: Los más populares' })).toHaveAttribute('href', '/allcourses?sort=popular');
    expect(screen.getByRole('link', { name: 'Ver todos: Cursos recientes' })).toHaveAttribute('href', '/allcourses');
    expect(screen.getByRole('link', { name: 'Ver todos: Mejor calificados' })).toHaveAttribute('href', '/allcourses?sort=rating-desc');

    const figures = await screen.findByRole('list', { name: 'La plataforma en cifras' });
    await waitFor(() => expect(figures).toHaveTextContent('12.345estudiantes'));
    expect(figures).toHaveTextContent('37cursos');
    expect(figures).toHaveTextContent('4,6 ★calificación media');

    expect(await screen.findByRole('link', { name: 'Programación' })).toHaveAttribute('href', '/allcourses?categoryId=1');
    expect(screen.getByRole('link', { name: 'Diseño' })).toHaveAttribute('href', '/allcourses?categoryId=2');
    expect(screen.getByRole('heading', { level: 2, name: '¿Por qué elegirnos?' })).toBeInTheDocument();
  });

  it('names the categories and figures in English', async () => {
    await act(() => setLanguage('en'));
    setup();
    expect(await screen.findByRole('link', { name: 'Programming' }, slow)).toHaveAttribute('href', '/allcourses?categoryId=1');
    expect(screen.getByRole('link', { name: 'Design' })).toBeInTheDocument();
    expect(screen.queryByText('Programación')).not.toBeInTheDocument();
    const figures = screen.getByRole('list', { name: 'The platform in figures' });
    await waitFor(() => expect(figures).toHaveTextContent('12,345students'));
  });

  it('leaves the figures out while there are no courses, and the rating while nobody has rated', async () => {
    setup({ getCatalogStats: () => ({ students: 3, courses: 2, ratingAverage: 0, ratingCount: 0 }) });
    const figures = await screen.findByRole('list', { name: 'La plataforma en cifras' }, slow);
    await waitFor(() => expect(figures).toHaveTextContent('2cursos'));
    expect(figures).not.toHaveTextContent('calificación media');
  });

  it('suggests titles as the search is typed and searches the catalogue', async () => {
    const { router, user } = setup({
      getSuggestions: ({ query }) => ({ items: query.get('q') === 'pyth' ? [{ id: 7, title: 'Python desde cero' }] : [] }),
    });
    const search = await screen.findByRole('search', {}, slow);
    // A plain GET form: it searches even before (or without) the app's code.
    expect(search).toHaveAttribute('action', '/allcourses');
    const box = within(search).getByRole('combobox', { name: 'Buscar cursos' });
    expect(box).toHaveAttribute('name', 'q');
    await user.type(box, 'pyth');
    await waitFor(() => expect(search.querySelector('datalist option')).toHaveAttribute('value', 'Python desde cero'));

    // The listing's own search box holds the query too, and may ask for its suggestions again.
    mockApi({ getSession: () => null, getCourses: () => makeList([]), getCategories: () => categories, getSuggestions: () => ({ items: [] }) });
    await user.click(within(search).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/allcourses?q=pyth'), slow);
  });

  it('follows a click on a card, but not the click that ends a drag of 10 px or more', async () => {
    const { router } = setup();
    const row = await screen.findByRole('list', { name: 'Cursos recientes' }, slow);
    const link = await within(row).findByRole('link', { name: 'Curso número 2' }, slow);
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
