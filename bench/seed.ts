/**
 * `npm run db:seed [-- --courses N] [--users N] [--orders N] [--seed N] [--batch-size N] [--keep-indexes]`
 *
 * Opens the configured database (DATABASE_URL, else PGlite under DATA_DIR), migrates it,
 * installs the demo videos and seeds the demo data when absent (unless SEED_DEMO_DATA=false). With --courses/--users/--orders
 * it then adds that much generated benchmark data. --courses alone also implies users
 * (one per ten courses, at least 100) and orders (five per user), so ratings mean something.
 *
 * On the PostgreSQL server rows go in with COPY, and a load of BULK_INDEX_REBUILD_COURSES
 * courses or more drops the courses' search and listing indexes and builds them again at the
 * end (also after a failure or Ctrl-C), unless --keep-indexes: meant for a database no server
 * is using meanwhile, whose listing and search would be slow while the indexes are away.
 * Batches run with triggers off where the role may, so the table of distinct titles that the
 * suggestions read is built again from the courses at the end (also after a failure or Ctrl-C).
 */
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import cliProgress from 'cli-progress';
import type { Pool } from 'pg';
import { loadConfig } from '../src/server/config';
import { openDatabase, pgliteDirFor } from '../src/server/db/client';
import { installDemoVideos, seedDemoData } from '../src/server/db/seed';
import { generateBulkData, type BulkPhase } from './lib/bulk-data';
import { BENCH_PASSWORD } from './lib/sign-in';

/** Batches in flight on PostgreSQL: one per core of this 2-core machine's database server. */
const BULK_CONCURRENCY = 2;

/** From this many new courses on, building the courses' indexes once beats updating them row by row. */
const BULK_INDEX_REBUILD_COURSES = 100_000;

const usage = `Usage: npm run db:seed -- [--courses N] [--users N] [--orders N] [--seed N] [--batch-size N] [--keep-indexes]`;

function parseCount(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number >= 0, got "${value}"\n${usage}`);
  return parsed;
}

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      courses: { type: 'string' },
      users: { type: 'string' },
      orders: { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      'keep-indexes': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const courses = parseCount('courses', values.courses) ?? 0;
  const users = parseCount('users', values.users) ?? (courses > 0 ? Math.max(100, Math.ceil(courses / 10)) : 0);
  const orders = parseCount('orders', values.orders) ?? (courses > 0 ? users * 5 : 0);
  const batchSize = parseCount('batch-size', values['batch-size']) ?? 5000;
  if (batchSize < 1) throw new Error(`--batch-size must be at least 1\n${usage}`);
  return { help: values.help ?? false, courses, users, orders, seed: parseCount('seed', values.seed) ?? 1, batchSize, keepIndexes: values['keep-indexes'] ?? false };
}

const phaseLabels: Record<BulkPhase, string> = { users: 'users  ', courses: 'courses', orders: 'orders ', ratings: 'ratings', indexes: 'indexes', titles: 'titles ' };

/**
 * Progress bars on a terminal; on a pipe or in CI (where cli-progress draws nothing)
 * a plain line every tenth of each phase instead.
 */
function createProgress(log: (message: string) => void) {
  if (!process.stderr.isTTY) {
    const lastTenth = new Map<BulkPhase, number>();
    return {
      update(phase: BulkPhase, done: number, total: number) {
        const tenth = Math.floor((done / Math.max(total, 1)) * 10);
        if (tenth === lastTenth.get(phase)) return;
        lastTenth.set(phase, tenth);
        log(`  ${phaseLabels[phase]} ${done}/${total}`);
      },
      stop() {},
    };
  }
  const bars = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      format: '{phase} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const barByPhase = new Map<BulkPhase, cliProgress.SingleBar>();
  return {
    update(phase: BulkPhase, done: number, total: number) {
      let bar = barByPhase.get(phase);
      if (!bar) {
        bar = bars.create(total, 0, { phase: phaseLabels[phase] });
        barByPhase.set(phase, bar);
      }
      bar.update(done);
      // A finished bar stops its clock; otherwise the multibar keeps redrawing its duration.
      if (done >= total) bar.stop();
    },
    stop: () => bars.stop(),
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(usage);
    return;
  }
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const config = loadConfig();
  const started = performance.now();

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), poolSize: BULK_CONCURRENCY });
  log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${pgliteDirFor(config.dataDir)}`}`);
  try {
    // The demo accounts' passwords are public: like the server, load them only where SEED_DEMO_DATA allows.
    if (config.seedDemoData) {
      const copied = await installDemoVideos(config.dataDir);
      if (copied.length > 0) log(`Installed ${copied.length} demo videos into ${config.dataDir}/videos/demo/`);
      const demo = await seedDemoData(database.db, { hashPassword: (plain) => hash(plain), log });
      if (demo.created) {
        for (const account of demo.accounts) log(`  ${account.role.padEnd(8)} ${account.email.padEnd(20)} ${account.password}`);
      }
    } else log('SEED_DEMO_DATA=false: demo data not loaded');

    if (options.courses + options.users + options.orders === 0) return;
    log(`Generating ${options.courses} courses, ${options.users} users, ${options.orders} orders (seed ${options.seed})...`);
    const passwordHash = await hash(BENCH_PASSWORD);
    const rebuildCourseIndexes = database.kind === 'postgres' && options.courses >= BULK_INDEX_REBUILD_COURSES && !options.keepIndexes;
    if (rebuildCourseIndexes) log('The courses\' search and listing indexes are dropped for the load and built again at its end.');
    // Ctrl-C stops between batches, so that dropped indexes are built again before the process ends.
    const stop = new AbortController();
    const onSignal = () => {
      log('Stopping after the batches in flight...');
      stop.abort();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const progress = createProgress(log);
    const summary = await generateBulkData(database.db, {
      courses: options.courses,
      users: options.users,
      orders: options.orders,
      seed: options.seed,
      batchSize: options.batchSize,
      concurrency: database.kind === 'postgres' ? BULK_CONCURRENCY : 1,
      // node-postgres's pool (drizzle's client) on the server: batches go in with COPY there.
      copyPool: database.kind === 'postgres' ? (database.db as unknown as { $client: Pool }).$client : undefined,
      rebuildCourseIndexes,
      signal: stop.signal,
      passwordHash,
      onProgress: progress.update,
    }).finally(() => {
      progress.stop();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    });

    const seconds = (milliseconds: number | undefined) => `${((milliseconds ?? 0) / 1000).toFixed(1)} s`;
    const phases = summary.millisecondsByPhase;
    log(
      `Added ${summary.users} users, ${summary.courses} courses, ${summary.orders} orders ` +
        `(${summary.orderItems} items), ${summary.reviews} reviews.\n` +
        `  users ${seconds(phases.users)}, courses ${seconds(phases.courses)}, orders ${seconds(phases.orders)}, ratings ${seconds(phases.ratings)}` +
        `${phases.indexes === undefined ? '' : `, indexes ${seconds(phases.indexes)}`}, titles ${seconds(phases.titles)}, analyze ${seconds(summary.analyzeMilliseconds)}`,
    );
    if (summary.users > 0) log(`Generated users sign in with the password ${BENCH_PASSWORD}.`);
  } finally {
    await database.close();
    log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
