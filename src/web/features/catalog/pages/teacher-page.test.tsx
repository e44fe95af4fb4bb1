import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeacherProfile } from '../../../../shared/schemas/catalog';
import { jsonResponse, mockApi } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { makeCourse } from '../../../testing/fixtures';

const slow = { timeout: 5000 };

const profile: TeacherProfile = {
  id: 'teacher-1',
  name: 'Ana Torres',
  image: null,
  bio: 'Enseño Python desde 2010.',
  studentCount: 12345,
  ratingAverage: 4.5,
  ratingCount: 20,
  courses: [makeCourse({ id: 1, title: 'Python desde cero' }), makeCourse({ id: 2, title: 'Web con Python' })],
  courseCount: 2,
  page: 1,
  pageSize: 9,
  pageCount: 1,
};

describe('/teacher/:teacherId', () => {
  beforeAll(async () => {
    await import('./teacher-page');
  });

  it('shows the name, bio, students, rating and the courses as cards', async () => {
    mockApi({ getSession: () => null, getTeacher: () => profile });
    renderApp('/teacher/teacher-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Torres' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Enseño Python desde 2010.')).toBeInTheDocument();
    expect(screen.getByText('12.345')).toBeInTheDocument();
    expect(screen.getByText('4,5 de 5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cursos de Ana Torres' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Python desde cero' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Web con Python' })).toBeInTheDocument();
  });

  it('lists many courses a page at a time: the figure counts them all, and the page links show the next page', async () => {
    const pageOf = (page: number): TeacherProfile => ({
      ...profile,
      courses: Array.from({ length: page === 3 ? 2 : 9 }, (_, index) => makeCourse({ id: page * 100 + index, title: `Curso ${page}-${index}` })),
      courseCount: 20,
      page,
      pageCount: 3,
    });
    mockApi({ getSession: () => null, getTeacher: ({ query }) => pageOf(Number(query.get('page') ?? 1)) });
    const { router, user } = renderApp('/teacher/teacher-1');
    expect(await screen.findByRole('heading', { name: 'Curso 1-0' }, slow)).toBeInTheDocument();
    expect(screen.getByText('20')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Curso 1-8' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Páginas' });
    await user.click(within(pages).getByRole('link', { name: 'Página 3' }));
    expect(await screen.findByRole('heading', { name: 'Curso 3-1' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Curso 1-0' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
  });

  it('is the not-found page for no teacher to show', async () => {
    mockApi({ getSession: () => null, getTeacher: () => jsonResponse({ error: { code: 'TEACHER_NOT_FOUND', message: 'Teacher not found' } }, 404) });
    renderApp('/teacher/nobody');
    expect(await screen.findByText('No encontramos a ese profesor.', {}, slow)).toBeInTheDocument();
  });
});
