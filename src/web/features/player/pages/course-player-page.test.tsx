import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerCourse } from '../../../../shared/schemas/orders';
import type { VideoKind, VideoProgress } from '../../../../shared/schemas/progress';
import { introVideoUrl } from '../../../../shared/endpoints/media';
import { setLanguage } from '../../../i18n';
import type { CourseReview } from '../../../../shared/schemas/reviews';
import type { Session } from '../../../session/get-session';
import { pathFor } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { jsonResponse, mockApi, requestsTo, type ApiMocks } from '../../../testing/mock-fetch';
import { createQueryClient } from '../../../lib/query-client';
import { renderApp } from '../../../testing/render';
import { makeDetail } from '../../../testing/fixtures';

const session: Session = {
  session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ana', email: 'ana@example.com', image: null, isAdmin: false },
};

const course: PlayerCourse = {
  id: 5,
  title: 'Python desde cero',
  imageUrl: null,
  teacherName: 'Laura Martínez',
  priceCents: 1999,
  ratingAverage: 4,
  ratingCount: 1,
  categoryId: 1,
  subcategoryId: 1,
  language: 'spanish',
  level: 'easy',
  durationHours: 12,
  disabled: false,
  enrolledAt: '2026-01-01T00:00:00.000Z',
  description: 'Aprende Python paso a paso.',
};

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

const noProgress = { courseId: 5, videos: [] };

