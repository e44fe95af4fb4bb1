import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseProgress, LessonProgressView, LessonState } from '../../../../shared/schemas/progress';
import type { CurriculumView, LessonContent } from '../../../../shared/schemas/curriculum';
import { setLanguage } from '../../../i18n';
import type { CourseReview } from '../../../../shared/schemas/reviews';
import type { Session } from '../../../session/get-session';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo, type ApiMocks } from '../../../testing/mock-fetch';
import { createQueryClient } from '../../../lib/query-client';
import { renderApp } from '../../../testing/render';
import { makeDetail, playerCourse } from '../../../testing/fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const course = playerCourse;

const review = (id: number, userId: string, userName: string, comment: string): CourseReview => ({
  id,
  userId,
  userName,
  userImage: null,
  rating: 4,
  comment,
  createdAt: '2026-01-02T00:00:00.000Z',
});

const video = { url: pathFor(endpoints.streamVideo, { token: 'token123' }), width: 1280, height: 720, durationSeconds: 40, expiresAt: '2999-01-01T00:00:00.000Z' };

/** Two sections: the intro (a preview) and the main video, then a text and a file. */
const curriculum: CurriculumView = {
  sections: [
    {
      id: 1,
      title: 'Contenido del curso',
      lessons: [
        { id: 11, title: 'Introducción', kind: 'video', isPreview: true, durationSeconds: 15 },
        { id: 12, title: 'Python desde cero', kind: 'video', isPreview: false, durationSeconds: 40 },
      ],
    },
    {
      id: 2,
      title: 'Para practicar',
      lessons: [
        { id: 13, title: 'Lectura', kind: 'text', isPreview: false, durationSeconds: 60 },
        { id: 14, title: 'Apuntes', kind: 'resource', isPreview: false, durationSeconds: 0 },
      ],
    },
  ],
  lessonCount: 4,
  totalSeconds: 115,
};
const lessonIds = [11, 12, 13, 14];

const entry = (lessonId: number, state: LessonState, positionSeconds = 0, durationSeconds = 0): LessonProgressView => ({
  lessonId,
  state,
  positionSeconds,
  durationSeconds,
  watchedSeconds: state === 'done' ? durationSeconds : 0,
  completedAt: state === 'done' ? '2026-03-01T10:00:00.000Z' : null,
  updatedAt: state === 'not_started' ? null : '2026-03-01T10:00:00.000Z',
});

/** The course's progress: every lesson not started unless given, resuming at `resumeLessonId` (the main video by default). */
function progressWith(given: LessonProgressView[] = [], resumeLessonId = 12): CourseProgress {
  const lessons = lessonIds.map((id) => given.find((item) => item.lessonId === id) ?? entry(id, 'not_started'));
  const done = lessons.filter((item) => item.state === 'done').length;
  return { courseId: 5, curriculum, lessons, resumeLessonId, percent: Math.floor((100 * done) / lessons.length), completed: done === lessons.length, certificateMissing: [] };
}
const noProgress = progressWith();

const lessonContent = (lessonId: number): LessonContent => {
  const lesson = curriculum.sections.flatMap((section) => section.lessons).find((item) => item.id === lessonId)!;
  return {
    ...lesson,
    courseId: 5,
    video: lesson.kind === 'video' ? { ...video, url: pathFor(endpoints.streamVideo, { token: `token${lessonId}` }) } : null,
    html: lesson.kind === 'text' ? '<h2>Variables</h2><p>Una variable guarda un valor.</p>' : null,
    download: null,
  };
};
const mainVideoUrl = pathFor(endpoints.streamVideo, { token: 'token12' });

