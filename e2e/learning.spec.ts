import type { Locator } from '@playwright/test';
import { demo, expect, expectAccessible, signInThroughApi, test } from './fixtures';

type Enrolment = { id: number; title: string; disabled: boolean; lastWatchedAt: string | null };
type Progress = { curriculum: { sections: { lessons: { id: number; title: string }[] }[] }; lessons: { lessonId: number; positionSeconds: number }[] };

/** "0:07", "3:12": a position as the player's hint writes it. */
const playbackTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const currentTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

test.describe('progress', () => {
  test('the buyer watches part of a video, reloads the player and it resumes there with "Continuar desde"', async ({ page }) => {
    // About ten seconds of video play in real time.
    test.slow();
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    // A bought course still in the catalogue; one not started yet when there is one (an earlier run may have watched it).
    const enrolments = ((await (await page.request.get('/api/enrollments')).json()) as { items: Enrolment[] }).items.filter((course) => !course.disabled);
    const course = enrolments.find((candidate) => candidate.lastWatchedAt === null) ?? enrolments[0];
    expect(course, 'a bought course').toBeDefined();

    // The starter curriculum's second lesson is the course's main video, named after the course.
    const progressOf = async () => (await (await page.request.get(`/api/progress/${course!.id}`)).json()) as Progress;
    const mainLesson = (await progressOf()).curriculum.sections[0]!.lessons[1]!;
    await page.goto(`/mycourses/${course!.id}?leccion=${mainLesson.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
    const video = page.getByLabel(`Video del curso ${mainLesson.title}`);
    // The MP4's signed link, or its HLS copy's once the demo videos are transcoded.
    await expect(video).toHaveAttribute('src', /\/api\/videos\/(stream|hls)\//);
    // Once the video knows its length the player has done its own seeking; then play from the start, muted so the browser allows it.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      element.currentTime = 0;
      await element.play();
    });
    // Past the first periodic save (every 5 s) and a little more.
    await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(7);
    const watched = await currentTime(video);

    // Reloading while it plays: the last position leaves with the page (a keepalive PUT).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: course!.title })).toBeVisible();
    const hint = page.getByText(/^Continuar desde \d+:\d\d$/);
    await expect(hint).toBeVisible();
    // The address kept the lesson, so the reload opened it again.
    await expect(page).toHaveURL(new RegExp(`\\?leccion=${mainLesson.id}$`));
    const saved = (await progressOf()).lessons.find((entry) => entry.lessonId === mainLesson.id);
    expect(saved, 'the main video’s saved position').toBeDefined();
    // Where it was when the page went, not only the last periodic save.
    expect(saved!.positionSeconds).toBeGreaterThanOrEqual(Math.floor(watched));
    expect(saved!.positionSeconds).toBeLessThan(watched + 5);
    await expect(hint).toHaveText(`Continuar desde ${playbackTime(saved!.positionSeconds)}`);
    // The video starts there (it may already be playing on).
    await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(saved!.positionSeconds - 0.5);
    expect(await currentTime(video)).toBeLessThan(saved!.positionSeconds + 10);
    await expectAccessible(page);

    // My courses: this course first (the last watched), with its progress and "Continuar".
    await page.goto('/mycourses');
    const first = page.getByRole('main').getByRole('listitem').first();
    await expect(first.getByRole('link', { name: course!.title, exact: true })).toBeVisible();
    // The share of its lessons done (a bar at 0 % has no width to see, so its value is what is read).
    await expect(first.getByRole('progressbar', { name: `Progreso de ${course!.title}` })).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(first.getByRole('link', { name: `Continuar: ${course!.title}` })).toHaveAttribute('href', `/mycourses/${course!.id}`);
    await expectAccessible(page);
  });

  test('my courses shows a course watched to the end as "Completado" with the date', async ({ page }) => {
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    await page.goto('/mycourses');
    // The demo buyer finished one course (seeded).
    // "Completado" alone: the others read "NN % completado".
    const finished = page.getByRole('main').getByRole('listitem').filter({ has: page.getByText('Completado', { exact: true }) });
    await expect(finished.first()).toBeVisible();
    await expect(finished.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  });
});

test.describe('course reputation', () => {
  test('a course page shows its ratings, students and related courses below the fold, fetched only when scrolled to', async ({ page }) => {
    // The best rated course of the demo catalogue has reviews, and its teacher other courses.
    const list = (await (await page.request.get('/api/courses?sort=rating-desc')).json()) as { items: { id: number; title: string; teacherName: string }[] };
    const course = list.items[0]!;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/courses\/\d+\/reputation$/.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    // A phone's screen: one column, so the blocks start well below the fold whatever the course's text.
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto(`/course/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    expect(asked, 'nothing asked before the reader scrolls').toEqual([]);

    await page.getByRole('heading', { level: 2, name: 'Reseñas' }).scrollIntoViewIfNeeded();
    const ratings = page.getByRole('region', { name: 'Calificaciones' });
    await expect(ratings.getByRole('list', { name: 'Distribución de calificaciones' }).getByRole('listitem')).toHaveCount(5);
    await expect(ratings.getByText(/^estudiantes?$/)).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('region', { name: `Más cursos de ${course.teacherName}` }).getByRole('link').first()).toBeVisible();
    expect(asked).toHaveLength(1);
    await expectAccessible(page);
  });
});
