import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerEntries, orderItems, orders, payoutTransfers } from '../../db/schema';

/**
 * The one owner of the money ledger's rules (issue 27): which entries an event writes, under
 * which idempotency key, and from which bucket to which. Orders call it as a sale is fulfilled or
 * a line refunded; the payouts feature as holds end and transfers land. Every writer holds the
 * order's row lock (`lockOrder`) first, so a refund and a transfer of one order take turns.
 *
 * Buckets per teacher: a sale moves the price buyer→pending and its fee pending→platform; the
 * hold's end moves the share pending→available; a transfer available→paid; a refund before the
 * transfer moves the share (from pending or available) and the fee to `refunded`; one after it
 * reverses the share paid→refunded. Entries of 0 cents are not written (the table refuses them).
 */

export const ledgerKey = {
  sale: (orderId: string, courseId: number) => `sale:${orderId}:${courseId}`,
  fee: (orderId: string, courseId: number) => `fee:${orderId}:${courseId}`,
  release: (orderId: string, courseId: number) => `release:${orderId}:${courseId}`,
  transfer: (transferId: string) => `transfer:${transferId}`,
  refundShare: (orderId: string, courseId: number) => `refund-share:${orderId}:${courseId}`,
  refundFee: (orderId: string, courseId: number) => `refund-fee:${orderId}:${courseId}`,
  reversal: (orderId: string, courseId: number) => `reversal:${orderId}:${courseId}`,
};

/** The provider's idempotency keys (they name the same events at the provider). */
export const providerKey = {
  transfer: (transferId: string) => `transfer-${transferId}`,
  reversal: (orderId: string, courseId: number) => `reversal-${orderId}-${courseId}`,
  refund: (orderId: string, courseIds: readonly number[]) => `refund-${orderId}-${[...courseIds].sort((a, b) => a - b).join('-')}`,
};

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Writes entries, skipping those of 0 cents and those already written (same key). */
export async function writeEntries(db: Database, entries: NewLedgerEntry[]): Promise<number> {
  const rows = entries.filter((entry) => entry.amountCents > 0);
  if (rows.length === 0) return 0;
  const written = await db.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.idempotencyKey }).returning({ id: ledgerEntries.id });
  return written.length;
}

/** Takes the order's row lock until the transaction ends: every ledger writer of an order does so first. */
export async function lockOrder(tx: Database, orderId: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

/** The idempotency keys already written for an order. */
export async function keysOfOrder(db: Database, orderId: string): Promise<Set<string>> {
  const rows = await db.select({ key: ledgerEntries.idempotencyKey }).from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  return new Set(rows.map((row) => row.key));
}

/**
 * The sale of each of the order's lines and its fee, as the order is fulfilled. Call it inside
 * the fulfilling transaction; a second call writes nothing.
 */
export async function recordOrderSale(db: Database, orderId: string): Promise<void> {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  await writeEntries(
    db,
    lines.flatMap((line) => [
      {
        idempotencyKey: ledgerKey.sale(orderId, line.courseId),
        kind: 'sale' as const,
        teacherId: line.sellerId,
        orderId,
        courseId: line.courseId,
        fromBucket: 'buyer' as const,
        toBucket: 'pending' as const,
        amountCents: line.priceCents,
      },
      {
        idempotencyKey: ledgerKey.fee(orderId, line.courseId),
        kind: 'fee' as const,
        teacherId: line.sellerId,
        orderId,
        courseId: line.courseId,
        fromBucket: 'pending' as const,
        toBucket: 'platform' as const,
        amountCents: line.feeCents,
      },
    ]),
  );
}

/** The balance of one bucket for one teacher's part of one order: in minus out. */
export async function orderBucketBalance(db: Database, orderId: string, teacherId: string, bucket: 'pending' | 'available' | 'paid'): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(case when ${ledgerEntries.toBucket} = ${bucket} then ${ledgerEntries.amountCents} when ${ledgerEntries.fromBucket} = ${bucket} then -${ledgerEntries.amountCents} else 0 end), 0)::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.teacherId, teacherId)));
  return Number(row?.balance ?? 0);
}

/**
 * Marks lines refunded (all the order's unrefunded lines when `courseIds` is null) and writes
 * what a refund writes now (`settleRefundedLines`). Run it in the transaction of the refund,
 * holding the order's lock. Answers the lines marked now.
 */
export async function markLinesRefunded(tx: Database, orderId: string, courseIds: readonly number[] | null, now: Date = new Date()): Promise<number[]> {
  const changed = await tx
    .update(orderItems)
    .set({ refundedAt: now })
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.refundedAt), courseIds ? inArray(orderItems.courseId, [...courseIds]) : undefined))
    .returning({ courseId: orderItems.courseId });
  await settleRefundedLines(tx, orderId);
  return changed.map((row) => row.courseId).sort((a, b) => a - b);
}

/**
 * For each refunded line of the order whose sale the ledger holds: the fee goes back
 * (`refund-fee`); the share goes back from pending or available (`refund-share`) unless the
 * teacher's transfer of this order has it: a sent transfer is reversed at the provider first
 * (`reverseRefundedShares`), and a pending one is waited for. A failed transfer no longer
 * carries the refunded shares: its amount follows what is still available (the row goes when
 * nothing is). Idempotent; call it holding the order's lock.
 */
export async function settleRefundedLines(tx: Database, orderId: string): Promise<void> {
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.refundedAt} is not null`));
  if (lines.length === 0) return;
  const keys = await keysOfOrder(tx, orderId);
  const transfers = await tx.select().from(payoutTransfers).where(eq(payoutTransfers.orderId, orderId));
  const transferOf = (teacherId: string) => transfers.find((transfer) => transfer.teacherId === teacherId);
  const entries: NewLedgerEntry[] = [];
  const failedTouched = new Set<string>();
  for (const line of lines) {
    if (!keys.has(ledgerKey.sale(orderId, line.courseId))) continue;
    const base = { teacherId: line.sellerId, orderId, courseId: line.courseId, kind: 'refund' as const, toBucket: 'refunded' as const };
    entries.push({ ...base, idempotencyKey: ledgerKey.refundFee(orderId, line.courseId), fromBucket: 'platform', amountCents: line.feeCents });
    if (keys.has(ledgerKey.refundShare(orderId, line.courseId)) || keys.has(ledgerKey.reversal(orderId, line.courseId))) continue;
    const transfer = transferOf(line.sellerId);
    if (transfer?.status === 'sent' || transfer?.status === 'pending') continue;
    if (transfer?.status === 'failed') failedTouched.add(transfer.id);
    const released = keys.has(ledgerKey.release(orderId, line.courseId));
    entries.push({ ...base, idempotencyKey: ledgerKey.refundShare(orderId, line.courseId), fromBucket: released ? 'available' : 'pending', amountCents: line.teacherShareCents });
  }
  await writeEntries(tx, entries);
  for (const transfer of transfers.filter((row) => failedTouched.has(row.id))) {
    const available = await orderBucketBalance(tx, orderId, transfer.teacherId, 'available');
    if (available > 0) await tx.update(payoutTransfers).set({ amountCents: available }).where(eq(payoutTransfers.id, transfer.id));
    else await tx.delete(payoutTransfers).where(and(eq(payoutTransfers.id, transfer.id), eq(payoutTransfers.status, 'failed')));
  }
}
