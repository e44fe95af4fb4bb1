import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { resetDatabase, testDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestContext = { app: App; db: Database; config: Config; dataDir: string };

/**
 * Builds the app once per test file on the worker's database, and empties the database
 * before each test. Use inside a `describe` or at the top of a test file. The app catches up
 * with the catalogue's version before each `inject` unless `catchUpBeforeEachRequest` is false
 * (for the tests of that catching up itself).
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}, { catchUpBeforeEachRequest = true } = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    const database = await testDatabase();
    context.dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
    // A function is read when the app is built, so it may use values set up by earlier `beforeAll`s.
    const settings = typeof env === 'function' ? env() : env;
    // No transcode worker unless a test asks for one: the media tests run theirs when they choose.
    context.config = { ...loadConfig({ DATA_DIR: context.dataDir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', TRANSCODE_CONCURRENCY: '0', ...settings }), webDistDir: undefined };
    context.app = await buildApp(context.config, { database, logger: false });
    // Tests write rows straight into the database and then ask the app. On the PostgreSQL server the
    // catalogue's version notice of such a write arrives a moment later (a real client's next request
    // would come after it): catch up first, as the app does after its own writes.
    if (catchUpBeforeEachRequest) {
      const inject = context.app.inject.bind(context.app);
      context.app.inject = (async (request: InjectOptions | string) => {
        await context.app.catalogVersionFeed.sync();
        return inject(request);
      }) as typeof inject;
    }
    context.db = database.db;
  });
  beforeEach(async () => {
    await resetDatabase(await testDatabase());
  });
  afterAll(async () => {
    await context.app?.close();
    if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
  });
  return context;
}
