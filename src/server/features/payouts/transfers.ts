import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerEntries, orderItems, orders, payoutTransfers } from '../../db/schema';
import { ledgerKey, lockOrder, orderBucketBalance, settleRefundedLines, writeEntries } from './ledger-entries';
import { reverseRefundedShares, sendPendingTransfers, sendTransfer, type PayoutTransferRow } from './payout-transfers';
import { saleLineState } from '../orders';
import type { BackgroundJob } from '../../jobs';
import type { PayoutProvider } from '../../payments/provider';

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

const DAY_MS = 86_400_000;

/** Is there a ledger entry named `<prefix><order>:<course>` for the line in `order_items`? */
const lineHas = (prefix: string) =>
  sql`exists (select 1 from ${ledgerEntries} le where le.idempotency_key = ${prefix}::text || order_items.order_id || ':' || order_items.course_id)`;

/** Lines whose hold has passed and whose share still waits in `pending` (`order_items` joined to `orders`). */
const releasable = (paidBefore: Date) =>
  and(
    sql`${orders.paidAt} <= ${paidBefore.toISOString()}::timestamptz`,
    // A line still standing, as every page counts it (`features/orders/sale-lines.ts`).
    sql`${saleLineState} = 'paid'`,
    sql`${orderItems.teacherShareCents} > 0`,
    lineHas('sale:'),
    sql`not ${lineHas('release:')}`,
    sql`not ${lineHas('refund-share:')}`,
  );

/**
 * Ends the hold of every line paid at least `holdDays` before `now` and not refunded: its share
 * moves pending→available (`release:<order>:<course>`). One transaction per order, under its
 * lock, so a refund of the same line either comes first (and the line is not released) or after.
 * Answers how many lines were released.
 */
export async function releaseHeldShares(db: Database, { now, holdDays }: { now: Date; holdDays: number }): Promise<number> {
  const paidBefore = new Date(now.getTime() - holdDays * DAY_MS);
  const due = await db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(releasable(paidBefore));
  let released = 0;
  for (const { orderId } of due) {
    released += await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      await lockOrder(txDb, orderId);
      const lines = await tx
        .select({ courseId: orderItems.courseId, sellerId: orderItems.sellerId, shareCents: orderItems.teacherShareCents })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.orderId, orderId), releasable(paidBefore)));
      return writeEntries(
        txDb,
        lines.map((line) => ({
          idempotencyKey: ledgerKey.release(orderId, line.courseId),
          kind: 'hold_released' as const,
          teacherId: line.sellerId,
          orderId,
          courseId: line.courseId,
          fromBucket: 'pending' as const,
          toBucket: 'available' as const,
          amountCents: line.shareCents,
        })),
      );
    });
  }
  return released;
}

/**
 * Finishes the ledger side of refunds left waiting: lines refunded while their teacher's
 * transfer was in flight (now sent or failed), or refunded at the provider's dashboard.
 */
export async function settleWaitingRefunds(db: Database): Promise<void> {
  const waiting = await db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(
      and(
        sql`${orderItems.refundedAt} is not null`,
        lineHas('sale:'),
        sql`((${orderItems.feeCents} > 0 and not ${lineHas('refund-fee:')}) or (${orderItems.teacherShareCents} > 0 and not ${lineHas('refund-share:')} and not ${lineHas('reversal:')}
          and not exists (select 1 from ${payoutTransfers} t where t.order_id = order_items.order_id and t.teacher_id = order_items.seller_id and t.status in ('sent', 'pending'))))`,
      ),
    );
  for (const { orderId } of waiting) {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      await lockOrder(txDb, orderId);
      await settleRefundedLines(txDb, orderId);
    });
  }
}

/**
 * For each order and teacher with an available share and an `enabled` payout account and no
 * transfer yet: writes the transfer `pending` (its amount the teacher's available share of the
 * order, read under the order's lock), then sends it (`sendTransfer`). Answers the rows as sent
 * or failed.
 */
export async function createDueTransfers(db: Database, provider: Pick<PayoutProvider, 'createTransfer'>, log?: Log): Promise<PayoutTransferRow[]> {
  const due = await db.execute<{ order_id: string; teacher_id: string; currency: string }>(sql`
    select le.order_id, le.teacher_id, o.currency
    from ledger_entries le
    join orders o on o.id = le.order_id
    join payout_accounts pa on pa.user_id = le.teacher_id and pa.state = 'enabled'
    where le.order_id is not null
      and not exists (select 1 from payout_transfers t where t.order_id = le.order_id and t.teacher_id = le.teacher_id)
    group by le.order_id, le.teacher_id, o.currency
    having sum(case when le.to_bucket = 'available' then le.amount_cents when le.from_bucket = 'available' then -le.amount_cents else 0 end) > 0
    order by le.order_id, le.teacher_id`);
  const results: PayoutTransferRow[] = [];
  for (const { order_id: orderId, teacher_id: teacherId, currency } of due.rows) {
    const created = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      await lockOrder(txDb, orderId);
      const amountCents = await orderBucketBalance(txDb, orderId, teacherId, 'available');
      if (amountCents <= 0) return null;
      const [row] = await tx.insert(payoutTransfers).values({ orderId, teacherId, amountCents, currency }).onConflictDoNothing().returning({ id: payoutTransfers.id });
      return row?.id ?? null;
    });
    if (created) results.push(await sendTransfer(db, provider, created, log));
  }
  return results;
}

export type PayoutRunOptions = { now: Date; holdDays: number; log?: Log };

/**
 * One run of the transfer job: transfers left `pending` by a crash are sent first (same key);
 * then holds that passed are released, refunds left waiting are settled, shares of refunded
 * lines already transferred are reversed, and the available shares are transferred.
 */
export async function runPayouts(db: Database, provider: PayoutProvider, { now, holdDays, log }: PayoutRunOptions): Promise<{ released: number; transfers: PayoutTransferRow[] }> {
  await sendPendingTransfers(db, provider, { log });
  const released = await releaseHeldShares(db, { now, holdDays });
  await settleWaitingRefunds(db);
  await reverseRefundedShares(db, provider, { log });
  const transfers = await createDueTransfers(db, provider, log);
  return { released, transfers };
}

/** How often the transfer job runs. */
export const PAYOUT_TRANSFER_INTERVAL_MS = 15 * 60_000;

export const payoutTransferJob = (db: Database, provider: PayoutProvider, options: { holdDays: number; log: Log }): BackgroundJob => ({
  name: 'payout transfers',
  intervalMs: PAYOUT_TRANSFER_INTERVAL_MS,
  // A server that was down when holds ended, or stopped between a transfer and its record, catches up as it starts.
  runAtStart: true,
  run: () => runPayouts(db, provider, { now: new Date(), holdDays: options.holdDays, log: options.log }),
});
