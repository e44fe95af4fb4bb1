import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

/**
 * Both drivers speak the same drizzle API; raw `execute()` results carry `rows` on both, so the
 * node-postgres type serves as the one database type.
 */
export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number, as long as every process that migrates this database agrees on it. */
const MIGRATION_LOCK_ID = 727_001;

type OpenOptions = {
  databaseUrl: string | undefined;
  /** A folder for the embedded database, or `memory://` for one that lives only in this process. */
  pgliteDir: string;
  poolSize?: number;
};

/**
 * Opens the database and brings its schema up to date: the PostgreSQL server at
 * `databaseUrl` when given, otherwise an embedded PGlite instance in `pgliteDir`.
 */
export async function openDatabase({ databaseUrl, pgliteDir, poolSize = 10 }: OpenOptions): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl, poolSize) : openPglite(pgliteDir);
}

export const pgliteDirFor = (dataDir: string) => path.join(dataDir, 'db');

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A dropped connection (the server restarting, a failover) must not crash the process. The pool
  // reports it for idle clients; a client checked out between two queries (mid-transaction)
  // reports it on itself, where nothing else listens. Either way the query that next uses it
  // fails (503 to the client), the pool discards it, and the next query gets a fresh connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  // Several processes may start at once against one server: migrate one at a time.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(directory: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (directory !== 'memory://') await mkdir(directory, { recursive: true });
  const client = new PGlite(directory, { extensions: { pg_trgm, unaccent } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
