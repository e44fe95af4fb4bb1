import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContextOptions, type Page, type PlaywrightWorkerArgs, type Request } from '@playwright/test';
import type { Language } from '../src/shared/languages';
import { clientAddress } from './fixtures';
import { axeFindings, contrastFindings, languageFindings, nameFindings, overflowFindings, widthFindings } from './ui-audit-checks';

/**
 * The UI audit: every page of the spec (section 2), as the role that uses it, in both languages
 * on a desktop and on a phone, checked for text contrast, accessibility, names that match what
 * is shown, noise in the console or the network, and sideways overflow on the phone.
 * See docs/ui-audit.md.
 */

type Role = 'visitor' | 'buyer' | 'teacher' | 'admin';

const accounts = {
  buyer: { email: 'buyer@demo.test', password: 'Buyer12345' },
  teacher: { email: 'teacher@demo.test', password: 'Teacher123' },
  admin: { email: 'admin@demo.test', password: 'Admin12345' },
} as const;

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;
/**
 * The page loads in English (the stored choice of a returning visitor: where the language
 * switch once marked Spanish as pressed), then switches to Spanish with the switch itself.
 */
const auditLanguages: Language[] = ['en', 'es'];

/** Ids the pages need, read from the seeded data through the API (never assumed). */
type Fixtures = { courseId: number; enrolledCourseId: number; createdCourseId: number; quizLessonId: number; userId: string; buyerName: string; cartCourseId: number; teacherId: string; toastCourseId: number };

/** Every route of the spec with the role that uses it. */
const pages: { role: Role; path: (fixtures: Fixtures) => string }[] = [
  { role: 'visitor', path: () => '/' },
  { role: 'visitor', path: () => '/register' },
  { role: 'visitor', path: () => '/register?mode=signin' },
  { role: 'visitor', path: () => '/allcourses' },
  { role: 'visitor', path: ({ courseId }) => `/course/${courseId}` },
  { role: 'visitor', path: ({ teacherId }) => `/teacher/${teacherId}` },
  { role: 'visitor', path: () => '/about' },
  { role: 'visitor', path: () => '/contact' },
  { role: 'visitor', path: () => '/no-such/page' },
  { role: 'buyer', path: () => '/' },
  { role: 'buyer', path: ({ courseId }) => `/course/${courseId}` },
  { role: 'buyer', path: () => '/shop' },
  { role: 'buyer', path: () => '/mycourses' },
  { role: 'buyer', path: ({ enrolledCourseId }) => `/mycourses/${enrolledCourseId}` },
  { role: 'buyer', path: () => '/mycourses/assignments' },
  { role: 'buyer', path: () => '/favourites' },
  { role: 'buyer', path: ({ buyerName }) => `/${encodeURIComponent(buyerName)}` },
  { role: 'buyer', path: () => '/formpage' },
  { role: 'buyer', path: () => '/formpage/success' },
  { role: 'buyer', path: () => '/formpage/failed' },
  { role: 'teacher', path: () => '/form' },
  { role: 'teacher', path: () => '/coursescreated' },
  { role: 'teacher', path: ({ createdCourseId }) => `/course/editcourse/${createdCourseId}` },
  { role: 'teacher', path: ({ createdCourseId, quizLessonId }) => `/course/editcourse/${createdCourseId}/quiz/${quizLessonId}` },
  { role: 'teacher', path: () => '/coursescreated/assignments' },
  { role: 'teacher', path: () => '/uploadvideo' },
  { role: 'teacher', path: () => '/coursescreated/coupons' },
  { role: 'admin', path: () => '/admin' },
  { role: 'admin', path: () => '/admin/cursos' },
  { role: 'admin', path: ({ courseId }) => `/admin/cursos/${courseId}` },
  { role: 'admin', path: () => '/admin/usuarios' },
  { role: 'admin', path: ({ userId }) => `/admin/user/${encodeURIComponent(userId)}` },
  { role: 'admin', path: () => '/admin/ordenes' },
  { role: 'admin', path: () => '/admin/ContactUsd' },
  { role: 'admin', path: () => '/ContactUsd' },
  { role: 'admin', path: () => '/admin/categorias' },
  { role: 'admin', path: () => '/admin/auditoria' },
  { role: 'admin', path: () => '/admin/cupones' },
];

