import type { FastifyInstance } from 'fastify';
import { createAuth } from './auth/auth';
import { registerSessionCache } from './auth/sessions';
import { startCatalogVersionFeed } from './cache/catalog-version';
import type { Config } from './config';
import { openDatabase, pgliteDirFor, type Database, type DatabaseHandle } from './db/client';
import type { FeatureContext } from './feature';
import { registerBackgroundJobs } from './jobs';
import { createMailSender, type MailSender } from './mail/plugin';
import { createPaymentProvider, deliverThroughApp } from './payments/create-provider';
import type { PaymentProvider, PayoutProvider } from './payments/provider';
import type { TestProvider } from './payments/test-provider';
import { pruneFinishedJobs } from './queue/queue';
import { loadSecrets } from './secrets';
import type { VideoStorage } from './storage/video-storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** The payment provider the features were given (Stripe, or the built-in test provider). */
    payments: PaymentProvider;
    /** The same provider's payouts side (Connect): the features get it as `payouts`. */
    payouts: PayoutProvider;
    /** Where the videos live: DATA_DIR/videos, or the S3 bucket. */
    videoStorage: VideoStorage;
  }
}

export type InfrastructureOptions = {
  /** An already open database (tests share one per worker); otherwise the app opens and closes its own. */
  database?: DatabaseHandle;
  /** The provider's webhook route, and where the buyer lands after its hosted page. */
  payments: { webhookPath: string; successUrl: string; cancelUrl: string };
  /** Replaces the payment provider's payouts side (tests give a double of the provider's servers). */
  payoutProvider?: PayoutProvider;
};

export type Infrastructure = FeatureContext & { mailSender: MailSender; testPaymentProvider: TestProvider | null };

/**
 * What the features share, built once here and handed to them: none builds its own. The
 * database, the secrets, auth and its session cache, the catalogue's version feed, the payment
 * provider, the mail outbox, and the app's own background jobs (mail delivery, queue pruning).
 */
export async function openInfrastructure(app: FastifyInstance, config: Config, videoStorage: VideoStorage, options: InfrastructureOptions): Promise<Infrastructure> {
  app.decorate('videoStorage', videoStorage);
  if (videoStorage.close) app.addHook('onClose', async () => videoStorage.close?.());
  // A bucket whose CORS rule keeps the pages out plays no HLS: said at start, without holding it up.
  void videoStorage.browserAccessProblem?.(config.publicUrl).then(
    (problem) => problem && app.log.warn(problem),
    (error: unknown) => app.log.warn({ err: error }, 'could not check the bucket\'s CORS rule'),
  );
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }));
  if (!options.database) app.addHook('onClose', () => database.close());
  app.decorate('config', config);
  app.decorate('db', database.db);
  const secrets = await loadSecrets(config);
  app.decorate('auth', createAuth({ config, db: database.db, secret: secrets.auth, log: app.log }));
  await registerSessionCache(app, database, config);
  const catalogVersionFeed = await startCatalogVersionFeed(app, database, config);
  const { webhookPath, ...returnUrls } = options.payments;
  const { provider: payments, testProvider } = createPaymentProvider({
    config,
    db: database.db,
    log: app.log,
    testWebhookSecret: secrets.testPaymentWebhook,
    ...returnUrls,
    deliver: deliverThroughApp(app, webhookPath),
  });
  app.decorate('payments', payments);
  app.decorate('payouts', payments);
  const mailSender = createMailSender({ config, db: database.db, log: app.log });
  registerBackgroundJobs(app, [
    ...mailSender.jobs,
    { name: 'finished jobs pruning', intervalMs: 60 * 60_000, run: () => pruneFinishedJobs(database.db) },
  ]);
  const payouts = options.payoutProvider ?? payments;
  return { database, secrets, videoStorage, payments, payouts, catalogVersionFeed, mailSender, testPaymentProvider: testProvider };
}
