import { defineConfig } from 'vitest/config';

/**
 * `npm run test:slow`: load, fuzz and process-spawning tests, kept out of `npm test`. Each file
 * runs in its own process with its own database: these tests start servers, workers and
 * databases of their own, and one must not inherit another's leftovers.
 */
export default defineConfig({
  test: {
    name: 'slow',
    environment: 'node',
    include: ['src/**/*.slow.test.ts', 'test/**/*.slow.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-server.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
