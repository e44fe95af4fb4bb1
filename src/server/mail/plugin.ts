import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpiredVerifications } from '../auth/account-mail';
import { devMailboxRoutes, DEV_MAILBOX_PAGE } from './dev-mailbox';
import { pruneOutbox } from './outbox';
import { createLogTransport, createSmtpTransport, deliverDueMail, type DeliveryResult } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Runs one round of the sender now (tests; the timer runs it every MAIL_POLL_INTERVAL_MS). */
      deliverNow(): Promise<DeliveryResult>;
    };
  }
}

const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * The mail sender: every process looks for due messages in the outbox every
 * MAIL_POLL_INTERVAL_MS and sends them through SMTP_URL. Without SMTP_URL a development
 * server logs each message and serves the development mailbox; a production server keeps the
 * messages queued (they go out once SMTP_URL is set) and never serves the mailbox.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app;
    const { smtpUrl, from, pollIntervalMs } = config.mail;
    const devMailbox = !smtpUrl && !config.isProduction;
    if (devMailbox) await app.register(devMailboxRoutes);
    if (!smtpUrl && config.isProduction) app.log.warn('mail: no SMTP_URL; e-mails stay queued in the outbox until it is set');

    const transport = smtpUrl ? createSmtpTransport(smtpUrl, from) : devMailbox ? createLogTransport(app.log, `${config.publicUrl}${DEV_MAILBOX_PAGE}`) : undefined;
    let running: Promise<DeliveryResult> | undefined;
    let lastPrune = 0;
    const deliverNow = async (): Promise<DeliveryResult> => {
      if (!transport) return { sent: 0, failed: 0, givenUp: 0 };
      // One round at a time in this process; other processes are kept apart by the outbox's lease.
      running ??= deliverDueMail({ db, transport, publicUrl: config.publicUrl, log: app.log }).finally(() => {
        running = undefined;
      });
      return running;
    };
    app.decorate('mail', { deliverNow });

    if (pollIntervalMs > 0) {
      const tick = async () => {
        try {
          await deliverNow();
          if (Date.now() - lastPrune > PRUNE_INTERVAL_MS) {
            lastPrune = Date.now();
            await pruneOutbox(db);
            // The links these e-mails carried: expired reset links are kept a week to be told apart from used ones.
            await pruneExpiredVerifications(db);
          }
        } catch (error) {
          app.log.warn({ err: error }, 'mail sender round failed');
        }
      };
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', async () => {
        timer = setInterval(() => void tick(), pollIntervalMs);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await running?.catch(() => {});
      });
    }
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail' },
);
