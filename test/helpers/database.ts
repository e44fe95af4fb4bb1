import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

let handle: Promise<DatabaseHandle> | undefined;
let serverDatabase: { adminUrl: string; name: string } | undefined;

/**
 * One database per test process, reused by every test in it: an in-memory PGlite by default,
 * or, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it, dropped when
 * the process's tests end.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  handle ??= open();
  return handle;
}

async function open(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  const url = new URL(serverUrl);
  // The process id too: a worker slot's next process can start while the last one is still
  // closing, and the two must not share (or drop) one database.
  const name = `${url.pathname.slice(1) || 'marketplace_test'}_w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`;
  const adminUrl = serverUrl.replace(/\/[^/]*$/, '/postgres');
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  serverDatabase = { adminUrl, name };
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 5 });
}

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function closeTestDatabase() {
  if (!handle) return;
  const opened = await handle;
  handle = undefined;
  await opened.close();
  if (serverDatabase) {
    await adminQuery(serverDatabase.adminUrl, `DROP DATABASE IF EXISTS "${serverDatabase.name}" WITH (FORCE)`);
    serverDatabase = undefined;
  }
}

/** Empties every table (keeping the schema), so each test starts from a known database. */
export async function resetDatabase(database: DatabaseHandle) {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = result.rows.map((row) => `"${row.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`));
}
