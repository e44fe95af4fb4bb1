import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartCoupons, orderItems, orders } from '../../db/schema';
import { grantCourses, revokeOrderCourses } from '../../domain/enrollments';
import { issueCreditNote, issueInvoice } from '../../domain/invoices';
import { markLinesRefunded, recordOrderSale } from '../../domain/ledger';
import type { BackgroundJob } from '../../jobs';
import { enqueueOrderMail, enqueueSaleRefundedMail } from '../../mail/order-mail';

/**
 * Statuses from which a confirmed payment still grants the order (the payment is the truth).
 * That holds for an order priced with a coupon too: a payment that arrives after its checkout
 * expired is honoured at the price it was charged, even if the coupon's last use went to
 * another checkout meanwhile (the coupon then counts one use more than its cap).
 */
const PAYABLE = ['unpaid', 'expired', 'failed'] as const;

export type FulfilResult = {
  /** True only for the one call that moved the order to paid; every other call changes nothing. */
  fulfilled: boolean;
  courseIds: number[];
};

/**
 * Grants an order's courses, marks it paid and takes its courses out of the buyer's cart,
 * exactly once. The conditional UPDATE is the gate: under duplicate, replayed or
 * concurrent calls, PostgreSQL lets one transaction change the row; the others wait on
 * its row lock, then see `paid` and change nothing.
 *
 * Call it only with a payment confirmed by the provider (a verified webhook event, or
 * the provider asked by the server). `db` may be a transaction.
 */
export async function fulfilOrder(db: Database, orderId: string, payment: { providerPaymentId?: string | null } = {}): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        paidAt: sql`now()`,
        providerPaymentId: sql`coalesce(${orders.providerPaymentId}, ${payment.providerPaymentId ?? null})`,
      })
      .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...PAYABLE])))
      .returning({ id: orders.id, userId: orders.userId, couponCode: orders.couponCode });
    if (!order) return { fulfilled: false, courseIds: [] };
    // The coupon is spent: it leaves the buyer's cart with the courses it paid for.
    if (order.couponCode !== null) {
      await tx.delete(cartCoupons).where(and(eq(cartCoupons.userId, order.userId), sql`upper(${cartCoupons.code}) = upper(${order.couponCode})`));
    }

    const items = await tx.select({ courseId: orderItems.courseId }).from(orderItems).where(eq(orderItems.orderId, order.id));
    const courseIds = items.map((item) => item.courseId);
    // A course the buyer already had (bought twice, or enrolled free) keeps its first enrolment.
    await grantCourses(tx as unknown as Database, { userId: order.userId, courseIds, orderId: order.id });
    // The ledger's sale and fee of each line commit with the payment (the UPDATE above holds the order's lock).
    await recordOrderSale(tx as unknown as Database, order.id);
    // The receipt and the teachers' notices commit with the payment, or not at all.
    await enqueueOrderMail(tx, order.id, 'paid');
    // Last: its number's series row stays locked until this transaction commits.
    await issueInvoice(tx as unknown as Database, order.id);
    return { fulfilled: true, courseIds };
  });
}

/** An unpaid order whose checkout ended unpaid (the provider's `expired` event). Paid orders stay paid. */
export async function expireOrder(db: Database, orderId: string): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'expired' })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/** A checkout whose payment failed (an async method that did not go through). */
export async function failOrder(db: Database, orderId: string): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'failed' })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id });
  return changed.length > 0;
}

/** How often unpaid orders past their expiry are marked expired. */
export const ORDER_EXPIRY_INTERVAL_MS = 60_000;

/** The sweep: every unpaid order past its expiry becomes `expired`. Answers how many. */
export async function expireStaleOrders(db: Database, now = new Date()): Promise<number> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'expired' })
    .where(and(eq(orders.paymentStatus, 'unpaid'), lt(orders.expiresAt, now)))
    .returning({ id: orders.id });
  return changed.length;
}

export const orderExpiryJob = (db: Database): BackgroundJob => ({
  name: 'order expiry sweep',
  intervalMs: ORDER_EXPIRY_INTERVAL_MS,
  run: async () => {
    await expireStaleOrders(db);
  },
});

/**
 * After a refund went through at the provider: marks the order refunded, removes the
 * enrolments it granted (which ends the buyer's video links at once) and the buyer's reviews
 * of those courses (they stop counting in the rating), exactly once. `db` may be a transaction.
 */
export async function revokeOrder(db: Database, orderId: string): Promise<{ revoked: boolean; courseIds: number[] }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: 'refunded' })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')))
      .returning({ id: orders.id, userId: orders.userId });
    if (!order) return { revoked: false, courseIds: [] };
    // Every line still unrefunded is refunded now: the ledger gives back its fee and share (a share
    // already transferred is reversed at the provider by the payouts, `reverseRefundedShares`).
    const refundedNow = await markLinesRefunded(tx as unknown as Database, order.id, null);
    const courseIds = await revokeOrderCourses(tx as unknown as Database, { userId: order.userId, orderId: order.id });
    await enqueueOrderMail(tx, order.id, 'refunded');
    // The teachers hear of the lines refunded now (an admin's refund marked its lines before, and told them).
    await enqueueSaleRefundedMail(tx, order.id, refundedNow);
    await issueCreditNote(tx as unknown as Database, { orderId: order.id, courseIds: 'all', refundKey: `refund:${order.id}:all` });
    return { revoked: true, courseIds };
  });
}
