import type { Page } from '@playwright/test';
import { demo, expect, signInThroughApi, test } from './fixtures';

type Enrolment = { id: number; title: string; disabled: boolean };
type Progress = { curriculum: { sections: { lessons: { id: number; title: string }[] }[] } };

/** The Spanish captions, as an SRT file a teacher would have: the server stores them as WebVTT. */
const captionsSrt = `1
00:00:00,000 --> 00:00:03,000
Hola, empezamos el curso

2
00:00:03,000 --> 00:00:06,000
Primero veremos las variables

3
00:00:06,000 --> 00:00:09,000
Luego practicamos juntos
`;

test.describe.configure({ mode: 'serial' });

/** A bought course of the demo teacher (who may attach its captions) and its main video lesson. */
async function courseWithCaptions(page: Page) {
  await page.goto('/');
  await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
  const mine = ((await (await page.request.get('/api/courses/mine')).json()) as { items: { id: number }[] }).items.map((course) => course.id);
  await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
  const enrolments = ((await (await page.request.get('/api/enrollments')).json()) as { items: Enrolment[] }).items.filter((course) => !course.disabled);
  const course = enrolments.find((candidate) => mine.includes(candidate.id));
  expect(course, 'a course of the demo teacher that the buyer bought').toBeDefined();
  const progress = (await (await page.request.get(`/api/progress/${course!.id}`)).json()) as Progress;
  // The starter curriculum's second lesson is the course's main video, named after the course.
  const lesson = progress.curriculum.sections[0]!.lessons[1]!;

  await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
  const origin = new URL(page.url()).origin;
  // Whatever an earlier run attached goes, so that the teacher's upload below is what plays.
  await page.request.delete(`/api/courses/${course!.id}/lessons/${lesson.id}/captions/es`, { headers: { origin } });
  await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
  // Start at 1× so that the test proves the 1.5× it sets is remembered.
  const reset = await page.request.put('/api/users/me/player-settings', { data: { playbackRate: 1, captionLanguage: null }, headers: { origin } });
  expect(reset.ok(), await reset.text()).toBeTruthy();
  return { course: course!, lesson, url: `/mycourses/${course!.id}?leccion=${lesson.id}` };
}

let bought: Awaited<ReturnType<typeof courseWithCaptions>>;

test.describe('a teacher, in English on a phone', () => {
  test.use({ locale: 'en-US', viewport: { width: 375, height: 740 } });

  test('attaches an SRT file as the Spanish captions of a video lesson', async ({ page }) => {
    bought = await courseWithCaptions(page);
    await signInThroughApi(page, demo.teacher.email, demo.teacher.password);
    await page.goto(`/course/editcourse/${bought.course.id}`);
    await page.getByRole('button', { name: `Captions of ${bought.lesson.title}` }).click();
    const files = page.getByRole('region', { name: `Caption files of ${bought.lesson.title}` });
    await files.getByLabel('Spanish captions').setInputFiles({ name: 'clase.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(captionsSrt) });
    await expect(files.getByText('Spanish captions: clase.srt (3 cues)')).toBeVisible();
    // Stored as WebVTT.
    const stored = await page.request.get(`/api/courses/${bought.course.id}/lessons/${bought.lesson.id}/captions`);
    expect(((await stored.json()) as { items: { language: string; cueCount: number }[] }).items).toEqual([expect.objectContaining({ language: 'es', cueCount: 3 })]);
  });
});

test('the buyer sets 1.5× and finds it after a reload, opens the shortcuts with ?, and uses the transcript (also on a phone)', async ({ page }) => {
  const { lesson, url } = bought;
  await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
  await page.goto(url);
  const video = page.getByLabel(`Video del curso ${lesson.title}`);
  await expect(video).toHaveAttribute('data-playback', /native|hls\.js|mp4/);
  // The player's own controls, not the browser's.
  await expect(video).not.toHaveAttribute('controls');

  await page.getByRole('button', { name: /^Velocidad: 1×$/ }).click();
  await page.getByRole('menuitem', { name: '1,5×' }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
  // Saved with the account before the reload.
  await expect.poll(async () => ((await (await page.request.get('/api/users/me/player-settings')).json()) as { playbackRate: number }).playbackRate).toBe(1.5);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Velocidad: 1,5×' })).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);

  // The timeline previews the moment under the pointer (the demo videos are transcoded at start, thumbnails included).
  await expect.poll(async () => ((await (await page.request.get(`/api/lessons/${lesson.id}`)).json()) as { video: { thumbnailsUrl?: string | null } }).video.thumbnailsUrl, { timeout: 30_000 }).toBeTruthy();
  const seek = page.getByRole('slider', { name: 'Posición del video' });
  const track = (await seek.boundingBox())!;
  const sprite = page.waitForResponse((response) => /\/thumbnails\.jpg$/.test(new URL(response.url()).pathname) && response.status() === 200);
  await page.mouse.move(track.x + track.width / 2, track.y + track.height / 2);
  await expect(page.getByTestId('seek-thumbnail')).toBeVisible();
  expect((await sprite).headers()['content-type']).toBe('image/jpeg');

  // `?` anywhere on the page (focus not in a field) opens the help.
  await page.locator('body').press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Atajos de teclado del reproductor' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Activar o desactivar los subtítulos')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Captions on with c: the Spanish track shows.
  await page.locator('body').press('c');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Array.from(element.textTracks).find((track) => track.language === 'es')?.mode)).toBe('showing');

  // The transcript: a click jumps there and the line is marked.
  const transcript = page.getByRole('region', { name: 'Transcripción' });
  await transcript.getByRole('button', { name: /Luego practicamos juntos/ }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(6);
  await expect(transcript.getByRole('button', { name: /Luego practicamos juntos/ })).toHaveAttribute('aria-current', 'true');

  // On a phone-sized screen the transcript sits under the video.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect
    .poll(async () => {
      const [player, panel] = await Promise.all([video.boundingBox(), transcript.boundingBox()]);
      return player && panel ? panel.y >= player.y + player.height - 1 : false;
    })
    .toBe(true);
});
