import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpiredVerifications } from '../auth/account-mail';
import { pruneExpiredEmailChanges } from '../auth/email-change';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { BackgroundJob } from '../jobs';
import { devMailboxRoutes, DEV_MAILBOX_PAGE } from './dev-mailbox';
import { pruneOutbox } from './outbox';
import { createLogTransport, createSmtpTransport, deliverDueMail, type DeliveryResult } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /** Runs one round of the sender now (tests; the background job runs it every MAIL_POLL_INTERVAL_MS). */
      deliverNow(): Promise<DeliveryResult>;
    };
  }
}

const PRUNE_INTERVAL_MS = 60 * 60_000;

export type MailSender = {
  deliverNow(): Promise<DeliveryResult>;
  /** Sending due messages and pruning old ones, for the app's one list of background jobs. */
  jobs: BackgroundJob[];
  /** Without SMTP_URL, a development server logs each message and serves the development mailbox. */
  devMailbox: boolean;
  /** Lets a round in flight finish, then closes the SMTP connections. */
  close(): Promise<void>;
};

/**
 * The mail sender: every process looks for due messages in the outbox every
 * MAIL_POLL_INTERVAL_MS and sends them through SMTP_URL. Without SMTP_URL a development
 * server logs each message and serves the development mailbox; a production server keeps the
 * messages queued (they go out once SMTP_URL is set) and never serves the mailbox.
 */
export function createMailSender({ config, db, log }: { config: Config; db: Database; log: FastifyBaseLogger }): MailSender {
  const { smtpUrl, from, pollIntervalMs } = config.mail;
  const devMailbox = !smtpUrl && !config.isProduction;
  if (!smtpUrl && config.isProduction) log.warn('mail: no SMTP_URL; e-mails stay queued in the outbox until it is set');
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, from) : devMailbox ? createLogTransport(log, `${config.publicUrl}${DEV_MAILBOX_PAGE}`) : undefined;

  let running: Promise<DeliveryResult> | undefined;
  const deliverNow = async (): Promise<DeliveryResult> => {
    if (!transport) return { sent: 0, failed: 0, givenUp: 0 };
    // One round at a time in this process; other processes are kept apart by the outbox's lease.
    running ??= deliverDueMail({ db, transport, publicUrl: config.publicUrl, log }).finally(() => {
      running = undefined;
    });
    return running;
  };

  const jobs: BackgroundJob[] = [
    {
      name: 'mail outbox pruning',
      intervalMs: PRUNE_INTERVAL_MS,
      run: async () => {
        await pruneOutbox(db);
        // The links these e-mails carried: expired reset links are kept a week to be told apart from used ones.
        await pruneExpiredVerifications(db);
        await pruneExpiredEmailChanges(db);
      },
    },
  ];
  if (transport && pollIntervalMs > 0) jobs.push({ name: 'mail delivery', intervalMs: pollIntervalMs, run: deliverNow });
  const close = async () => {
    await running?.catch(() => {});
    transport?.close();
  };
  return { deliverNow, jobs, devMailbox, close };
}

/** Serves the development mailbox when there is one, and gives the app `mail.deliverNow()`. */
export const mailPlugin = fp(
  async (app: FastifyInstance, { sender }: { sender: MailSender }) => {
    if (sender.devMailbox) await app.register(devMailboxRoutes);
    app.decorate('mail', { deliverNow: sender.deliverNow });
    app.addHook('onClose', () => sender.close());
  },
  { name: 'mail' },
);
