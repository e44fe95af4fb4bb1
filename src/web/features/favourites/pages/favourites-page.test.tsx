import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary } from '../../../../shared/schemas/catalog';
import { mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { makeCourse, session } from '../../../testing/fixtures';

const slow = { timeout: 5000 };

describe('/favourites', () => {
  beforeAll(async () => {
    await import('./favourites-page');
  });

  it('lists my favourites under the "Mis Favoritos" tab, each linking to its course', async () => {
    const favourites: CourseSummary[] = [makeCourse({ id: 5, title: 'Diseño gráfico' }), makeCourse({ id: 6, title: 'Python' })];
    mockApi({
      getSession: () => session,
      getFavourites: () => ({ items: favourites }),
      // The "Mis Cursos" tab's page, opened at the end.
      getEnrollments: () => ({ items: [] }),
      getOrders: () => ({ items: [] }),
    });
    const { user, router } = renderApp('/favourites');
    expect(await screen.findByRole('link', { name: 'Diseño gráfico' }, slow)).toHaveAttribute('href', '/course/5');
    expect(screen.getByRole('link', { name: 'Python' })).toHaveAttribute('href', '/course/6');
    const tabs = screen.getByRole('tablist', { name: 'Mis cursos y favoritos' });
    expect(within(tabs).getByRole('tab', { name: 'Mis Favoritos' })).toHaveAttribute('aria-selected', 'true');
    // Every heart is pressed: they are all favourites.
    expect(screen.getByRole('button', { name: 'Favorito: Python' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(tabs).getByRole('tab', { name: 'Mis Cursos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mycourses'), slow);
  });

  it('says so when there are none', async () => {
    mockApi({ getSession: () => session, getFavourites: () => ({ items: [] }) });
    renderApp('/favourites');
    expect(await screen.findByText('No tienes cursos en favoritos...', {}, slow)).toBeInTheDocument();
  });

  it('sends a visitor to /register', async () => {
    mockApi({ getSession: () => null });
    const { router } = renderApp('/favourites');
    await screen.findByRole('heading', { level: 1 }, slow);
    expect(router.state.location.pathname).toBe('/register');
  });
});