describe('course player (/mycourses/:id)', () => {
  it('shows the title, the main video (autoplay, its own controls), the course facts and its reviews', async () => {
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getLessonContent: ({ params }) => lessonContent(params.lessonId),
      getCourseProgress: () => noProgress,
      getCourseReviews: () => ({ items: [review(1, 'u2', 'Diego', 'Muy bueno'), review(2, 'u1', 'Ana', 'Claro y útil')] }),
    });
    renderApp('/mycourses/5');
    expect(screen.getAllByText('Cargando...').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' }, { timeout: 5000 })).toBeInTheDocument();
    const player = await screen.findByLabelText('Video del curso Python desde cero');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', mainVideoUrl);
    // The player's own controls, not the browser's.
    expect(player).not.toHaveAttribute('controls');
    expect(player).toHaveAttribute('autoplay');
    expect(screen.getByRole('slider', { name: 'Posición del video' })).toBeInTheDocument();

    const about = screen.getByRole('region', { name: 'Acerca de este curso' });
    for (const text of ['Laura Martínez', '12 horas', 'Español', 'Fácil', 'Aprende Python paso a paso.']) expect(within(about).getByText(text)).toBeInTheDocument();

    const reviews = screen.getByRole('region', { name: 'Reseñas del curso' });
    expect(await within(reviews).findByText('Muy bueno')).toBeInTheDocument();
    // The delete button only on the reader's own review.
    expect(within(reviews).getAllByRole('button', { name: 'Eliminar comentario' })).toHaveLength(1);
    expect(within(reviews).getByText('Claro y útil').closest('li')).toContainElement(within(reviews).getByRole('button', { name: 'Eliminar comentario' }));
  });

  it('says what the certificate still needs once every lesson is done, instead of offering it', async () => {
    const everyLessonDone = progressWith(lessonIds.map((id) => entry(id, 'done')));
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getLessonContent: ({ params }) => lessonContent(params.lessonId),
      getCourseProgress: () => ({
        ...everyLessonDone,
        certificateMissing: [
          { kind: 'quiz', lessonId: 21, title: 'Repaso de Python', minPercent: 80 },
          { kind: 'assignment', lessonId: 22, title: 'Proyecto final', minPercent: null },
        ],
      }),
      getCourseReviews: () => ({ items: [] }),
    });
    renderApp('/mycourses/5');
    expect(await screen.findByText('¡Completaste el curso!', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Para el certificado falta:')).toBeInTheDocument();
    expect(screen.getByText(/^Aprobar «Repaso de Python» con 80\s%$/)).toBeInTheDocument();
    expect(screen.getByText('Aprobar la tarea «Proyecto final»')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Obtener certificado/ })).toBeNull();
  });

  it('offers the certificate once every lesson is done and nothing else is needed', async () => {
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getLessonContent: ({ params }) => lessonContent(params.lessonId),
      getCourseProgress: () => progressWith(lessonIds.map((id) => entry(id, 'done'))),
      getCourseReviews: () => ({ items: [] }),
    });
    renderApp('/mycourses/5');
    expect(await screen.findByRole('button', { name: 'Obtener certificado: Python desde cero' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Para el certificado falta:')).toBeNull();
  });

  it('enables "Comentar" only with a rating and a comment; after sending: "¡Excelente!", the form clears and the stars reset', async () => {
    const sent: unknown[] = [];
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getLessonContent: ({ params }) => lessonContent(params.lessonId),
      getCourseProgress: () => noProgress,
      getCourseReviews: () => ({ items: [] }),
      saveReview: async ({ request }) => {
        sent.push(await request.json());
        return jsonResponse({ review: review(3, 'u1', 'Ana', 'Excelente curso'), replaced: false, ratingAverage: 5, ratingCount: 1 }, 201);
      },
    });
    const { user } = renderApp('/mycourses/5');
    const form = await screen.findByRole('form', { name: '¡Deja tu reseña!' }, { timeout: 5000 });
    expect(await screen.findByText('No hay comentarios...')).toBeInTheDocument();
    const submit = within(form).getByRole('button', { name: 'Comentar' });
    expect(submit).toBeDisabled();
    // The stars are the radios' labels: a click on the fifth star (hovering lights it up first).
    const fifth = within(form).getByRole('radio', { name: '5 estrellas' });
    await user.click(form.querySelector(`label[for="${fifth.id}"]`)!);
    expect(fifth).toBeChecked();
    expect(submit).toBeDisabled();
    const comment = within(form).getByRole('textbox', { name: 'Comentario' });
    await user.type(comment, '   ');
    expect(submit).toBeDisabled();
    await user.type(comment, 'Excelente curso');
    expect(submit).toBeEnabled();
    await user.click(submit);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¡Excelente!')).toBeInTheDocument();
    expect(within(dialog).getByText('Gracias por tu comentario')).toBeInTheDocument();
    expect(sent).toEqual([{ rating: 5, comment: 'Excelente curso' }]);
    expect(comment).toHaveValue('');
    expect(within(form).getByRole('radio', { name: '5 estrellas' })).not.toBeChecked();
    expect(submit).toBeDisabled();
  });

  it('plays on its own; when the browser refuses sound, plays muted and offers the sound back', async () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValueOnce(new DOMException('play() can only be initiated by a user gesture.', 'NotAllowedError'))
      .mockResolvedValue(undefined);
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getLessonContent: ({ params }) => lessonContent(params.lessonId),
      getCourseProgress: () => noProgress,
      getCourseReviews: () => ({ items: [] }),
    });
    const { user } = renderApp('/mycourses/5');
    const player = (await screen.findByLabelText('Video del curso Python desde cero', undefined, { timeout: 5000 })) as HTMLVideoElement;
    expect(await screen.findByText('Tu navegador inició el video sin sonido.')).toBeInTheDocument();
    expect(player.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Activar sonido' }));
    expect(player.muted).toBe(false);
    expect(screen.queryByText('Tu navegador inició el video sin sonido.')).not.toBeInTheDocument();
  });

  it('keeps the sound when the browser lets the video play', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getLessonContent: ({ params }) => lessonContent(params.lessonId),
      getCourseProgress: () => noProgress,
      getCourseReviews: () => ({ items: [] }),
    });
    renderApp('/mycourses/5');
    const player = (await screen.findByLabelText('Video del curso Python desde cero', undefined, { timeout: 5000 })) as HTMLVideoElement;
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(player.muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Activar sonido' })).not.toBeInTheDocument();
  });

  it('sends a user who has not bought the course to its public page', async () => {
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => jsonResponse({ error: { code: 'NOT_ENROLLED', message: 'no' } }, 403),
      getCourseProgress: () => jsonResponse({ error: { code: 'NOT_ENROLLED', message: 'no' } }, 403),
      getCourse: () => makeDetail({ id: 5 }),
      getCourseReviews: () => ({ items: [] }),
      // The public page's add-to-cart and favourite buttons check what the user has.
      getEnrollments: () => ({ items: [] }),
      getFavourites: () => ({ items: [] }),
    });
    const { router } = renderApp('/mycourses/5');
    await expect.poll(() => router.state.location.pathname).toBe('/course/5');
  });

  describe('reviews keep the course page current', () => {
    /**
     * The app's own cache settings (30 s fresh): the course page read before a review would be
     * shown again as it was, unless the review invalidates its keys.
     */
    function reviewsBackend(initial: CourseReview[]) {
      let reviews = [...initial];
      const average = () => (reviews.length ? reviews.reduce((sum, item) => sum + item.rating, 0) / reviews.length : 0);
      const calls: string[] = [];
      const fetchSpy = mockApi({
        getSession: () => session,
        getEnrollments: () => ({ items: [] }),
        getFavourites: () => ({ items: [] }),
        getEnrolledCourse: () => course,
        getLessonContent: ({ params }) => lessonContent(params.lessonId),
        getCourseProgress: () => noProgress,
        getCourse: () => {
          calls.push('detail');
          return makeDetail({ id: 5, title: 'Python desde cero', ratingAverage: average(), ratingCount: reviews.length });
        },
        getCourseReviews: () => {
          calls.push('reviews');
          return { items: reviews };
        },
        saveReview: async ({ request }) => {
          const input = (await request.json()) as { rating: number; comment: string };
          const replaced = reviews.some((item) => item.userId === 'u1');
          const saved = { ...review(9, 'u1', 'Ana', input.comment), rating: input.rating };
          reviews = [saved, ...reviews.filter((item) => item.userId !== 'u1')];
          return jsonResponse({ review: saved, replaced, ratingAverage: average(), ratingCount: reviews.length }, replaced ? 200 : 201);
        },
        deleteReview: () => {
          reviews = reviews.filter((item) => item.id !== 9);
          return { ratingAverage: average(), ratingCount: reviews.length };
        },
      });
      return { fetchSpy, calls };
    }

    async function sendReview(user: ReturnType<typeof renderApp>['user'], stars: number, text: string) {
      const form = await screen.findByRole('form', { name: '¡Deja tu reseña!' }, { timeout: 5000 });
      const star = within(form).getByRole('radio', { name: `${stars} estrellas` });
      await user.click(form.querySelector(`label[for="${star.id}"]`)!);
      await user.type(within(form).getByRole('textbox', { name: 'Comentario' }), text);
      await user.click(within(form).getByRole('button', { name: 'Comentar' }));
    }

    it('after a review is saved, the course page refetches its rating and reviews instead of showing the old ones', async () => {
      const { calls } = reviewsBackend([{ ...review(1, 'u2', 'Diego', 'Muy bueno'), rating: 4 }]);
      const { router, user } = renderApp('/course/5', { queryClient: createQueryClient() });
      expect(await screen.findByText('Muy bueno', undefined, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText('(1 reseña)')).toBeInTheDocument();

      await act(() => router.navigate('/mycourses/5'));
      await sendReview(user, 5, 'Excelente curso');
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));

      const detailCalls = calls.filter((call) => call === 'detail').length;
      await act(() => router.navigate('/course/5'));
      expect(await screen.findByText('(2 reseñas)')).toBeInTheDocument();
      expect(screen.getByText('Excelente curso')).toBeInTheDocument();
      expect(calls.filter((call) => call === 'detail').length).toBe(detailCalls + 1);
    });

    it('says a second review replaced the first', async () => {
      reviewsBackend([review(9, 'u1', 'Ana', 'Primera opinión')]);
      const { user } = renderApp('/mycourses/5');
      await sendReview(user, 3, 'Segunda opinión');
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('¡Reseña actualizada!')).toBeInTheDocument();
      expect(within(dialog).getByText('Tu nueva reseña reemplazó a la anterior.')).toBeInTheDocument();
      expect(within(dialog).queryByText('¡Excelente!')).not.toBeInTheDocument();
    });

    it('asks before deleting my review, keeps it on cancel, then deletes it, says so and refreshes the course page', async () => {
      const { fetchSpy, calls } = reviewsBackend([review(9, 'u1', 'Ana', 'Claro y útil'), review(1, 'u2', 'Diego', 'Muy bueno')]);
      const { router, user } = renderApp('/course/5', { queryClient: createQueryClient() });
      expect(await screen.findByText('(2 reseñas)', undefined, { timeout: 5000 })).toBeInTheDocument();
      await act(() => router.navigate('/mycourses/5'));
      const reviews = await screen.findByRole('region', { name: 'Reseñas del curso' }, { timeout: 5000 });
      const deletes = () => fetchSpy.mock.calls.filter(([, init]) => init?.method === 'DELETE').length;

      await user.click(await within(reviews).findByRole('button', { name: 'Eliminar comentario' }));
      let dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('¿Eliminar tu reseña?')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deletes()).toBe(0);
      expect(within(reviews).getByText('Claro y útil')).toBeInTheDocument();

      await user.click(within(reviews).getByRole('button', { name: 'Eliminar comentario' }));
      dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      expect(await screen.findByText('Reseña eliminada.')).toBeInTheDocument();
      await waitFor(() => expect(within(reviews).queryByText('Claro y útil')).not.toBeInTheDocument());
      expect(deletes()).toBe(1);

      const detailCalls = calls.filter((call) => call === 'detail').length;
      await act(() => router.navigate('/course/5'));
      expect(await screen.findByText('(1 reseña)')).toBeInTheDocument();
      expect(calls.filter((call) => call === 'detail').length).toBe(detailCalls + 1);
    });
  });

  describe('lessons: the curriculum, where the learner stopped, next and previous', () => {
    afterEach(() => {
      vi.useRealTimers();
      window.localStorage.clear();
    });

    function setup(progress: CourseProgress = noProgress, { path = '/mycourses/5', mocks = {} }: { path?: string; mocks?: ApiMocks } = {}) {
      const fetchSpy = mockApi({
        getSession: () => session,
        getEnrolledCourse: () => course,
        getLessonContent: ({ params }) => lessonContent(params.lessonId),
        getCourseReviews: () => ({ items: [] }),
        getCourseProgress: () => progress,
        saveProgress: ({ body }) => ({ saved: body.lessons.length }),
        ...mocks,
      });
      return { fetchSpy, ...renderApp(path) };
    }

    const findPlayer = async (name = 'Video del curso Python desde cero') => (await screen.findByLabelText(name, undefined, { timeout: 5000 })) as HTMLVideoElement;
    const sidebar = async () => screen.findByRole('navigation', { name: 'Contenido del curso' }, { timeout: 5000 });

    /** happy-dom loads no media: the test says when the video knows its length. */
    function loadMetadata(player: HTMLVideoElement, duration: number) {
      Object.defineProperty(player, 'duration', { configurable: true, value: duration });
      Object.defineProperty(player, 'readyState', { configurable: true, value: 1 });
      act(() => {
        player.dispatchEvent(new Event('loadedmetadata'));
      });
    }

    /** Lets the saves started reach fetch (waitFor polls with setInterval, which these tests fake). */
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    const savedBodies = (fetchSpy: ReturnType<typeof mockApi>) => requestsTo(fetchSpy, endpoints.saveProgress).map((sent) => sent.body);
    const keepaliveSaves = (fetchSpy: ReturnType<typeof mockApi>) =>
      fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT' && init.keepalive === true).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

    it("lists sections and lessons with each lesson's state, named for screen readers, and the open lesson marked", async () => {
      setup(progressWith([entry(11, 'done'), entry(12, 'in_progress', 20, 40)]));
      const nav = await sidebar();
      expect(within(nav).getByText('Para practicar')).toBeInTheDocument();
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'Introducción (completada)0:15',
        'Python desde cero (en curso)0:40',
        'Lectura (sin empezar)1:00',
        'Apuntes (sin empezar)',
      ]);
      expect(links.map((link) => link.getAttribute('data-state'))).toEqual(['done', 'in_progress', 'not_started', 'not_started']);
      expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Python desde cero');
      expect(within(nav).getByText('25 % completado')).toBeInTheDocument();
    });

    it('says the states in English', async () => {
      await act(() => setLanguage('en'));
      setup(progressWith([entry(11, 'done'), entry(12, 'in_progress', 20, 40)]));
      const nav = await screen.findByRole('navigation', { name: 'Course content' }, { timeout: 5000 });
      expect(within(nav).getByRole('link', { name: /Introducción \(done\)/ })).toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: /Python desde cero \(in progress\)/ })).toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: /Lectura \(not started\)/ })).toBeInTheDocument();
    });

    it('opens the lesson to resume, puts it in the address so a reload resumes it, and resumes the video at its saved position', async () => {
      const { router } = setup(progressWith([entry(11, 'done'), entry(12, 'in_progress', 192, 600)]));
      const player = await findPlayer();
      await expect.poll(() => router.state.location.search).toBe('?leccion=12');
      expect(screen.getByText('Continuar desde 3:12')).toBeInTheDocument();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(192);
    });

    it('opens the lesson the address names, whatever the lesson to resume', async () => {
      setup(noProgress, { path: '/mycourses/5?leccion=11' });
      const player = await findPlayer('Video del curso Introducción');
      expect(player).toHaveAttribute('src', pathFor(endpoints.streamVideo, { token: 'token11' }));
      expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    });

    it('moves to the next and previous lessons, keeping the address in step', async () => {
      const { user, router } = setup(noProgress, { path: '/mycourses/5?leccion=12' });
      await findPlayer();
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByRole('heading', { name: 'Variables' })).toBeInTheDocument();
      expect(router.state.location.search).toBe('?leccion=13');
      expect(within(await sidebar()).getByRole('link', { current: 'page' })).toHaveTextContent('Lectura');
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByRole('button', { name: 'Marcar como hecha' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Anterior' }));
      expect(await screen.findByRole('heading', { name: 'Variables' })).toBeInTheDocument();
      expect(router.state.location.search).toBe('?leccion=13');
      await user.click(within(await sidebar()).getByRole('link', { name: /Introducción/ }));
      expect(await findPlayer('Video del curso Introducción')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?leccion=11');
    });

    it('plays the next lesson at the end only when asked to, and remembers the choice', async () => {
      const { user, router } = setup(noProgress, { path: '/mycourses/5?leccion=11' });
      let player = await findPlayer('Video del curso Introducción');
      act(() => {
        player.dispatchEvent(new Event('ended'));
      });
      expect(router.state.location.search).toBe('?leccion=11');
      await user.click(screen.getByRole('switch', { name: 'Pasar a la siguiente lección al terminar' }));
      expect(window.localStorage.getItem('player.autoplayNext')).toBe('true');
      player = await findPlayer('Video del curso Introducción');
      act(() => {
        player.dispatchEvent(new Event('ended'));
      });
      await expect.poll(() => router.state.location.search).toBe('?leccion=12');
      expect(await findPlayer()).toBeInTheDocument();
    });

    it('marks a text lesson read with "Marcar como leída", and not read again with "Marcar como no leída", as the server says', async () => {
      let progress = noProgress;
      const { fetchSpy, user } = setup(noProgress, {
        path: '/mycourses/5?leccion=13',
        mocks: {
          getCourseProgress: () => progress,
          saveProgress: ({ body }) => {
            progress = progressWith(body.lessons[0]!.completed ? [entry(13, 'done')] : [entry(13, 'in_progress')], 12);
            return { saved: body.lessons.length };
          },
        },
      });
      expect(await screen.findByText('Una variable guarda un valor.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Marcar como leída' }));
      await waitFor(() => expect(savedBodies(fetchSpy)).toEqual([{ lessons: [{ lessonId: 13, completed: true }] }]));
      expect(await screen.findByText('Leída')).toBeInTheDocument();
      expect(within(await sidebar()).getByRole('link', { name: /Lectura \(completada\)/ })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Marcar como no leída' }));
      await waitFor(() => expect(savedBodies(fetchSpy)[1]).toEqual({ lessons: [{ lessonId: 13, completed: false }] }));
      expect(await screen.findByRole('button', { name: 'Marcar como leída' })).toBeInTheDocument();
      expect(screen.queryByText('Leída')).not.toBeInTheDocument();
      expect(within(await sidebar()).getByRole('link', { name: /Lectura \(en curso\)/ })).toBeInTheDocument();
    });

    it('marks a file lesson done only with "Marcar como hecha": neither reading a text to its end nor downloading a file marks anything', async () => {
      const { fetchSpy, user } = setup(noProgress, {
        path: '/mycourses/5?leccion=14',
        mocks: { getLessonContent: () => ({ ...lessonContent(14), download: { url: '#apuntes', name: 'apuntes.pdf', sizeBytes: 1000, expiresAt: '2999-01-01T00:00:00.000Z' } }) },
      });
      await user.click(await screen.findByRole('link', { name: 'Descargar apuntes.pdf' }, { timeout: 5000 }));
      await settle();
      expect(savedBodies(fetchSpy)).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Marcar como hecha' }));
      await waitFor(() => expect(savedBodies(fetchSpy)).toEqual([{ lessons: [{ lessonId: 14, completed: true }] }]));
    });

    it('offers a resource lesson for download when the link is there', async () => {
      setup(noProgress, {
        path: '/mycourses/5?leccion=14',
        mocks: { getLessonContent: () => ({ ...lessonContent(14), download: { url: '/files/apuntes.pdf', name: 'apuntes.pdf', sizeBytes: 1000, expiresAt: '2999-01-01T00:00:00.000Z' } }) },
      });
      expect(await screen.findByRole('link', { name: 'Descargar apuntes.pdf' }, { timeout: 5000 })).toHaveAttribute('href', '/files/apuntes.pdf');
    });

    it('starts over when asked, and the hint goes', async () => {
      const { user } = setup(progressWith([entry(12, 'in_progress', 75, 600)]));
      const player = await findPlayer();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(75);
      await user.click(screen.getByRole('button', { name: 'Ver desde el principio' }));
      expect(player.currentTime).toBe(0);
      expect(screen.queryByText('Continuar desde 1:15')).not.toBeInTheDocument();
    });

    it('starts from the beginning, without a hint, a video stopped at its very end', async () => {
      setup(progressWith([entry(12, 'done', 599, 600)]));
      const player = await findPlayer();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(0);
      expect(screen.queryByText(/^Continuar desde/)).not.toBeInTheDocument();
    });

    it('saves the position every 5 seconds while playing and on pause, in one small request, nothing while paused, and once more with keepalive on leaving', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const { fetchSpy, unmount } = setup();
      const player = await findPlayer();
      loadMetadata(player, 40);
      // The autoplay started it (happy-dom plays at once); where it started may be reported already.
      expect(player.paused).toBe(false);
      await settle();
      const atStart = savedBodies(fetchSpy);
      expect(atStart.length === 0 || JSON.stringify(atStart) === JSON.stringify([{ lessons: [{ lessonId: 12, positionSeconds: 0 }] }])).toBe(true);
      const saves = () => savedBodies(fetchSpy).slice(atStart.length);
      player.currentTime = 4.6;
      act(() => {
        vi.advanceTimersByTime(4900);
      });
      await settle();
      expect(saves()).toEqual([]);
      act(() => {
        vi.advanceTimersByTime(100);
      });
      await settle();
      expect(saves()).toEqual([{ lessons: [{ lessonId: 12, positionSeconds: 4.6 }] }]);

      player.currentTime = 9;
      act(() => player.pause());
      await settle();
      expect(saves()).toHaveLength(2);
      expect(saves()[1]).toEqual({ lessons: [{ lessonId: 12, positionSeconds: 9 }] });
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      await settle();
      expect(saves()).toHaveLength(2);
      expect(keepaliveSaves(fetchSpy)).toEqual([]);

      await act(() => player.play());
      player.currentTime = 12.2;
      unmount();
      expect(keepaliveSaves(fetchSpy)).toEqual([{ lessons: [{ lessonId: 12, positionSeconds: 12.2 }] }]);
    });

    it('reports at once where playback starts and where a seek lands, never the video\'s length', async () => {
      const { fetchSpy } = setup();
      const player = await findPlayer();
      loadMetadata(player, 40);
      player.currentTime = 2;
      act(() => {
        player.dispatchEvent(new Event('playing'));
      });
      await waitFor(() => expect(savedBodies(fetchSpy)).toEqual([{ lessons: [{ lessonId: 12, positionSeconds: 2 }] }]));
      player.currentTime = 30;
      act(() => {
        player.dispatchEvent(new Event('seeked'));
      });
      await waitFor(() => expect(savedBodies(fetchSpy)[1]).toEqual({ lessons: [{ lessonId: 12, positionSeconds: 30 }] }));
    });

    it('keeps playing where it is when the progress is read again after a save', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      let progress = progressWith([entry(12, 'in_progress', 10, 40)]);
      const { fetchSpy } = setup(progress, {
        mocks: {
          getCourseProgress: () => progress,
          saveProgress: ({ body }) => {
            progress = progressWith([entry(12, 'in_progress', Math.round(body.lessons[0]!.positionSeconds ?? 0), 40)]);
            return { saved: body.lessons.length };
          },
        },
      });
      const player = await findPlayer();
      loadMetadata(player, 40);
      expect(player.currentTime).toBe(10);
      player.currentTime = 20;
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      // The save took 0:20; the video plays on while it is sent and the progress (now at 0:20) is read again.
      player.currentTime = 23;
      await settle();
      expect(savedBodies(fetchSpy)).toEqual([{ lessons: [{ lessonId: 12, positionSeconds: 20 }] }]);
      await waitFor(() => expect(requestsTo(fetchSpy, endpoints.getCourseProgress).length).toBeGreaterThan(1));
      await settle();
      // Nothing seeks it back.
      expect(player.currentTime).toBe(23);
    });

    it('does not move a saved position when the video is opened but never played', async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
      const { fetchSpy, unmount } = setup(progressWith([entry(12, 'in_progress', 30, 40)]));
      const player = await findPlayer();
      loadMetadata(player, 40);
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      unmount();
      expect(savedBodies(fetchSpy)).toEqual([]);
    });
  });
});
