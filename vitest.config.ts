import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Web test files that replace a module (vi.mock) or load a fresh copy of one (vi.resetModules):
 * in a shared module registry the replacement or the copy would reach the files run after
 * them, so these run in a project of their own, each file isolated.
 */
const isolatedWebTests = [
  // vi.mock of the revenue chart.
  'src/web/features/teaching/pages/teaching-pages.test.tsx',
  'src/web/features/accounts/pages/admin-user-page.test.tsx',
  // vi.mock of tus-js-client.
  'src/web/features/media/lib/use-video-uploads-order.test.tsx',
  // vi.mock of hls.js.
  'src/web/lib/use-hls-playback.test.tsx',
  // vi.resetModules: a fresh i18n instance, started from nothing.
  'src/web/i18n/start-language.test.ts',
];

const webTest = {
  environment: 'happy-dom',
  setupFiles: ['test/setup-web.ts'],
  // As long as the DOM queries wait (test/setup-web.ts): on a busy machine a redirect that loads
  // the next page's chunk takes longer than expect.poll's default second.
  expect: { poll: { timeout: 10_000 } },
  // vitest's default is one worker fewer than the cores: a single one on this 2-core machine.
  maxWorkers: 2,
  sequence: { groupOrder: 0 },
  testTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'test/**/*.test.ts'],
          // Load, fuzz and process-spawning tests run with `npm run test:slow` (vitest.slow.config.ts).
          exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-server.ts'],
          // One embedded database per worker (~4 s to create and migrate, ~0.8 GB), shared by every
          // file the worker runs: files are not isolated in their own process, and each starts from
          // an emptied database (test/setup-server.ts). Two workers fit the machine's two cores.
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
          // Runs after the web project; vitest needs distinct groups for projects with different worker counts.
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [react()],
        test: {
          ...webTest,
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...isolatedWebTests],
          // Files share their worker's window and modules (a new environment and module graph
          // per file cost more than half of the project's time): test/setup-web.ts puts back
          // after each test what a test may change outside the rendered tree.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...webTest, name: 'web-isolated', include: isolatedWebTests },
      },
    ],
  },
});
