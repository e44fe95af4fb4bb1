import '@testing-library/jest-dom/vitest';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, loadActivityTexts, loadBackOfficeTexts } from '../src/web/i18n';
import { mockFetch, unmockedRequests } from '../src/web/testing/mock-fetch';
import { setViewportWidth } from '../src/web/testing/render';

// On a busy machine a lazy page can take more than the default second to appear; waiting
// longer changes nothing for a test that passes, and a broken page still fails.
configure({ asyncUtilTimeout: 10_000 });

// Noise is a failure: a React warning or an unexpected error log fails the test. Spied per
// test (and restored after), so a test that expects a log can mock it for itself.
const failOnConsole = (method: 'error' | 'warn') =>
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    throw new Error(`console.${method} called: ${args.map(String).join(' ')}`);
  });

// Like a user who asked for reduced motion: Mantine then skips its transitions, whose timers
// would otherwise update components after a test has moved on (React's act() warnings).
(window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }).happyDOM.settings.device.prefersReducedMotion =
  'reduce';

// Every test starts in Spanish (the default) with nothing remembered; happy-dom's browser
// language is English, so without this the language would depend on the environment.
beforeEach(async () => {
  failOnConsole('error');
  failOnConsole('warn');
  window.localStorage.clear();
  // A pending action (add to cart before signing in) must not carry over into the next test.
  window.sessionStorage.clear();
  // No handlers: any request fails the test unless the test mocks it (mockFetch again).
  mockFetch({});
  await initI18n('es');
  // Components of the back office and of the quizzes and assignments are also rendered outside their pages' routes.
  await Promise.all([loadBackOfficeTexts(), loadActivityTexts()]);
});

// The web project's files share their worker's window and modules (isolate: false in
// vitest.config.ts): whatever a test changes outside the rendered tree is put back here.
afterEach(() => {
  // A dialog left open is closed as a user would: what waits for it (the disabled account's
  // sign-out, which runs once at a time) must not wait into the next test.
  act(() => modals.closeAll());
  cleanup();
  // Toasts live in a store of their own, outside the rendered tree: one test's must not show in the next.
  notifications.clean();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // A phone-sized test would otherwise hide the next file's desktop navbar (Mantine's hiddenFrom).
  setViewportWidth(1024);
  // A request nobody mocked is a test that talks to a server that is not there.
  const requests = unmockedRequests.splice(0);
  if (requests.length) throw new Error(`Unmocked requests: ${requests.join(', ')}`);
});
