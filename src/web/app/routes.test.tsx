import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageNames, pagePatterns, type PageName } from '../../shared/paths';
import { mockApi } from '../testing/mock-fetch';
import { renderApp } from '../testing/render';
import { loadPageComponent, routes } from './routes';

const pageAt = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

describe('route table', () => {
  it('has a case-sensitive route for every page of src/shared/paths.ts, and a catch-all', () => {
    for (const [page, pattern] of Object.entries(pagePatterns)) {
      const path = pattern.replace(':id', '7').replace(':userName', 'ana');
      expect(pageAt(path), path).toBe(page as PageName);
    }
    expect(pageAt('/no/such/page')).toBe('notFound');
  });

  it('loads the component every page declares in src/shared/pages.ts', async () => {
    for (const page of pageNames) expect(typeof (await loadPageComponent(page)), page).toBe('function');
  });

  it('tells the two contact-message routes and a user name apart by case', () => {
    expect(pageAt('/admin/ContactUsd')).toBe('adminMessages');
    expect(pageAt('/ContactUsd')).toBe('messages');
    expect(pageAt('/contactusd')).toBe('dashboard');
    expect(pageAt('/admin/contactusd')).toBe('notFound');
  });

  it.each(['/no/such/page', '/course/not-a-number', '/mycourses/0', '/about/team', '/someone.png'])(
    'shows the not-found page at %s, as the server answers 404 there',
    async (path) => {
      mockApi({ getSession: () => null });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
      await waitFor(() => {
        expect(document.title).toBe('Página no encontrada | Cursos Online');
      });
    },
  );
});
