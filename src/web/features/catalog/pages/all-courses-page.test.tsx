import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseListResponse } from '../../../../shared/schemas/catalog';
import { mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { categories, makeCourse, makeList, session } from '../../../testing/fixtures';

/** The first render waits for the lazy page and its first answers. */
const slow = { timeout: 5000 };

type Setup = { signedIn?: boolean; list?: (params: URLSearchParams) => CourseListResponse };

/** Renders /allcourses and records the query of every listing request. */
function setup(path: string, { signedIn = false, list = () => makeList([makeCourse({ title: 'Python desde cero' })]) }: Setup = {}) {
  const requests: URLSearchParams[] = [];
  mockApi({
    getSession: () => (signedIn ? session : null),
    getCategories: () => categories,
    getFavourites: () => ({ items: [] }),
    getSuggestions: ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      return { items: q?.startsWith('pyt') ? [{ id: 1, title: 'Python desde cero' }, { id: 2, title: 'Python avanzado' }] : [] };
    },
    getCourses: ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      return list(params);
    },
  });
  const rendered = renderApp(path);
  const lastRequest = () => requests.at(-1)?.toString();
  const search = () => new URLSearchParams(rendered.router.state.location.search).toString();
  return { ...rendered, requests, lastRequest, search };
}

describe('/allcourses', () => {
  // The route loads the page lazily; loading it once up front keeps each test's waits short.
  beforeAll(async () => {
    await import('./all-courses-page');
  });

  it('asks for what the URL says and shows the courses with their total', async () => {
    const { lastRequest } = setup('/allcourses?q=python&categoryId=1&rating=4&sort=price-desc&page=2', {
      list: () => makeList([makeCourse({ title: 'Python avanzado', priceCents: 0 })], { total: 10, page: 2 }),
    });
    expect(await screen.findByRole('link', { name: 'Python avanzado' }, slow)).toHaveAttribute('href', expect.stringMatching(/^\/course\/\d+$/));
    expect(lastRequest()).toBe('q=python&categoryId=1&rating=4&sort=price-desc&page=2');
    expect(screen.getByText('10 cursos')).toBeInTheDocument();
    expect(screen.getByText('GRATIS')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Buscar cursos' })).toHaveValue('python');
  });

  it('pages through links (they work without JavaScript too); previous does nothing on the first page', async () => {
    const { user, search, lastRequest } = setup('/allcourses?sort=rating-desc', {
      list: (params) => makeList([makeCourse({ title: `Curso de la página ${params.get('page') ?? 1}` })], { total: 20, page: Number(params.get('page') ?? 1) }),
    });
    const pages = await screen.findByRole('navigation', { name: 'Páginas' }, slow);
    expect(within(pages).getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(within(pages).getByRole('link', { name: 'Página 3' })).toHaveAttribute('href', '/allcourses?sort=rating-desc&page=3');
    await user.click(within(pages).getByRole('link', { name: 'Página siguiente' }));
    await screen.findByRole('link', { name: 'Curso de la página 2' });
    expect(search()).toBe('sort=rating-desc&page=2');
    expect(lastRequest()).toBe('sort=rating-desc&page=2');
    expect(within(pages).getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/allcourses?sort=rating-desc');
    await user.click(within(pages).getByRole('link', { name: 'Página 3' }));
    await screen.findByRole('link', { name: 'Curso de la página 3' });
    expect(within(pages).getByRole('button', { name: 'Página siguiente' })).toBeDisabled();
  });

  it('goes back to page 1 when a filter changes, and the subcategory follows the category', async () => {
    const { user, search } = setup('/allcourses?page=3&subcategoryId=21&categoryId=2', {
      list: (params) => makeList([makeCourse()], { total: 30, page: Number(params.get('page') ?? 1) }),
    });
    await screen.findByText('30 cursos', {}, slow);
    const subcategory = screen.getByRole('combobox', { name: 'Subcategoría' });
    expect(subcategory).toHaveDisplayValue('Gráfico');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Programación');
    await waitFor(() => expect(search()).toBe('categoryId=1'));
    expect(screen.getByRole('combobox', { name: 'Subcategoría' })).toHaveDisplayValue('Todas');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Subcategoría' }), 'Web');
    await waitFor(() => expect(search()).toBe('categoryId=1&subcategoryId=12'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Calificación' }), '4 estrellas');
    await waitFor(() => expect(search()).toBe('categoryId=1&subcategoryId=12&rating=4'));
  });

  it('sorts with the spec labels', async () => {
    const { user, search } = setup('/allcourses?page=2', { list: () => makeList([makeCourse()], { total: 30, page: 2 }) });
    await screen.findByText('30 cursos', {}, slow);
    const sort = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Más recientes', 'Mayor precio', 'Menor precio', 'Mejores calificados', 'Menor calificación']),
    );
    expect(sort).toHaveDisplayValue('Más recientes');
    await user.selectOptions(sort, 'Menor calificación');
    await waitFor(() => expect(search()).toBe('sort=rating-asc'));
  });

  it('suggests titles as you type and searches the one picked, from page 1', async () => {
    const { user, search } = setup('/allcourses?page=2&rating=3', { list: () => makeList([makeCourse()], { total: 30, page: 2 }) });
    await screen.findByText('30 cursos', {}, slow);
    await user.type(screen.getByRole('combobox', { name: 'Buscar cursos' }), 'pytn');
    await user.click(await screen.findByRole('option', { name: 'Python avanzado' }));
    await waitFor(() => expect(search()).toBe('q=Python+avanzado&rating=3'));
  });

  it('searches what was typed on Enter', async () => {
    const { user, search } = setup('/allcourses');
    await screen.findByRole('link', { name: 'Python desde cero' }, slow);
    await user.type(screen.getByRole('combobox', { name: 'Buscar cursos' }), 'diseno{Enter}');
    await waitFor(() => expect(search()).toBe('q=diseno'));
  });

  it('shows the 404 picture and "Explorar de nuevo", which clears every filter', async () => {
    const { user, search } = setup('/allcourses?q=zzz&rating=5', {
      list: (params) => (params.get('q') ? makeList([]) : makeList([makeCourse({ title: 'Otra vez' })])),
    });
    await user.click(await screen.findByRole('button', { name: 'Explorar de nuevo' }, slow));
    expect(await screen.findByRole('link', { name: 'Otra vez' })).toBeInTheDocument();
    expect(search()).toBe('');
  });

  it('disables "Crear curso" with the hint for visitors', async () => {
    setup('/allcourses');
    const button = await screen.findByRole('button', { name: 'Crear curso' }, slow);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Accede o crea una cuenta para crear');
  });

  it('links "Crear curso" to /form when signed in', async () => {
    setup('/allcourses', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Crear curso' }, slow)).toHaveAttribute('href', '/form');
  });
});
