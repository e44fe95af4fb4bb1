import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          // Slow tests (fuzzing with real workers) run with `npm run test:slow` (vitest.slow.config.ts).
          exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
          setupFiles: ['test/setup-server.ts'],
          // One embedded database per worker is ~0.8 GB; two workers fit the machine's two cores.
          pool: 'forks',
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
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-web.ts'],
          sequence: { groupOrder: 0 },
          testTimeout: 60_000,
        },
      },
    ],
  },
});
