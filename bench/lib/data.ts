/**
 * The benchmark database: created when missing, filled to the wanted size with the project's
 * generator (`npm run db:seed`), reused as it is when it is big enough already.
 */
import { spawnSync } from 'node:child_process';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, pgliteDirFor, type DatabaseHandle } from '../../src/server/db/client';

/** The PostgreSQL database every benchmark on the server shares (created and filled when missing). */
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marketplace_bench';

/** DATA_DIR of the benchmark servers: the demo videos, and the PGlite database. */
export const benchDataDirs = { postgres: '.tmp/bench-postgres-data', pglite: '.tmp/bench-pglite-data' };

export type DataTarget = {
  /** The PostgreSQL server's database; undefined for the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** The server's DATA_DIR: the demo videos, and the PGlite database when there is no URL. */
  dataDir: string;
  courses: number;
  users: number;
  orders: number;
};

export async function rows<T>(handle: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function createDatabaseIfMissing(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      console.log(`creating database ${name}`);
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await admin.end();
  }
}

export const openTarget = (target: DataTarget) => openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: pgliteDirFor(target.dataDir) });

/**
 * Brings the database to at least the target counts (the demo data counts too), installs
 * the demo videos in DATA_DIR, and refreshes the planner's statistics and visibility map.
 * Answers how long the generation took (0 when nothing was missing).
 */
export async function prepareData(target: DataTarget): Promise<{ seededSeconds: number; counts: { courses: number; users: number; orders: number } }> {
  if (target.databaseUrl) await createDatabaseIfMissing(target.databaseUrl);
  const countAll = async () => {
    const handle = await openTarget(target);
    try {
      const [counts] = await rows<{ courses: number; users: number; orders: number }>(
        handle,
        sql`select (select count(*) from courses)::int as courses, (select count(*) from users)::int as users, (select count(*) from orders)::int as orders`,
      );
      return counts!;
    } finally {
      await handle.close();
    }
  };
  const before = await countAll();
  const missing = {
    courses: Math.max(0, target.courses - before.courses),
    users: Math.max(0, target.users - before.users),
    orders: Math.max(0, target.orders - before.orders),
  };
  const started = performance.now();
  const anything = missing.courses + missing.users + missing.orders > 0;
  if (anything) console.log(`generating ${missing.courses} courses, ${missing.users} users, ${missing.orders} orders with npm run db:seed…`);
  // Run even when nothing is missing: it also installs the demo videos into a fresh DATA_DIR.
  const seeded = spawnSync(
    'npm',
    ['run', '--silent', 'db:seed', '--', '--courses', String(missing.courses), '--users', String(missing.users), '--orders', String(missing.orders)],
    { env: { ...process.env, DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir }, stdio: ['ignore', 'ignore', anything ? 'inherit' : 'pipe'] },
  );
  if (seeded.status !== 0) throw new Error(`npm run db:seed failed: ${seeded.stderr?.toString() ?? ''}`);
  const seededSeconds = anything ? (performance.now() - started) / 1000 : 0;

  const handle = await openTarget(target);
  try {
    // A fresh bulk load has no visibility map yet; without it index-only scans visit the table.
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
  return { seededSeconds, counts: await countAll() };
}

export type CatalogueIds = { categoryIds: number[]; subcategoryIds: number[]; activeCourses: number; courseIds: number[] };

/** What the request mixes are built from: the categories and a sample of active courses. */
export async function catalogueIds(handle: DatabaseHandle, sample = 2000): Promise<CatalogueIds> {
  const categoryIds = (await rows<{ id: number }>(handle, sql`select id from categories order by id`)).map((row) => row.id);
  const subcategoryIds = (await rows<{ id: number }>(handle, sql`select id from subcategories order by id`)).map((row) => row.id);
  const [active] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from courses where disabled_at is null`);
  const courseIds = (await rows<{ id: number }>(handle, sql`select id from courses where disabled_at is null order by md5(id::text) limit ${sample}`)).map((row) => row.id);
  return { categoryIds, subcategoryIds, activeCourses: active?.n ?? 0, courseIds };
}
