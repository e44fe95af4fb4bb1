import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseDetail } from '../../../../shared/schemas/catalog';
import type { LessonContent } from '../../../../shared/schemas/curriculum';
import type { CourseReview } from '../../../../shared/schemas/reviews';
import { introVideoUrl } from '../../../../shared/endpoints/media';
import type { CourseReputation } from '../../../../shared/schemas/course-reputation';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { setLanguage } from '../../../i18n';
import { jsonResponse, mockApi, requestsTo } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { makeCart, makeDetail, session } from '../../../testing/fixtures';

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
    // The player arrives in its own chunk.
    const video = await screen.findByLabelText('Video de presentación de Python desde cero', undefined, { timeout: 5000 });
    expect(video).toHaveAttribute('src', introVideoUrl(42));
    // A portrait video gets the portrait box (spec section 9).
    const stage = video.closest<HTMLElement>('[data-video-player]');
    expect(stage?.style.width).toBe('220px');
    expect(stage?.style.height).toBe('385px');
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

  describe('reputation, below the fold', () => {
    const related = (id: number, title: string, ratingAverage = 4.5) => ({ id, title, imageUrl: null, teacherName: 'Ana Torres', priceCents: 1500, ratingAverage });
    const reputation: CourseReputation = {
      ratings: [
        { stars: 1, count: 0, percent: 0 },
        { stars: 2, count: 1, percent: 20 },
        { stars: 3, count: 0, percent: 0 },
        { stars: 4, count: 1, percent: 20 },
        { stars: 5, count: 3, percent: 60 },
      ],
      students: 1234,
      alsoBought: [related(7, 'SQL práctico'), related(8, 'Git para todos', 0)],
      teacherCourses: [related(9, 'Python avanzado')],
    };

    /** The blocks load once they come near the screen: here, at once. */
    function onScreen() {
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(private readonly callback: IntersectionObserverCallback) {}
          observe(target: Element) {
            this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
          }
          disconnect() {}
          unobserve() {}
          takeRecords() {
            return [];
          }
        },
      );
    }

    function setupWith(answer: CourseReputation | Response = reputation) {
      return mockApi({
        getSession: () => null,
        getCourse: () => makeDetail({ id: 42, teacherName: 'Ana Torres' }),
        getCourseReviews: () => ({ items: [] }),
        getCourseReputation: () => answer,
      });
    }

    it('asks for nothing until the reader scrolls near it', async () => {
      const fetchSpy = setupWith();
      renderApp('/course/42');
      expect(await screen.findByText('No hay comentarios...', undefined, slow)).toBeInTheDocument();
      expect(requestsTo(fetchSpy, endpoints.getCourseReputation)).toEqual([]);
      expect(screen.queryByRole('region', { name: 'Calificaciones' })).not.toBeInTheDocument();
    });

    it('shows the rating distribution (5 bars with counts and shares), the students, what its students also bought and the teacher’s other courses', async () => {
      onScreen();
      const fetchSpy = setupWith();
      renderApp('/course/42');
      const ratings = await screen.findByRole('region', { name: 'Calificaciones' }, slow);
      const rows = within(within(ratings).getByRole('list', { name: 'Distribución de calificaciones' })).getAllByRole('listitem');
      expect(rows.map((row) => row.textContent)).toEqual([
        '5 estrellas60 %(3)3 reseñas',
        '4 estrellas20 %(1)1 reseña',
        '3 estrellas0 %(0)0 reseñas',
        '2 estrellas20 %(1)1 reseña',
        '1 estrella0 %(0)0 reseñas',
      ]);
      expect(within(ratings).getByText('1234')).toBeInTheDocument();
      expect(within(ratings).getByText('estudiantes')).toBeInTheDocument();
      // Above the reviews.
      expect(ratings.compareDocumentPosition(screen.getByRole('region', { name: 'Reseñas' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      const alsoBought = await screen.findByRole('region', { name: 'Los estudiantes también compraron' });
      expect(within(alsoBought).getByRole('link', { name: 'SQL práctico' })).toHaveAttribute('href', '/course/7');
      expect(within(alsoBought).getByRole('link', { name: 'Git para todos' })).toHaveAttribute('href', '/course/8');
      expect(within(alsoBought).getByText('Sin reseñas')).toBeInTheDocument();
      expect(within(alsoBought).getAllByText('$15 USD')).toHaveLength(2);
      const teacher = screen.getByRole('region', { name: 'Más cursos de Ana Torres' });
      expect(within(teacher).getByRole('link', { name: 'Python avanzado' })).toHaveAttribute('href', '/course/9');
      // One request feeds both blocks.
      expect(requestsTo(fetchSpy, endpoints.getCourseReputation)).toHaveLength(1);
    });

    it('says it in English', async () => {
      await act(() => setLanguage('en'));
      onScreen();
      setupWith({ ...reputation, students: 1 });
      renderApp('/course/42');
      const ratings = await screen.findByRole('region', { name: 'Ratings' }, slow);
      expect(within(ratings).getByRole('list', { name: 'Rating distribution' })).toHaveTextContent('5 stars60%(3)3 reviews');
      expect(within(ratings).getByText('student')).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Students also bought' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'More courses by Ana Torres' })).toBeInTheDocument();
    });

    it('leaves out a list with no course', async () => {
      onScreen();
      setupWith({ ...reputation, alsoBought: [] });
      renderApp('/course/42');
      expect(await screen.findByRole('region', { name: 'Más cursos de Ana Torres' }, slow)).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Los estudiantes también compraron' })).not.toBeInTheDocument();
    });

    it('shows the page without it when the reputation cannot be read', async () => {
      onScreen();
      const fetchSpy = setupWith(jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
      renderApp('/course/42');
      expect(await screen.findByText('No hay comentarios...', undefined, slow)).toBeInTheDocument();
      await vi.waitFor(() => expect(requestsTo(fetchSpy, endpoints.getCourseReputation).length).toBeGreaterThan(0));
      expect(screen.queryByRole('region', { name: 'Calificaciones' })).not.toBeInTheDocument();
    });
  });

  describe('curriculum', () => {
    const curriculum: CourseDetail['curriculum'] = {
      sections: [
        {
          id: 1,
          title: 'Fundamentos',
          lessons: [
            { id: 11, title: 'Bienvenida', kind: 'video', isPreview: true, durationSeconds: 95 },
            { id: 12, title: 'Variables', kind: 'text', isPreview: true, durationSeconds: 240 },
            { id: 13, title: 'Funciones', kind: 'video', isPreview: false, durationSeconds: 3725 },
          ],
        },
        { id: 2, title: 'Práctica', lessons: [{ id: 21, title: 'Ejercicios', kind: 'resource', isPreview: false, durationSeconds: 0 }] },
        { id: 3, title: 'Proyecto', lessons: [{ id: 31, title: 'Tu primera app', kind: 'video', isPreview: false, durationSeconds: 3440 }] },
      ],
      lessonCount: 5,
      totalSeconds: 7500,
    };
    const preview: LessonContent = {
      id: 11,
      courseId: 42,
      title: 'Bienvenida',
      kind: 'video',
      isPreview: true,
      durationSeconds: 95,
      video: { url: '/api/videos/lessons/11?sig=abc', hlsUrl: null, posterUrl: null, width: 1280, height: 720, durationSeconds: 95, expiresAt: '2999-01-01T00:00:00.000Z' },
      html: null,
      download: null,
    };
    const reading: LessonContent = { ...preview, id: 12, title: 'Variables', kind: 'text', durationSeconds: 240, video: null, html: '<h2>Variables</h2><p>Una variable guarda un valor.</p>' };

    function setupCurriculum() {
      return mockApi({
        getSession: () => null,
        getCourse: () => makeDetail({ id: 42, curriculum }),
        getCourseReviews: () => ({ items: [] }),
        getLessonContent: ({ params }) => (params.lessonId === 11 ? preview : params.lessonId === 12 ? reading : jsonResponse({ error: { code: 'NOT_ENROLLED', message: 'no' } }, 403)),
      });
    }

    it('lists the sections (the first open) with their lessons, kinds and lengths, and the totals', async () => {
      setupCurriculum();
      renderApp('/course/42');
      const block = await screen.findByRole('region', { name: 'Contenido del curso' }, slow);
      expect(within(block).getByText('3 secciones · 5 lecciones · 2 h 5 min')).toBeInTheDocument();
      const sections = block.querySelectorAll('details');
      expect([...sections].map((section) => section.open)).toEqual([true, false, false]);
      expect(sections[0]!.querySelector('summary')).toHaveTextContent('Fundamentos3 lecciones · 1 h 8 min');
      expect(sections[1]!.querySelector('summary')).toHaveTextContent(/^Práctica1 lección$/);
      const lessons = within(sections[0]! as HTMLElement).getAllByRole('listitem');
      expect(lessons.map((lesson) => lesson.textContent)).toEqual(['BienvenidaVista previa1:35', 'VariablesVista previa4:00', 'Funciones1:02:05']);
      expect(within(lessons[0]!).getByRole('img', { name: 'Video' })).toBeInTheDocument();
      expect(within(lessons[1]!).getByRole('img', { name: 'Lectura' })).toBeInTheDocument();
      expect(within(sections[1]! as HTMLElement).getByRole('img', { name: 'Recurso descargable' })).toBeInTheDocument();
      // Only preview lessons offer a preview.
      expect(within(block).getAllByRole('button', { name: /^Vista previa/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
        'Vista previa: Bienvenida',
        'Vista previa: Variables',
      ]);
      // Below the course, above the reviews.
      expect(block.compareDocumentPosition(screen.getByRole('region', { name: 'Reseñas' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('says it in English', async () => {
      await act(() => setLanguage('en'));
      setupCurriculum();
      renderApp('/course/42');
      const block = await screen.findByRole('region', { name: 'Course content' }, slow);
      expect(within(block).getByText('3 sections · 5 lessons · 2 h 5 min')).toBeInTheDocument();
      expect(block.querySelector('summary')).toHaveTextContent('Fundamentos3 lessons · 1 h 8 min');
      expect(within(block).getByRole('button', { name: 'Preview: Bienvenida' })).toHaveTextContent('Preview');
      expect(within(block).getAllByRole('img', { name: 'Reading' })).toHaveLength(1);
    });

    it('shows what a teacher typed in a lesson title as text', async () => {
      const hostile = '<img src=x onerror="alert(1)"> & \'quotes\'';
      mockApi({
        getSession: () => null,
        getCourse: () => makeDetail({ id: 42, curriculum: { sections: [{ id: 1, title: 'Uno', lessons: [{ id: 5, title: hostile, kind: 'text', isPreview: true, durationSeconds: 60 }] }], lessonCount: 1, totalSeconds: 60 } }),
        getCourseReviews: () => ({ items: [] }),
      });
      renderApp('/course/42');
      const block = await screen.findByRole('region', { name: 'Contenido del curso' }, slow);
      expect(within(block).getByText(hostile)).toBeInTheDocument();
      expect(within(block).getByRole('button', { name: `Vista previa: ${hostile}` })).toBeInTheDocument();
      expect(block.querySelector('img')).toBeNull();
    });

    it('says so for a course without lessons', async () => {
      mockApi({ getSession: () => null, getCourse: () => makeDetail({ id: 42, curriculum: { sections: [], lessonCount: 0, totalSeconds: 0 } }), getCourseReviews: () => ({ items: [] }) });
      renderApp('/course/42');
      const block = await screen.findByRole('region', { name: 'Contenido del curso' }, slow);
      expect(within(block).getByText('Este curso todavía no tiene lecciones.')).toBeInTheDocument();
    });

    it('plays a preview video for a visitor, and reads a preview text', async () => {
      const fetchSpy = setupCurriculum();
      const { user } = renderApp('/course/42');
      await user.click(await screen.findByRole('button', { name: 'Vista previa: Bienvenida' }, slow));
      const dialog = await screen.findByRole('dialog', { name: 'Vista previa · Bienvenida' }, slow);
      const video = await within(dialog).findByLabelText('Video de la lección Bienvenida');
      expect(video.tagName).toBe('VIDEO');
      expect(video).toHaveAttribute('src', '/api/videos/lessons/11?sig=abc');
      expect(requestsTo(fetchSpy, endpoints.getLessonContent).map((request) => new URL(request.url, 'http://x').pathname)).toEqual(['/api/lessons/11']);
      await user.click(within(dialog).getByRole('button', { name: 'Cerrar la vista previa' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Vista previa: Variables' }));
      const text = await screen.findByRole('dialog', { name: 'Vista previa · Variables' });
      expect(await within(text).findByRole('heading', { name: 'Variables' })).toBeInTheDocument();
      expect(within(text).getByText('Una variable guarda un valor.')).toBeInTheDocument();
      expect(text.querySelector('video')).toBeNull();
    });
  });
});

describe('/course/:id: what you learn, requirements, the teacher, the cart', () => {
  beforeAll(async () => {
    await import('./course-page');
  });

  it('lists what you will learn and the requirements the teacher wrote, and links the teacher to their profile', async () => {
    setup(makeDetail({ id: 42, teacherName: 'Ana Torres', learningOutcomes: ['Crear una API', 'Probarla'], requirements: ['Saber usar la terminal'] }));
    const learn = await screen.findByRole('heading', { level: 2, name: 'Lo que aprenderás' }, slow);
    const learnList = within(learn.parentElement!).getByRole('list');
    expect(within(learnList).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Crear una API', 'Probarla']);
    const requirements = screen.getByRole('heading', { level: 2, name: 'Requisitos' });
    expect(within(requirements.parentElement!).getByRole('listitem')).toHaveTextContent('Saber usar la terminal');
    expect(screen.getByRole('link', { name: 'Profesor: Ana Torres' })).toHaveAttribute('href', '/teacher/teacher-1');
  });

  it('leaves both lists out when the teacher wrote none', async () => {
    setup(makeDetail({ id: 42, learningOutcomes: [], requirements: [] }));
    await screen.findByRole('heading', { level: 1 }, slow);
    expect(screen.queryByRole('heading', { name: 'Lo que aprenderás' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Requisitos' })).not.toBeInTheDocument();
  });

  it('says "En el carrito" and leads to the cart once the course is in it', async () => {
    mockApi({
      getSession: () => session,
      getMe: () => ({ id: 'u1', name: 'Ana Pérez', email: 'ana@example.com', image: null, bio: null, isAdmin: false, createdCoursesCount: 0 }),
      getEnrollments: () => ({ items: [] }),
      getFavourites: () => ({ items: [] }),
      getCart: () => makeCart([{ courseId: 42, title: 'Python desde cero', imageUrl: null, description: 'x', teacherName: 'Ana Torres', priceCents: 1999, addedAt: '2026-01-01T00:00:00.000Z' }]),
      getCourse: () => makeDetail({ id: 42, title: 'Python desde cero' }),
      getCourseReviews: () => ({ items: [] }),
    });
    renderApp('/course/42');
    const inCart = await screen.findByRole('link', { name: 'En el carrito: Python desde cero' }, slow);
    expect(inCart).toHaveAttribute('href', '/shop');
  });
});