/**
 * Failures a page causes on purpose; any other answer at 400 or above, or request that fails,
 * fails the audit. Each entry names the audited page, the request, and why it is expected.
 */
const expectedFailures: { page: RegExp; url: RegExp; outcome: number | 'aborted'; why: string }[] = [
  // Served with 404 so crawlers and monitors see the truth (src/server/web/spa.ts).
  { page: /^\/no-such\/page$/, url: /\/no-such\/page$/, outcome: 404, why: 'the audited not-found page itself' },
  // The checkout leaves the app for the payment page at once (window.location.replace): the
  // app's own requests and scripts still in flight are cancelled by that navigation.
  { page: /^\/formpage$/, url: /^http:\/\/localhost:\d+\/(api|assets)\//, outcome: 'aborted', why: 'the checkout navigates away while the app loads' },
];

const sessionDir = path.join('.tmp', 'ui-audit-sessions');
const stateByRole = new Map<Role, BrowserContextOptions['storageState']>();
let fixtures: Fixtures;

/**
 * Signs in once per account and server: a failed test restarts the worker and runs beforeAll
 * again, and sign-in is limited per account (20 password attempts in 15 minutes). A saved
 * session the server still accepts is reused.
 */
async function signedInRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, role: 'buyer' | 'teacher' | 'admin') {
  const file = path.join(sessionDir, `${role}.json`);
  if (existsSync(file)) {
    const saved = await playwright.request.newContext({ baseURL, storageState: file });
    const session = await saved.get('/api/auth/get-session');
    if (session.ok() && (await session.json()) !== null) return saved;
    await saved.dispose();
  }
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const response = await request.post('/api/auth/sign-in/email', { data: accounts[role], headers: { origin: baseURL, ...clientAddress() } });
  expect(response.ok(), await response.text()).toBeTruthy();
  mkdirSync(sessionDir, { recursive: true });
  await request.storageState({ path: file });
  return request;
}

/** The quiz the audit opens in the quiz editor: one question of each type, so that each type's fields are checked. */
const auditQuiz = {
  title: 'Cuestionario de la auditoría',
  settings: { passingPercent: 70, maxAttempts: 3, waitMinutes: 5, timeLimitMinutes: 20, shuffleQuestions: true, shuffleChoices: true, drawCount: 5 },
  questions: [
    { id: 'q1', type: 'single', prompt: '¿Qué palabra clave define una función?', points: 1, explanation: 'Se escribe **def**.', choices: [{ id: 'a', text: 'def', correct: true }, { id: 'b', text: 'func', correct: false }] },
    { id: 'q2', type: 'multiple', prompt: '¿Qué tipos son inmutables?', points: 2, explanation: null, scoring: 'partial', choices: [{ id: 'a', text: 'tupla', correct: true }, { id: 'b', text: 'lista', correct: false }, { id: 'c', text: 'cadena', correct: true }] },
    { id: 'q3', type: 'true-false', prompt: 'Python distingue mayúsculas de minúsculas.', points: 1, explanation: null, correct: true },
    { id: 'q4', type: 'short-answer', prompt: '¿Qué función escribe en pantalla?', points: 1, explanation: null, acceptedAnswers: ['print'] },
    { id: 'q5', type: 'numeric', prompt: '¿Cuánto da 10 entre 4?', points: 1, explanation: null, answer: 2.5, tolerance: 0.1 },
    { id: 'q6', type: 'ordering', prompt: 'Ordena de menor a mayor.', points: 1, explanation: null, items: [{ id: 'a', text: 'uno' }, { id: 'b', text: 'dos' }, { id: 'c', text: 'tres' }] },
  ],
};

