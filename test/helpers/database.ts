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

/**
 * What emptying the database needs to know of its schema, read once (it does not change during a run):
 * the tables, children before the parents their foreign keys point at; the identity sequences each
 * owns; which ones refuse a DELETE (append-only rows); which ones have statement triggers on TRUNCATE.
 */
type ResetPlan = {
  /** Children first; undefined when the foreign keys form a cycle (then every table is truncated). */
  tables: string[] | undefined;
  allTables: string[];
  sequences: { table: string; sequence: string; start: string }[];
  truncateOnly: Set<string>;
  truncateTriggered: string[];
};

const resetPlans = new WeakMap<DatabaseHandle, Promise<ResetPlan>>();

async function planReset(database: DatabaseHandle): Promise<ResetPlan> {
  const rows = async <Row extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<Row>(query)).rows;
  const allTables = (await rows<{ name: string }>(sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`)).map(
    (row) => row.name,
  );
  const references = await rows<{ child: string; parent: string }>(sql`
    select child.relname as child, parent.relname as parent from pg_constraint
    join pg_class child on child.oid = conrelid join pg_class parent on parent.oid = confrelid
    where contype = 'f' and connamespace = 'public'::regnamespace`);
  const sequences = await rows<{ table: string; sequence: string; start: string }>(sql`
    select owner.relname as "table", seq.relname as "sequence", seqstart::text as "start" from pg_depend
    join pg_class seq on seq.oid = objid and seq.relkind = 'S' join pg_class owner on owner.oid = refobjid
    join pg_sequence on seqrelid = seq.oid
    where classid = 'pg_class'::regclass and refclassid = 'pg_class'::regclass and deptype in ('a', 'i') and owner.relnamespace = 'public'::regnamespace`);
  // tgtype's bits: 1 row, 2 before, 8 delete, 32 truncate.
  const triggers = await rows<{ table: string; type: number }>(sql`
    select relname as "table", tgtype as "type" from pg_trigger join pg_class on pg_class.oid = tgrelid
    where not tgisinternal and relnamespace = 'public'::regnamespace`);
  const truncateOnly = new Set(triggers.filter(({ type }) => (type & 1) !== 0 && (type & 2) !== 0 && (type & 8) !== 0).map(({ table }) => table));
  const truncateTriggered = [...new Set(triggers.filter(({ type }) => (type & 32) !== 0).map(({ table }) => table))];
  // Children before parents: a table comes once every table referencing it has come.
  const referencedBy = new Map(allTables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) referencedBy.get(parent)?.add(child);
  const tables: string[] = [];
  const placed = new Set<string>();
  while (tables.length < allTables.length) {
    const next = allTables.filter((table) => !placed.has(table) && [...referencedBy.get(table)!].every((child) => placed.has(child)));
    if (next.length === 0) return { tables: undefined, allTables, sequences, truncateOnly, truncateTriggered };
    for (const table of next) {
      placed.add(table);
      tables.push(table);
    }
  }
  return { tables, allTables, sequences, truncateOnly, truncateTriggered };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Above this many rows a table is truncated: deleting leaves as many dead rows for later scans to skip. */
const DELETE_AT_MOST = 1000;

/**
 * Empties every table (keeping the schema), so each test starts from a known database: the
 * state a `TRUNCATE` of every table with `RESTART IDENTITY` leaves, reached faster. A TRUNCATE
 * costs the same whether a table holds rows or not (new files for the table and each index),
 * and a test writes to few of the tables: one query finds those that hold rows or used their
 * identity, and only they are emptied (deleted, children first; truncated when large or when
 * their rows refuse a DELETE) and their identities restarted. The statement triggers a TRUNCATE
 * fires (the catalogue's version notice) fire as before, through a DELETE of no rows.
 */
export async function resetDatabase(database: DatabaseHandle) {
  let planned = resetPlans.get(database);
  if (!planned) {
    planned = planReset(database);
    resetPlans.set(database, planned);
  }
  const plan = await planned;
  if (!plan.tables) {
    await database.db.execute(sql.raw(`TRUNCATE ${plan.allTables.map(quoted).join(', ')} RESTART IDENTITY CASCADE`));
    return;
  }
  const counts = plan.tables.map((table, index) => `(select count(*) from (select from ${quoted(table)} limit ${DELETE_AT_MOST + 1}) as rows_of_${index})::int`);
  const used = plan.sequences.map(({ sequence }) => `(select is_called from ${quoted(sequence)})`);
  const probeQuery = `select array[${counts.join(', ')}]::int[] as found, array[${used.join(', ') || 'null'}]::bool[] as used`;
  const [probe] = (await database.db.execute<{ found: number[]; used: (boolean | null)[] }>(sql.raw(probeQuery))).rows;
  const rowCount = new Map(plan.tables.map((table, index) => [table, probe!.found[index]!]));
  const usedSequences = plan.sequences.filter((_sequence, index) => probe!.used[index]);
  const holding = plan.tables.filter((table) => rowCount.get(table)! > 0);
  const truncate = holding.filter((table) => plan.truncateOnly.has(table) || rowCount.get(table)! > DELETE_AT_MOST);
  const remove = holding.filter((table) => !truncate.includes(table));
  await database.db.transaction(async (tx) => {
    if (truncate.length) await tx.execute(sql.raw(`TRUNCATE ${truncate.map(quoted).join(', ')} RESTART IDENTITY CASCADE`));
    for (const table of remove) await tx.execute(sql.raw(`DELETE FROM ${quoted(table)}`));
    for (const table of plan.truncateTriggered) await tx.execute(sql.raw(`DELETE FROM ${quoted(table)}`));
    // As RESTART IDENTITY: the next id is the sequence's first.
    if (usedSequences.length) await tx.execute(sql.raw(`select ${usedSequences.map(({ sequence, start }) => `setval('${quoted(sequence)}', ${Number(start)}, false)`).join(', ')}`));
  });
}
