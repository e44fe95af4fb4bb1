import { buildApp } from './app';
import { hashPassword } from './auth/auth';
import { ConfigError, loadConfig } from './config';
import { demoVideos } from './db/demo-catalogue';
import { installDemoVideos, seedDemoData } from './db/seed';
import { requestTranscodes } from './domain/video-transcodes';

/** The listener: starts the app on PORT and shuts it down gracefully on SIGTERM/SIGINT. */
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

  const app = await buildApp(config);
  if (config.seedDemoData) {
    await installDemoVideos(app.videoStorage);
    const { created, accounts } = await seedDemoData(app.db, { hashPassword, log: (message) => app.log.info(message) });
    app.log.info(
      { accounts: accounts.map(({ role, email, password }) => `${role}: ${email} / ${password}`) },
      created ? 'demo data loaded; demo accounts' : 'demo accounts',
    );
    // Their HLS copies are made once, at the first start (a data folder from before transcoding gets them too).
    const queued = await requestTranscodes(app.db, null, Object.values(demoVideos).map((video) => video.storageKey));
    if (queued > 0) app.log.info({ videos: queued }, 'demo videos queued for HLS transcoding (they play as MP4 until ready; progress follows)');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
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
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