/**
 * A quiz lesson in the teacher's newest course (no spec that runs after the audit reads that
 * course's lessons), added once: a rerun of beforeAll finds it and saves the same quiz again.
 */
async function auditQuizLesson(teacher: APIRequestContext, baseURL: string, courseId: number): Promise<number> {
  type Curriculum = { sections: { id: number; lessons: { id: number; kind: string; title: string }[] }[] };
  const curriculumUrl = `/api/courses/${courseId}/curriculum`;
  const quizIn = (curriculum: Curriculum) => curriculum.sections.flatMap((section) => section.lessons).find((lesson) => lesson.kind === 'quiz' && lesson.title === auditQuiz.title);
  let curriculum = (await (await teacher.get(curriculumUrl)).json()) as Curriculum;
  if (!quizIn(curriculum)) {
    const added = await teacher.post(`${curriculumUrl}/sections/${curriculum.sections[0]!.id}/lessons`, { data: { kind: 'quiz', title: auditQuiz.title, isPreview: false }, headers: { origin: baseURL } });
    expect(added.status(), await added.text()).toBe(201);
    curriculum = (await added.json()) as Curriculum;
  }
  const lessonId = quizIn(curriculum)!.id;
  const saved = await teacher.put(`/api/courses/${courseId}/quizzes/${lessonId}`, { data: { settings: auditQuiz.settings, questions: auditQuiz.questions }, headers: { origin: baseURL } });
  expect(saved.status(), await saved.text()).toBe(200);
  return lessonId;
}

const firstItem = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBeTruthy();
  const body = (await response.json()) as { items: T[] };
  expect(body.items.length, `${url} has no items`).toBeGreaterThan(0);
  return body.items[0]!;
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const origins = [{ origin: baseURL, localStorage: [{ name: 'language', value: auditLanguages[0]! }] }];
  stateByRole.set('visitor', { cookies: [], origins });
  const requests: Partial<Record<Role, APIRequestContext>> = {};
  for (const role of ['buyer', 'teacher', 'admin'] as const) {
    const request = await signedInRequest(playwright, baseURL, role);
    const { cookies } = await request.storageState();
    stateByRole.set(role, { cookies, origins });
    requests[role] = request;
  }
  const { buyer, teacher, admin } = requests as Record<'buyer' | 'teacher' | 'admin', APIRequestContext>;

  const course = await firstItem<{ id: number }>(buyer, '/api/courses');
  const enrolled = await firstItem<{ id: number }>(buyer, '/api/enrollments');
  const created = await firstItem<{ id: number }>(teacher, '/api/courses/mine');
  const quizLessonId = await auditQuizLesson(teacher, baseURL, created.id);
  const user = await firstItem<{ id: string }>(admin, '/api/admin/users');
  const me = (await (await buyer.get('/api/users/me')).json()) as { name: string };
  const teacherMe = (await (await teacher.get('/api/users/me')).json()) as { id: string };
  // The cart page shows its table only with something in it; earlier specs may have bought or
  // emptied the buyer's cart. Already in the cart or already bought answers 409: either is fine.
  // Courses for sale that the buyer does not hold: earlier specs add free courses (enrolled in, never carted) and buy others.
  const owned = new Set(((await (await buyer.get('/api/enrollments')).json()) as { items: { id: number }[] }).items.map((item) => item.id));
  const listed = (await (await buyer.get('/api/courses?page=2')).json()) as { items: { id: number; priceCents: number }[] };
  const notOwned = { items: listed.items.filter((item) => item.priceCents > 0 && !owned.has(item.id)) };
  for (const { id } of notOwned.items.slice(0, 2)) await buyer.post('/api/cart', { data: { courseId: id }, headers: { origin: baseURL } });
  const inCart = await firstItem<{ courseId: number }>(buyer, '/api/cart');
  // One more course out of the cart, whose "Agregar al carrito" raises the toast of the toast test.
  const toastCourseId = notOwned.items[2]!.id;
  await buyer.delete(`/api/cart/${toastCourseId}`, { headers: { origin: baseURL } });
  fixtures = { courseId: course.id, enrolledCourseId: enrolled.id, createdCourseId: created.id, quizLessonId, userId: user.id, buyerName: me.name, cartCourseId: inCart.courseId, teacherId: teacherMe.id, toastCourseId };
  await Promise.all(Object.values(requests).map((request) => request.dispose()));
});