describe('course player (/mycourses/:id)', () => {
  it('shows the title, the main video (autoplay, controls), the course facts and its reviews', async () => {
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getMainVideo: () => video,
      getCourseProgress: () => noProgress,
      getCourseReviews: () => ({ items: [review(1, 'u2', 'Diego', 'Muy bueno'), review(2, 'u1', 'Ana', 'Claro y útil')] }),
    });
    renderApp('/mycourses/5');
    expect(screen.getAllByText('Cargando...').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' }, { timeout: 5000 })).toBeInTheDocument();
    const player = await screen.findByLabelText('Video del curso Python desde cero');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', video.url);
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('autoplay');

    const about = screen.getByRole('region', { name: 'Acerca de este curso' });
    for (const text of ['Laura Martínez', '12 horas', 'Español', 'Fácil', 'Aprende Python paso a paso.']) expect(within(about).getByText(text)).toBeInTheDocument();

    const reviews = screen.getByRole('region', { name: 'Reseñas del curso' });
    expect(await within(reviews).findByText('Muy bueno')).toBeInTheDocument();
    // The delete button only on the reader's own review.
    expect(within(reviews).getAllByRole('button', { name: 'Eliminar comentario' })).toHaveLength(1);
    expect(within(reviews).getByText('Claro y útil').closest('li')).toContainElement(within(reviews).getByRole('button', { name: 'Eliminar comentario' }));
  });

  it('enables "Comentar" only with a rating and a comment; after sending: "¡Excelente!", the form clears and the stars reset', async () => {
    const sent: unknown[] = [];
    mockApi({
      getSession: () => session,
      getEnrolledCourse: () => course,
      getMainVideo: () => video,
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
      getMainVideo: () => video,
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
      getMainVideo: () => video,
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
        getMainVideo: () => video,
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

  describe('where the viewer stopped', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const saved = (kind: VideoKind, positionSeconds: number, durationSeconds: number, updatedAt = '2026-03-01T10:00:00.000Z'): VideoProgress => ({
      video: kind,
      positionSeconds,
      durationSeconds,
      watchedAt: null,
      updatedAt,
    });

    function setup(videos: VideoProgress[], mocks: ApiMocks = {}) {
      const fetchSpy = mockApi({
        getSession: () => session,
        getEnrolledCourse: () => course,
        getMainVideo: () => video,
        getCourseReviews: () => ({ items: [] }),
        getCourseProgress: () => ({ courseId: 5, videos }),
        saveProgress: ({ body }) => ({ saved: body.positions.length }),
        ...mocks,
      });
      return { fetchSpy, ...renderApp('/mycourses/5') };
    }

    const findPlayer = async (name = 'Video del curso Python desde cero') => (await screen.findByLabelText(name, undefined, { timeout: 5000 })) as HTMLVideoElement;

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

    it('resumes the video where it stopped, on this device or another, saying "Continuar desde 3:12"', async () => {
      setup([saved('intro', 15, 15, '2026-02-01T10:00:00.000Z'), saved('main', 192, 600)]);
      const player = await findPlayer();
      expect(screen.getByText('Continuar desde 3:12')).toBeInTheDocument();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(192);
    });

    it('says it in English: "Resume from 3:12"', async () => {
      await act(() => setLanguage('en'));
      setup([saved('main', 192, 600)]);
      const player = await findPlayer('Video of the course Python desde cero');
      expect(screen.getByText('Resume from 3:12')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(192);
    });

    it('starts over when asked, and the hint goes', async () => {
      const { user } = setup([saved('main', 75, 600)]);
      const player = await findPlayer();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(75);
      await user.click(screen.getByRole('button', { name: 'Ver desde el principio' }));
      expect(player.currentTime).toBe(0);
      expect(screen.queryByText('Continuar desde 1:15')).not.toBeInTheDocument();
    });

    it('starts from the beginning, without a hint, a video not started or stopped at its very end', async () => {
      setup([saved('main', 599, 600)]);
      const player = await findPlayer();
      loadMetadata(player, 600);
      expect(player.currentTime).toBe(0);
      expect(screen.queryByText(/^Continuar desde/)).not.toBeInTheDocument();
    });

    it('saves the position every 5 seconds while playing and on pause, in one small request, nothing while paused, and once more with keepalive on leaving', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const { fetchSpy, unmount } = setup([]);
      const player = await findPlayer();
      loadMetadata(player, 40);
      // The autoplay started it (happy-dom plays at once).
      expect(player.paused).toBe(false);
      player.currentTime = 4.6;
      act(() => {
        vi.advanceTimersByTime(4900);
      });
      await settle();
      expect(savedBodies(fetchSpy)).toEqual([]);
      act(() => {
        vi.advanceTimersByTime(100);
      });
      await settle();
      expect(savedBodies(fetchSpy)).toEqual([{ positions: [{ courseId: 5, video: 'main', positionSeconds: 4.6, durationSeconds: 40 }] }]);

      player.currentTime = 9;
      act(() => player.pause());
      await settle();
      expect(savedBodies(fetchSpy)).toHaveLength(2);
      expect(savedBodies(fetchSpy)[1]).toEqual({ positions: [{ courseId: 5, video: 'main', positionSeconds: 9, durationSeconds: 40 }] });
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      await settle();
      expect(savedBodies(fetchSpy)).toHaveLength(2);
      expect(keepaliveSaves(fetchSpy)).toEqual([]);

      await act(() => player.play());
      player.currentTime = 12.2;
      unmount();
      expect(keepaliveSaves(fetchSpy)).toEqual([{ positions: [{ courseId: 5, video: 'main', positionSeconds: 12.2, durationSeconds: 40 }] }]);
    });

    it('saves with keepalive when the tab is hidden or closed, so the last position outlives the page', async () => {
      const { fetchSpy } = setup([]);
      const player = await findPlayer();
      loadMetadata(player, 40);
      player.currentTime = 21;
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(keepaliveSaves(fetchSpy)).toEqual([{ positions: [{ courseId: 5, video: 'main', positionSeconds: 21, durationSeconds: 40 }] }]);
    });

    it('does not move a saved position when the video is opened but never played', async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
      const { fetchSpy, unmount } = setup([saved('main', 30, 40)]);
      const player = await findPlayer();
      loadMetadata(player, 40);
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      unmount();
      expect(savedBodies(fetchSpy)).toEqual([]);
    });

    it('opens the video watched last, offers the other, and resumes each where it was left', async () => {
      const { fetchSpy, user } = setup([saved('main', 20, 40, '2026-02-01T10:00:00.000Z'), saved('intro', 6, 15, '2026-03-01T10:00:00.000Z')]);
      let player = await findPlayer('Video de presentación de Python desde cero');
      expect(player).toHaveAttribute('src', introVideoUrl(5));
      expect(screen.getByText('Continuar desde 0:06')).toBeInTheDocument();
      loadMetadata(player, 15);
      expect(player.currentTime).toBe(6);
      player.currentTime = 11;

      await user.click(screen.getByRole('radio', { name: 'Video del curso' }));
      // The intro's position is saved as it is left.
      expect(keepaliveSaves(fetchSpy)).toEqual([{ positions: [{ courseId: 5, video: 'intro', positionSeconds: 11, durationSeconds: 15 }] }]);
      player = await findPlayer();
      expect(player).toHaveAttribute('src', video.url);
      expect(screen.getByText('Continuar desde 0:20')).toBeInTheDocument();

      await user.click(screen.getByRole('radio', { name: 'Presentación' }));
      await findPlayer('Video de presentación de Python desde cero');
      expect(screen.getByText('Continuar desde 0:11')).toBeInTheDocument();
    });

    it('offers no intro for a course taken out of the catalogue (its intro is no longer served)', async () => {
      setup([], { getEnrolledCourse: () => ({ ...course, disabled: true }) });
      await findPlayer();
      expect(screen.queryByRole('radio', { name: 'Presentación' })).not.toBeInTheDocument();
    });
  });
});
