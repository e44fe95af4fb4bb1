import type { Locator, Page } from '@playwright/test';
import { clientAddress, demo, expect, test } from './fixtures';

/**
 * HLS from object storage, in Chromium: the second app server of playwright.config.ts keeps its
 * videos in the S3-speaking test server (whose bucket has the CORS rule docs/operations.md gives),
 * serves the playlists itself and sends the player to presigned URLs for the segments.
 */
const s3App = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 2}`;
const s3Origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1200}`;

type Enrolment = { id: number; title: string; disabled: boolean };
type Progress = { curriculum: { sections: { lessons: { id: number; title: string }[] }[] } };

/** Every playlist and segment request the page makes, and those that failed (a network error or a status of 400 or more). */
function watchHls(page: Page) {
  const isHls = (url: string) => /\.(m3u8|ts)$/.test(new URL(url).pathname);
  const failed: string[] = [];
  const answered: { url: string; status: number; contentType: string }[] = [];
  page.on('requestfailed', (request) => {
    if (isHls(request.url())) failed.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (!isHls(response.url())) return;
    answered.push({ url: response.url(), status: response.status(), contentType: response.headers()['content-type'] ?? '' });
    if (response.status() >= 400) failed.push(`${response.url()}: ${response.status()}`);
  });
  return { failed, answered };
}

/** Plays the video muted from the start and waits for its time to move on; answers how it played. */
async function playsForward(video: Locator) {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    element.currentTime = 0;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(2.5);
  // Native HLS plays the app's master playlist; hls.js feeds the element from a blob; the MP4 (the player's fallback when HLS fails) is neither.
  const source = await video.evaluate((element: HTMLVideoElement) => element.currentSrc);
  expect(source).toMatch(/^blob:|\/master\.m3u8$/);
  return source.startsWith('blob:') ? 'hls.js' : 'native';
}

test('a buyer plays a bought course\'s main video, and anyone its intro, as HLS from the bucket', async ({ page }) => {
  const { failed, answered } = watchHls(page);
  const signIn = await page.request.post(`${s3App}/api/auth/sign-in/email`, { data: { email: demo.buyer.email, password: demo.buyer.password }, headers: { origin: s3App, ...clientAddress() } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const enrolments = ((await (await page.request.get(`${s3App}/api/enrollments`)).json()) as { items: Enrolment[] }).items.filter((course) => !course.disabled);
  const course = enrolments[0];
  expect(course, 'a bought course').toBeDefined();

  // The demo videos were copied into the bucket and queued for transcoding when the server started.
  await expect
    .poll(async () => ((await (await page.request.get(`${s3App}/api/videos/courses/${course!.id}/main`)).json()) as { hlsUrl: string | null }).hlsUrl, { timeout: 40_000, message: 'the main video transcoded' })
    .toMatch(/master\.m3u8$/);

  const { curriculum } = (await (await page.request.get(`${s3App}/api/progress/${course!.id}`)).json()) as Progress;
  const mainLesson = curriculum.sections[0]!.lessons[1]!;
  await page.goto(`${s3App}/mycourses/${course!.id}?leccion=${mainLesson.id}`);
  const mode = await playsForward(page.getByLabel(`Video del curso ${mainLesson.title}`));

  // The playlists came from the app; with hls.js the segments came from the bucket, as video/mp2t.
  const playlists = answered.filter((entry) => entry.url.includes('.m3u8'));
  expect(playlists.length).toBeGreaterThan(0);
  for (const playlist of playlists) expect(playlist.url.startsWith(`${s3App}/`), playlist.url).toBe(true);
  if (mode === 'hls.js') {
    const segments = answered.filter((entry) => new URL(entry.url).pathname.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) expect(segment).toMatchObject({ url: expect.stringMatching(new RegExp(`^${s3Origin}/`)), contentType: 'video/mp2t' });
  }

  // The public intro on the course page, the same way.
  const detail = (await (await page.request.get(`${s3App}/api/courses/${course!.id}`)).json()) as { introVideo: { hlsUrl: string | null } | null };
  expect(detail.introVideo?.hlsUrl).toMatch(/master\.m3u8$/);
  answered.length = 0;
  await page.goto(`${s3App}/course/${course!.id}`);
  await playsForward(page.getByLabel(`Video de presentación de ${course!.title}`));
  expect(answered.some((entry) => entry.url.startsWith(`${s3App}/api/videos/courses/${course!.id}/intro/hls/`))).toBe(true);

  expect(failed).toEqual([]);
});