/** Waits until the page has its data: no request in flight, no spinner or skeleton left. */
async function settle(page: Page, { loaded }: { loaded: boolean }) {
  // After a load or a language switch the page fetches; after a resize it only lays out again.
  if (loaded) await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible, [aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
  await transitionsEnded(page);
}

/**
 * Colours are read once Mantine's transitions (menus, fades: 150-200 ms) have ended. A transition
 * starts a frame or two after the change that causes it, so two frames pass first; endless
 * animations (spinners) never end and are left out.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** Shows the page in `language`: with the header's switch in the app, by a new load elsewhere. */
async function switchLanguage(page: Page, path: string, language: Language) {
  const switchButton = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${language.toUpperCase()}\\b`) });
  if (await switchButton.isVisible()) return switchButton.click();
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await page.goto(path);
}

async function auditPage(browser: Browser, role: Role, path: string) {
  const context = await browser.newContext({ storageState: stateByRole.get(role) });
  const page = await context.newPage();
  const findings: string[] = [];
  let where = '';
  page.on('pageerror', (error) => findings.push(`${where} uncaught: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // Failed responses are judged below with the allow-list; their console echo is not a second finding.
    if (/Failed to load resource: the server responded with a status of/.test(text)) return;
    // Chromium reports a preload that went unused (a double download) as a warning.
    if (message.type() === 'error' || (message.type() === 'warning' && /preload/i.test(text))) findings.push(`${where} console ${message.type()}: ${text}`);
  });
  const isExpected = (url: string, outcome: number | 'aborted') =>
    expectedFailures.some((allowed) => allowed.page.test(path) && allowed.url.test(url) && allowed.outcome === outcome);
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !isExpected(response.url(), status)) findings.push(`${where} ${status} ${response.request().method()} ${response.url()}`);
  });
  // What the page still has in flight when the audit ends (a progress save the player's autoplay
  // set off, and the reload of the course's progress that follows it) finishes before the tab
  // closes: closing would abort it, and the audit would report its own doing.
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'media') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  // The app cancels a read it no longer needs (React Query drops a reload still in flight when a
  // newer one is asked for: two progress saves in a row each reload the course's progress). The
  // network reports that as aborted too; the page tells which fetches it cancelled itself, and
  // those are no failure. An abort by anything else (a navigation, the network) still is.
  const cancelledByPage = new Set<string>();
  await page.exposeFunction('reportCancelledFetch', (url: string) => cancelledByPage.add(url));
  await page.addInitScript(() => {
    const report = (url: string) => void (window as unknown as { reportCancelledFetch: (url: string) => Promise<void> }).reportCancelledFetch(url);
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const signal = init?.signal ?? request?.signal;
      const url = new URL(request?.url ?? String(input), window.location.href).href;
      signal?.addEventListener('abort', () => report(url), { once: true });
      return fetch(input, init);
    };
  });
  const aborts: { where: string; request: Request }[] = [];
  page.on('requestfailed', (request) => {
    inFlight.delete(request);
    const aborted = request.failure()?.errorText === 'net::ERR_ABORTED';
    // A video element cancels its range requests when it has enough or the page moves on.
    if (aborted && request.resourceType() === 'media') return;
    if (aborted && isExpected(request.url(), 'aborted')) return;
    // Judged once the audit is over: the page's word that it cancelled the fetch may come after the abort.
    if (aborted && request.resourceType() === 'fetch') aborts.push({ where, request });
    else findings.push(`${where} request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });

  // One load per page: the first language on a desktop, then the phone by narrowing the window
  // (as when a tablet turns), then the other language through the switch, desktop and phone.
  await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
  await page.goto(path);
  for (const [languageIndex, language] of auditLanguages.entries()) {
    for (const [viewportIndex, viewport] of viewports.entries()) {
      where = `[${language} ${viewport.name}]`;
      const languageChanges = languageIndex > 0 && viewportIndex === 0;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (languageChanges) await switchLanguage(page, path, language);
      try {
        await settle(page, { loaded: languageChanges || (languageIndex === 0 && viewportIndex === 0) });
      } catch {
        findings.push(`${where} still loading 15 s after opening`);
        continue;
      }
      const found = [
        ...(await axeFindings(page)),
        ...(await contrastFindings(page)),
        ...(await nameFindings(page)),
        ...(await languageFindings(page, language)),
        ...(viewport.name === 'phone' ? await overflowFindings(page) : await widthFindings(page)),
      ];
      findings.push(...found.map((finding) => `${where} ${finding}`));
    }
  }
  where = '[after the audit]';
  await expect.poll(() => inFlight.size, { message: 'requests still in flight 10 s after the audit' }).toBe(0);
  for (const { where: when, request } of aborts) {
    if (!cancelledByPage.has(request.url())) findings.push(`${when} request failed: ${request.method()} ${request.url()} net::ERR_ABORTED`);
  }
  await context.close();
  return findings;
}

test.describe('UI audit', () => {
  // A load, a switch and four axe runs: longer than a usual test, more so on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  for (const { role, path } of pages) {
    const pattern = decodeURIComponent(path({ courseId: 0, enrolledCourseId: 0, createdCourseId: 0, quizLessonId: 0, userId: ':id', buyerName: ':userName', cartCourseId: 0, teacherId: ':teacherId', toastCourseId: 0 })).replace(/\/0\b/g, '/:id');
    test(`${pattern} as ${role}`, async ({ browser }) => {
      const findings = await auditPage(browser, role, path(fixtures));
      expect(findings).toEqual([]);
    });
  }

  test("a toast leaves the header's and the buy box's controls uncovered", async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateByRole.get('buyer') });
    // In Spanish, whatever language the audit's pages were left in.
    await context.addInitScript(() => localStorage.setItem('language', 'es'));
    const page = await context.newPage();
    const origin = new URL(test.info().project.use.baseURL!).origin;
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`/course/${fixtures.toastCourseId}`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('main').getByRole('button', { name: /Agregar al carrito/ }).click();
      const toast = page.getByRole('status').filter({ hasText: '¡Curso agregado!' });
      await expect(toast).toBeVisible();
      const inCart = page.getByRole('main').getByRole('link', { name: /En el carrito/ });
      await expect(inCart).toBeVisible();
      // After Mantine's entrance transition, where the toast stays.
      await transitionsEnded(page);
      const covered = await page.evaluate(() => {
        const toastBox = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.includes('¡Curso agregado!'))!.getBoundingClientRect();
        // The buy box's row: what the buyer just pressed, and what they may press next.
        const buyRow = document.querySelector('main a[aria-label^="En el carrito"]')!.parentElement!;
        return [...document.querySelectorAll('header a, header button'), ...buyRow.querySelectorAll('a, button')]
          .filter((control) => {
            const box = control.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return false;
            return box.left < toastBox.right && box.right > toastBox.left && box.top < toastBox.bottom && box.bottom > toastBox.top;
          })
          .map((control) => control.getAttribute('aria-label') ?? control.textContent);
      });
      expect(covered, `${viewport.name}: controls under the toast`).toEqual([]);
      const removed = await page.request.delete(`/api/cart/${fixtures.toastCourseId}`, { headers: { origin } });
      expect(removed.ok(), await removed.text()).toBeTruthy();
    }
    await context.close();
  });
});
