import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordAudit } from '../../audit';
import { cartCoupons, coupons, orderItems, orders } from '../../db/schema';
import { couponStanding } from '../coupons';
import { grantCourses, revokeOrderCourses } from './enrollments';
import { issueCreditNote, issueInvoice } from '../invoices';
import { markLinesRefunded, recordOrderSale } from '../payouts';
import type { BackgroundJob } from '../../jobs';
import { enqueueOrderMail, enqueueSaleRefundedMail } from '../../mail/order-mail';
import { enqueueSessionExpiry } from './abandoned-checkouts';

/**
 * Statuses from which a confirmed payment still grants the order (the payment is the truth).
 * That holds for an order priced with a coupon too: a payment that arrives after its checkout
 * was abandoned is honoured at the price it was charged. Its coupon use counts only within the
 * coupon's caps (see `couponUseOverCap`): past them the order keeps its discounted prices but no
 * longer carries the coupon, so a coupon's uses never pass its caps.
 */
const PAYABLE = ['unpaid', 'expired', 'failed'] as const;

/**
 * Whether paying this order now would take its coupon past a cap: its total uses, or its uses by
 * this buyer. Uses are the paid and refunded orders carrying it (this order is not one yet). An
 * order whose checkout is still open held its use since checkout, so only other buyers' paid
 * orders count against it; an abandoned one (expired, failed, or past its time) gave its hold
 * back, so other buyers' open checkouts, which hold uses, count too. Run with the coupon locked.
 */
async function couponUseOverCap(tx: Database, order: { couponId: number; userId: string; paymentStatus: string; expiresAt: Date }): Promise<boolean> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, order.couponId));
  if (!coupon) return false;
  const standing = await couponStanding(tx, coupon, order.userId);
  const holding = order.paymentStatus === 'unpaid' && order.expiresAt.getTime() > Date.now();
  const taken = standing.used + (holding ? 0 : standing.heldByOthers);
  return (coupon.maxUses !== null && taken >= coupon.maxUses) || standing.usedByBuyer >= coupon.maxUsesPerBuyer;
}

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
    const [current] = await tx
      .select({ couponId: orders.couponId, couponCode: orders.couponCode, userId: orders.userId, paymentStatus: orders.paymentStatus, expiresAt: orders.expiresAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!current || !(PAYABLE as readonly string[]).includes(current.paymentStatus)) return { fulfilled: false, courseIds: [] };
    // The coupon's row is locked before the order's, in the order a checkout takes them
    // (`claimCoupon`), so payments and checkouts with one coupon count its uses one at a time.
    if (current.couponId !== null) await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, current.couponId)).for('update');
    const overCap = current.couponId !== null && (await couponUseOverCap(tx as unknown as Database, { ...current, couponId: current.couponId }));
    const [order] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        paidAt: sql`now()`,
        providerPaymentId: sql`coalesce(${orders.providerPaymentId}, ${payment.providerPaymentId ?? null})`,
        // Past the coupon's cap the price stays as charged (the lines keep their discount) but the
        // order stops carrying the coupon: it is not one of its uses. The audit log keeps which.
        ...(overCap ? { couponId: null, couponCode: null } : {}),
      })
      .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...PAYABLE])))
      .returning({ id: orders.id, userId: orders.userId });
    if (!order) return { fulfilled: false, courseIds: [] };
    if (overCap) {
      await recordAudit(tx as unknown as Database, {
        actorId: null,
        action: 'coupon.overCap',
        targetType: 'coupon',
        targetId: current.couponId!,
        after: { orderId: order.id, code: current.couponCode, buyerId: order.userId },
      });
    }
    // The coupon is spent: it leaves the buyer's cart with the courses it paid for.
    if (current.couponCode !== null) {
      await tx.delete(cartCoupons).where(and(eq(cartCoupons.userId, order.userId), sql`upper(${cartCoupons.code}) = upper(${current.couponCode})`));
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

/**
 * The sweep: every unpaid order past its expiry becomes `expired`, and its provider session is
 * expired there too (a job committed with the mark; the provider may answer that the buyer paid,
 * and the order is then settled as paid, see checkout-expiry-job.ts). Answers how many.
 */
export async function expireStaleOrders(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({ paymentStatus: 'expired' })
      .where(and(eq(orders.paymentStatus, 'unpaid'), lt(orders.expiresAt, now)))
      .returning({ id: orders.id, providerSessionId: orders.providerSessionId });
    await enqueueSessionExpiry(
      tx as unknown as Database,
      changed.filter((order) => order.providerSessionId !== null).map((order) => order.id),
    );
    return changed.length;
  });
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
