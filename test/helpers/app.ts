import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import type { PayoutProvider } from '../../src/server/payments/provider';
import { resetDatabase, testDatabase } from './database';
import { createContractCheck, contractTally, type ContractCheck } from './openapi-contract';

export const TEST_ORIGIN = 'http://localhost:3000';

export type TestContext = { app: App; db: Database; config: Config; dataDir: string };

/**
 * Builds the app once per test file on the worker's database, and empties the database
 * before each test. Use inside a `describe` or at the top of a test file. The app catches up
 * with the catalogue's version before each `inject` unless `catchUpBeforeEachRequest` is false
 * (for the tests of that catching up itself).
 *
 * Every answer of an `/api/` route is checked against the app's OpenAPI document (see
 * openapi-contract.ts); a test whose answers disagree with it fails. `checkContract: false`
 * turns that off for a file whose answers are not the API's contract (none does today).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  { catchUpBeforeEachRequest = true, checkContract = true, payoutProvider }: { catchUpBeforeEachRequest?: boolean; checkContract?: boolean; payoutProvider?: PayoutProvider } = {},
): TestContext {
  const context = {} as TestContext;
  let contract: ContractCheck | undefined;
  beforeAll(async () => {
    const database = await testDatabase();
    context.dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
    // A function is read when the app is built, so it may use values set up by earlier `beforeAll`s.
    const settings = typeof env === 'function' ? env() : env;
    // No transcode worker unless a test asks for one: the media tests run theirs when they choose.
    context.config = { ...loadConfig({ DATA_DIR: context.dataDir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', TRANSCODE_CONCURRENCY: '0', ...settings }), webDistDir: undefined };
    context.app = await buildApp(context.config, { database, logger: false, ...(payoutProvider === undefined ? {} : { payoutProvider }) });
    // Tests write rows straight into the database and then ask the app. On the PostgreSQL server the
    // catalogue's version notice of such a write arrives a moment later (a real client's next request
    // would come after it): catch up first, as the app does after its own writes.
    const inject = context.app.inject.bind(context.app);
    if (checkContract) contract = createContractCheck((await inject({ method: 'GET', url: '/api/docs/json' })).json());
    if (catchUpBeforeEachRequest || contract) {
      context.app.inject = (async (request: InjectOptions | string) => {
        if (catchUpBeforeEachRequest) await context.app.catalogVersionFeed.sync();
        const response = await inject(request);
        contract?.check(request, response);
        return response;
      }) as typeof inject;
    }
    context.db = database.db;
  });
  beforeEach(async () => {
    // Work a previous test's request started (a checkout's expiry of older sessions) would write
    // into the emptied tables, and its locks would deadlock with the emptying.
    await context.app?.backgroundJobsSettled();
    await resetDatabase(await testDatabase());
  });
  afterEach(() => {
    const failures = contract?.takeFailures() ?? [];
    if (failures.length > 0) throw new Error(`The answers disagree with the OpenAPI document:\n- ${failures.join('\n- ')}`);
  });
  afterAll(async () => {
    if (process.env.CONTRACT_TALLY_FILE) appendFileSync(process.env.CONTRACT_TALLY_FILE, `${contractTally.checked}\n`);
    contractTally.checked = 0;
    await context.app?.close();
    if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
  });
  return context;
}
