import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { redactUrl } from '../http/log-redaction';
import { traceCall } from '../tracing';
import { claimDueMail, markFailed, markSent, outboxPolicy, renderRow } from './outbox';
import type { RenderedMail } from './templates';

/** Hands one rendered message to the world; throws when it did not go out. */
export type MailTransport = {
  send(to: string, mail: RenderedMail): Promise<void>;
  close(): void;
};

/** nodemailer over SMTP. Time limits keep one stuck exchange well inside the outbox lease. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  transporter.set('connectionTimeout', 10_000);
  transporter.set('greetingTimeout', 10_000);
  transporter.set('socketTimeout', 30_000);
  const server = new URL(smtpUrl);
  const spanAttributes = { 'server.address': server.hostname, 'server.port': Number(server.port) || (server.protocol === 'smtps:' ? 465 : 587) };
  return {
    async send(to, mail) {
      await traceCall('SMTP send', spanAttributes, () => transporter.sendMail({ to, subject: mail.subject, text: mail.text, html: mail.html }));
    },
    close: () => transporter.close(),
  };
}

/** Without an SMTP server (the local default) each message is logged, its link's token hidden; the development mailbox shows it whole. */
export function createLogTransport(log: FastifyBaseLogger, mailboxUrl: string | undefined): MailTransport {
  return {
    async send(to, mail) {
      log.info({ to, subject: mail.subject, link: redactUrl(mail.link), mailbox: mailboxUrl }, 'e-mail (no SMTP_URL: kept in the outbox, not sent)');
    },
    close: () => {},
  };
}

export type DeliveryResult = { sent: number; failed: number; givenUp: number };

/**
 * One round of the sender: claims due messages batch by batch and sends each. A failure is
 * retried later with back-off, so a mail server that is down delays mail and loses none; a
 * message is marked sent right after the server accepted it, so it goes out once (unless the
 * process dies between the two, when the lease runs out and it is sent again).
 */
export async function deliverDueMail({ db, transport, publicUrl, log }: { db: Database; transport: MailTransport; publicUrl: string; log: FastifyBaseLogger }): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, givenUp: 0 };
  // Bounded, so that one round ends even while mail keeps arriving.
  for (let round = 0; round < 10; round++) {
    const claimed = await claimDueMail(db);
    for (const row of claimed) {
      try {
        await transport.send(row.recipient, renderRow(row, publicUrl));
        await markSent(db, row.id);
        result.sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const givenUp = await markFailed(db, row, message);
        result.failed++;
        if (givenUp) {
          result.givenUp++;
          log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: message }, 'e-mail given up after its last attempt');
        } else {
          log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: message }, 'e-mail not sent; it will be retried');
        }
      }
    }
    if (claimed.length < outboxPolicy.batchSize) break;
  }
  return result;
}
