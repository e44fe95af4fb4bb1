import { defineConfig } from 'vitest/config';

/** `npm run test:slow`: the fuzz tests that start real workers, kept out of `npm test`. */
export default defineConfig({
  test: {
    name: 'slow',
    environment: 'node',
    include: ['src/**/*.slow.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-server.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
