import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

let handle: Promise<DatabaseHandle> | undefined;

/**
 * One database per test worker, reused by every test in it: an in-memory PGlite by default,
 * or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it per worker.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  handle ??= open();
  return handle;
}

async function open(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'marketplace_test'}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: serverUrl.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 5 });
}

export async function closeTestDatabase() {
  if (!handle) return;
  const opened = await handle;
  handle = undefined;
  await opened.close();
}

/** Empties every table (keeping the schema), so each test starts from a known database. */
export async function resetDatabase(database: DatabaseHandle) {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = result.rows.map((row) => `"${row.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`));
}
