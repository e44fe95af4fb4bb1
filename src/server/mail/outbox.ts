import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Language } from '../../shared/languages';
import { renderMail, type MailData, type MailKind, type RenderedMail } from './templates';

/** Anything that can insert: the database or, better, the transaction of the change the e-mail reports. */
export type MailWriter = Pick<Database, 'insert'>;

export type MailMessage<K extends MailKind = MailKind> = { kind: K; to: string; language: Language; data: MailData[K] };

/**
 * Queues an e-mail. Called with the transaction of the change it reports, it is written (or
 * not) together with that change: a crash after the commit leaves it queued for the sender.
 */
export async function enqueueMail<K extends MailKind>(writer: MailWriter, message: MailMessage<K>): Promise<void> {
  await writer.insert(mailOutbox).values({ kind: message.kind, recipient: message.to, language: message.language, data: message.data });
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

export const renderRow = (row: Pick<OutboxRow, 'kind' | 'data' | 'language'>, publicUrl: string): RenderedMail =>
  renderMail(row.kind as MailKind, row.data as MailData[MailKind], row.language as Language, publicUrl);

export const outboxPolicy = {
  /** How long a sender holds the messages it claimed; longer than any one SMTP exchange may take. */
  leaseMs: 2 * 60_000,
  /** The first retry waits this long, each next one twice as long… */
  retryBaseMs: 30_000,
  /** …up to this. */
  retryMaxMs: 60 * 60_000,
  /** After this many failed attempts (about a day with the waits above) the message is given up and logged. */
  maxAttempts: 30,
  /** Messages claimed per round. */
  batchSize: 20,
  /** Rows are deleted this long after they were written, sent or given up (nothing stays for ever). */
  keepDays: 30,
} as const;

export const retryDelayMs = (attempts: number) => Math.min(outboxPolicy.retryBaseMs * 2 ** Math.max(0, attempts - 1), outboxPolicy.retryMaxMs);

/**
 * Takes up to `limit` due messages for this sender. `FOR UPDATE SKIP LOCKED` lets several
 * processes claim at once without taking the same row, and the lease keeps a claimed row from
 * the others while it is being sent; if this process dies mid-send, the lease runs out and
 * another sender takes it over.
 */
export async function claimDueMail(db: Database, limit: number = outboxPolicy.batchSize): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${outboxPolicy.leaseMs / 1000})`, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(mailOutbox.id, id));
}

/** A failed attempt: try again after the back-off, or give up after the last attempt. Answers whether it was given up. */
export async function markFailed(db: Database, row: Pick<OutboxRow, 'id' | 'attempts'>, error: string): Promise<boolean> {
  const givenUp = row.attempts >= outboxPolicy.maxAttempts;
  await db
    .update(mailOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      ...(givenUp ? { failedAt: sql`now()` } : { nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(row.attempts) / 1000})` }),
    })
    .where(eq(mailOutbox.id, row.id));
  return givenUp;
}

/** Deletes rows older than the keeping period. Answers how many. */
export async function pruneOutbox(db: Database): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${outboxPolicy.keepDays})`))
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/** The newest messages, for the development mailbox. */
export async function latestMail(db: Database, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
