import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Unique to one test run: names its databases on the PostgreSQL server (test/global-setup.ts). */
    testRunId: string;
  }
}

/** Kept on globalThis: test files share a worker process (isolate: false) and must share its database too. */
const WORKER_DATABASE = Symbol.for('marketplace.test.workerDatabase');
type WorkerGlobal = { [WORKER_DATABASE]?: Promise<DatabaseHandle> };
const workerGlobal = globalThis as WorkerGlobal;

/**
 * One database per test worker process, reused by every test file it runs: an in-memory PGlite
 * by default (creating and migrating one costs seconds and most of a gigabyte, so never per file),
 * or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it named after the
 * run and the process. The process's end releases PGlite; the run's global teardown drops the
 * server databases.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  workerGlobal[WORKER_DATABASE] ??= open();
  return workerGlobal[WORKER_DATABASE];
}

/**
 * Empties the worker's database if an earlier test file opened it, so that every file starts
 * from an empty one; a file that never uses it does not pay for opening it.
 */
export async function resetWorkerDatabaseIfOpen() {
  const opened = workerGlobal[WORKER_DATABASE];
  if (opened) await resetDatabase(await opened);
}

async function open(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  const url = new URL(serverUrl);
  // The process id too: a worker slot's next process can start while the last one is still
  // closing, and the two must not share (or drop) one database.
  const name = `${workerDatabasePrefix(serverUrl, inject('testRunId'))}${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`;
  const adminUrl = serverAdminUrl(serverUrl);
  await serverQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  // A copy of the run's migrated template (test/global-setup.ts): migrating finds nothing to do.
  await serverQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName(serverUrl, inject('testRunId'))}"`);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 5 });
}

/** Every worker database of one run starts with this (PostgreSQL names stop at 63 bytes). */
export function workerDatabasePrefix(serverUrl: string, runId: string): string {
  const base = new URL(serverUrl).pathname.slice(1) || 'marketplace_test';
  return `${base.slice(0, 40)}_${runId}_w`;
}

/** The run's migrated database that every worker's is copied from; dropped with the run's others. */
export const templateDatabaseName = (serverUrl: string, runId: string) => `${workerDatabasePrefix(serverUrl, runId)}template`;

export const serverAdminUrl = (serverUrl: string) => serverUrl.replace(/\/[^/]*$/, '/postgres');

export async function serverQuery<Row extends Record<string, unknown>>(adminUrl: string, statement: string): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<Row>(statement)).rows;
  } finally {
    await admin.end();
  }
}

const truncateStatements = new WeakMap<DatabaseHandle, Promise<string | undefined>>();

/** Empties every table (keeping the schema), so each test starts from a known database. */
export async function resetDatabase(database: DatabaseHandle) {
  let statement = truncateStatements.get(database);
  if (!statement) {
    // The schema does not change during a run: list its tables once.
    statement = database.db
      .execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
      .then(({ rows }) => (rows.length ? `TRUNCATE ${rows.map((row) => `"${row.tablename}"`).join(', ')} RESTART IDENTITY CASCADE` : undefined));
    truncateStatements.set(database, statement);
  }
  const truncate = await statement;
  if (truncate) await database.db.execute(sql.raw(truncate));
}
