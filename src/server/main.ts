import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp, type App } from './app';
import { hashPassword } from './auth/auth';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pgliteDirFor, type Database } from './db/client';
import { demoVideos } from './db/demo-catalogue';
import { installDemoVideos, seedDemoData } from './db/seed';
import { requestTranscodes } from './features/media';
import { clusterScrapeFromWorker, serveClusterScrapes } from './metrics-cluster';
import type { VideoStorage } from './storage/video-storage';
import { openVideoStorage } from './storage/video-storage';
import { startTracing } from './tracing';

type Log = { info(object: object, message: string): void; info(message: string): void };

/** The demo catalogue, its accounts and videos: once, before the first request. */
async function loadDemoData(db: Database, videoStorage: VideoStorage, log: Log) {
  await installDemoVideos(videoStorage);
  const { created, accounts } = await seedDemoData(db, { hashPassword, log: (message) => log.info(message) });
  log.info({ accounts: accounts.map(({ role, email, password }) => `${role}: ${email} / ${password}`) }, created ? 'demo data loaded; demo accounts' : 'demo accounts');
  // Their HLS copies are made once, at the first start (a data folder from before transcoding gets them too).
  const queued = await requestTranscodes(db, null, Object.values(demoVideos).map((video) => video.storageKey));
  if (queued > 0) log.info({ videos: queued }, 'demo videos queued for HLS transcoding (they play as MP4 until ready; progress follows)');
}

/** One server: this process alone, or a worker of the cluster (whose primary loaded the demo data). */
async function runServer(config: Config) {
  // Before the app, whose hooks are added only when it is on; the SDK is imported only then.
  const tracing = await startTracing(config.tracing);
  const app: App = await buildApp(config);
  if (cluster.isWorker) app.metrics.scrape = clusterScrapeFromWorker(app.metrics.registry);
  else if (config.seedDemoData) await loadDemoData(app.db, app.videoStorage, app.log);
  let closing = false;
  const shutdown = async (signal: string) => {
    // A second signal (the terminal's Ctrl-C reaches a worker, and so does its primary's SIGTERM) changes nothing.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify stops accepting connections, waits for in-flight requests, then runs onClose (database).
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    try {
      await app.close();
      // After the last requests, so that their spans are sent too.
      await tracing.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'the last traces could not be sent'));
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

/** A worker that dies soon after starting is restarted later each time (1 s, 2 s, 4 s… up to 30 s). */
const RESTART_BASE_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that lived this long died of something else than its start: its next restart waits the base delay again. */
const HEALTHY_AFTER_MS = 30_000;

/**
 * The primary of WEB_CONCURRENCY workers: migrates the database and loads the demo data once,
 * then forks the workers, which share the port (the primary hands out the connections). It
 * restarts a worker that dies, with a growing delay, and passes SIGTERM/SIGINT on as SIGTERM,
 * exiting once every worker has finished its requests.
 */
async function runPrimary(config: Config) {
  const log = pino({ level: config.logLevel });
  // Opening the database migrates it (under an advisory lock, so workers opening it later find nothing to do).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    if (config.seedDemoData) await loadDemoData(database.db, await openVideoStorage(config), log);
  } finally {
    await database.close();
  }
  serveClusterScrapes();

  let stopping = false;
  let running = 0;
  const slots = new Map<number, { startedAt: number; failures: number }>();
  const fork = (slot: number) => {
    const worker = cluster.fork();
    running += 1;
    const state = slots.get(slot) ?? { startedAt: 0, failures: 0 };
    state.startedAt = Date.now();
    slots.set(slot, state);
    worker.on('exit', (code, signal) => {
      running -= 1;
      if (stopping) {
        if (running === 0) process.exit(0);
        return;
      }
      state.failures = Date.now() - state.startedAt >= HEALTHY_AFTER_MS ? 0 : state.failures + 1;
      const delayMs = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** Math.max(0, state.failures - 1));
      log.error({ worker: worker.process.pid, code, signal, restartInMs: delayMs }, 'a server process died; starting another');
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, delayMs);
    });
  };
  for (let slot = 0; slot < config.webConcurrency; slot++) fork(slot);
  log.info({ workers: config.webConcurrency, port: config.port }, 'server processes starting');

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the server processes');
    if (running === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const forceExit = setTimeout(() => {
      log.error('the server processes took too long to stop, exiting');
      process.exit(1);
    }, 15_000);
    forceExit.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.webConcurrency > 1 && cluster.isPrimary) await runPrimary(config);
  else await runServer(config);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
