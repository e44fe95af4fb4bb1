import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * axe for `page`, run in the page itself (axe.run). The default way (axe.runPartial, then
 * axe.finishRun in a blank tab it opens and closes each time) costs a tab and a second copy of axe
 * per run, about a second on a busy machine, and only adds cross-origin frames, which the app has
 * none of.
 */
export const axeFor = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/**
 * Fails the test on serious or critical accessibility violations of the page as it is now, once
 * its transitions have ended: a dialog still fading in has half-transparent text, which axe
 * would measure as poor contrast.
 */
export async function expectAccessible(page: Page) {
  // Endless animations (spinners) never finish and are left out.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await axeFor(page).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * A made-up client address. Sign-in is rate limited per client address and every test comes
 * from 127.0.0.1; the server trusts X-Forwarded-For from loopback (TRUST_PROXY), so a call
 * with this header counts as its own client.
 */
export const clientAddress = () => ({ 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` });

/** Signs in through the API (not the form) and keeps the session cookie in the page's context. */
export async function signInThroughApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin, ...clientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const demo = {
  admin: { email: 'admin@demo.test', password: 'Admin12345' },
  teacher: { email: 'teacher@demo.test', password: 'Teacher123' },
  buyer: { email: 'buyer@demo.test', password: 'Buyer12345' },
  /** Disabled by an admin in the demo data. */
  disabled: { email: 'pablo@demo.test', password: 'Student123' },
} as const;

/**
 * The public pages arrive drawn by the server, and a click lands only once the browser has taken
 * the page over: every load of the app waits for that (`data-hydrated` on <html>, set by the app).
 */
async function untilHydrated<T>(page: Page, load: Promise<T>): Promise<T> {
  const response = await load;
  // Pages that are not the app (the test payment provider's) have no #root and nothing to wait for.
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'));
  return response;
}

/** Every test fails on an error in the page's console or an uncaught exception. */
export const test = base.extend<{ failOnPageErrors: void }>({
  page: async ({ page }, use) => {
    const [goto, reload, goBack] = [page.goto.bind(page), page.reload.bind(page), page.goBack.bind(page)];
    page.goto = (url, options) => untilHydrated(page, goto(url, options));
    page.reload = (options) => untilHydrated(page, reload(options));
    page.goBack = (options) => untilHydrated(page, goBack(options));
    await use(page);
  },
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        // Expected answers (401, 403, 404, 409 e-mail taken, 429 too many attempts) and a
        // simulated lost connection log too; they are not errors of the page.
        // A used or expired e-mailed link is answered 400 (INVALID_ACTION_CODE / EXPIRED_ACTION_CODE) by design.
        const linkRefused = /status of 400/.test(message.text()) && /\/api\/auth\/(reset-password|verify-email)/.test(message.location().url);
        if (message.type() === 'error' && !linkRefused && !/status of (40[1349]|429)|ERR_INTERNET_DISCONNECTED/.test(message.text())) errors.push(`console: ${message.text()}`);
      });
      await use();
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
