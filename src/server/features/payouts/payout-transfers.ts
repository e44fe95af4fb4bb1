import type { FastifyBaseLogger } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders, payoutAccounts, payoutTransfers } from '../../db/schema';
import type { PayoutProvider } from '../../payments/provider';
import { ledgerKey, lockOrder, providerKey, writeEntries } from './ledger-entries';

/**
 * Sending a teacher's transfer and reversing the refunded shares of one already sent: the two
 * provider calls of the payouts, shared by the transfer job and the admin's refund. Each call
 * carries the idempotency key of the event it records, and the ledger entry is written only
 * after the provider answered, in the transaction that records its answer, so a crash between
 * the two is finished by the next attempt with the same key and never moves money twice.
 */

export type PayoutTransferRow = typeof payoutTransfers.$inferSelect;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Longest failure reason kept (the provider's message). */
const REASON_MAX = 500;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX) || 'unknown error';

/**
 * Sends a `pending` (or, for the admin's retry, `failed`) transfer: calls the provider with the
 * key `transfer-<id>`, then in one transaction marks it `sent` and writes the `transfer` entry
 * (available→paid). A provider failure marks it `failed` with the reason. A sent row is
 * answered as it is. Answers the row as it is afterwards.
 */
export async function sendTransfer(db: Database, provider: Pick<PayoutProvider, 'createTransfer'>, transferId: string, log?: Log): Promise<PayoutTransferRow> {
  const [row] = await db
    .select({ transfer: payoutTransfers, paymentId: orders.providerPaymentId, accountId: payoutAccounts.providerAccountId })
    .from(payoutTransfers)
    .innerJoin(orders, eq(orders.id, payoutTransfers.orderId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payoutTransfers.teacherId))
    .where(eq(payoutTransfers.id, transferId));
  if (!row) throw new Error(`no payout transfer ${transferId}`);
  const { transfer } = row;
  if (transfer.status === 'sent') return transfer;

  let providerTransferId: string;
  try {
    if (!row.accountId) throw new Error('the teacher has no payout account');
    if (!row.paymentId) throw new Error('the order has no payment at the provider');
    ({ transferId: providerTransferId } = await provider.createTransfer({
      destinationAccountId: row.accountId,
      amountCents: transfer.amountCents,
      currency: transfer.currency,
      transferGroup: transfer.orderId,
      sourcePaymentId: row.paymentId,
      idempotencyKey: providerKey.transfer(transfer.id),
    }));
  } catch (error) {
    log?.warn({ err: error, transferId, orderId: transfer.orderId, teacherId: transfer.teacherId }, 'payout transfer failed');
    const [failed] = await db
      .update(payoutTransfers)
      .set({ status: 'failed', failureReason: reasonOf(error), attempts: sql`${payoutTransfers.attempts} + 1` })
      .where(and(eq(payoutTransfers.id, transferId), ne(payoutTransfers.status, 'sent')))
      .returning();
    return failed ?? (await transferById(db, transferId));
  }

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockOrder(txDb, transfer.orderId);
    const [sent] = await tx
      .update(payoutTransfers)
      .set({ status: 'sent', providerTransferId, sentAt: sql`now()`, failureReason: null, attempts: sql`${payoutTransfers.attempts} + 1` })
      .where(and(eq(payoutTransfers.id, transferId), ne(payoutTransfers.status, 'sent')))
      .returning();
    if (!sent) return transferById(txDb, transferId);
    await writeEntries(txDb, [
      {
        idempotencyKey: ledgerKey.transfer(sent.id),
        kind: 'transfer',
        teacherId: sent.teacherId,
        orderId: sent.orderId,
        transferId: sent.id,
        fromBucket: 'available',
        toBucket: 'paid',
        amountCents: sent.amountCents,
      },
    ]);
    log?.info({ transferId, orderId: sent.orderId, amountCents: sent.amountCents }, 'payout transfer sent');
    return sent;
  });
}

async function transferById(db: Database, transferId: string): Promise<PayoutTransferRow> {
  const [row] = await db.select().from(payoutTransfers).where(eq(payoutTransfers.id, transferId));
  if (!row) throw new Error(`no payout transfer ${transferId}`);
  return row;
}

/** Sends every transfer left `pending` (by a crash, or one in flight elsewhere: the same key makes that harmless), of one order or of all. */
export async function sendPendingTransfers(db: Database, provider: Pick<PayoutProvider, 'createTransfer'>, { orderId, log }: { orderId?: string; log?: Log } = {}): Promise<PayoutTransferRow[]> {
  const pending = await db
    .select({ id: payoutTransfers.id })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.status, 'pending'), orderId ? eq(payoutTransfers.orderId, orderId) : undefined));
  const results: PayoutTransferRow[] = [];
  for (const { id } of pending) results.push(await sendTransfer(db, provider, id, log));
  return results;
}

/**
 * Takes back at the provider the share of each refunded line whose teacher was already paid
 * for the order (key `reversal-<order>-<course>`), then writes its `reversal` entry
 * (paid→refunded). Lines refunded before the transfer were never in it (they have a
 * `refund-share` entry instead). A provider failure is logged and left for the next run.
 * Answers how many were reversed now.
 */
export async function reverseRefundedShares(db: Database, provider: Pick<PayoutProvider, 'reverseTransfer'>, { orderId, log }: { orderId?: string; log?: Log } = {}): Promise<number> {
  const keyOf = (prefix: string) => sql`${prefix}::text || order_items.order_id || ':' || order_items.course_id`;
  const hasEntry = (prefix: string) => sql`exists (select 1 from ledger_entries le where le.idempotency_key = ${keyOf(prefix)})`;
  const due = await db
    .select({
      orderId: orderItems.orderId,
      courseId: orderItems.courseId,
      teacherId: orderItems.sellerId,
      shareCents: orderItems.teacherShareCents,
      transferId: payoutTransfers.id,
      providerTransferId: payoutTransfers.providerTransferId,
    })
    .from(orderItems)
    .innerJoin(payoutTransfers, and(eq(payoutTransfers.orderId, orderItems.orderId), eq(payoutTransfers.teacherId, orderItems.sellerId), eq(payoutTransfers.status, 'sent')))
    .where(
      and(
        sql`${orderItems.refundedAt} is not null`,
        sql`${orderItems.teacherShareCents} > 0`,
        orderId ? eq(orderItems.orderId, orderId) : undefined,
        hasEntry('sale:'),
        sql`not ${hasEntry('refund-share:')}`,
        sql`not ${hasEntry('reversal:')}`,
      ),
    );
  let reversed = 0;
  for (const line of due) {
    try {
      if (!line.providerTransferId) throw new Error('the sent transfer has no provider id');
      await provider.reverseTransfer({ transferId: line.providerTransferId, amountCents: line.shareCents, idempotencyKey: providerKey.reversal(line.orderId, line.courseId) });
    } catch (error) {
      log?.warn({ err: error, orderId: line.orderId, courseId: line.courseId }, 'payout reversal failed: retried by the next transfer run');
      continue;
    }
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      await lockOrder(txDb, line.orderId);
      reversed += await writeEntries(txDb, [
        {
          idempotencyKey: ledgerKey.reversal(line.orderId, line.courseId),
          kind: 'reversal',
          teacherId: line.teacherId,
          orderId: line.orderId,
          courseId: line.courseId,
          transferId: line.transferId,
          fromBucket: 'paid',
          toBucket: 'refunded',
          amountCents: line.shareCents,
        },
      ]);
    });
  }
  return reversed;
}
