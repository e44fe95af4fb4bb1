import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { AdminOrder, AdminOrdersQuery, Page } from '../../../shared/schemas/admin';
import { orderIdRange } from '../../../shared/order-number';
import { adminPageSize } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../../audit';
import { iso, offsetOf, pageOf } from '../../db/paging';
import { revokeOrderCourses } from './enrollments';
import { issueCreditNote } from '../invoices';
import { saleLineState, shownOrderStatus } from './sale-lines';
import { lockOrder, markLinesRefunded, providerKey, reverseRefundedShares, sendPendingTransfers, settleRefundedLines } from '../payouts';
import type { PaymentProvider, PayoutProvider } from '../../payments/provider';
import { revokeOrder } from './fulfilment';
import { enqueueSaleRefundedMail } from '../../mail/order-mail';

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  amountTotal: orders.amountTotal,
  currency: orders.currency,
  paymentStatus: orders.paymentStatus,
  couponCode: orders.couponCode,
};

type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'createdAt' | 'paidAt' | 'amountTotal' | 'currency' | 'paymentStatus' | 'couponCode'> & {
  userId: string;
  userName: string;
  userEmail: string;
};

async function withItems(db: Database, rows: OrderRow[]): Promise<AdminOrder[]> {
  const ids = rows.map((row) => row.id);
  const items = ids.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          courseId: orderItems.courseId,
          title: orderItems.title,
          priceCents: orderItems.priceCents,
          listPriceCents: orderItems.listPriceCents,
          discountCents: orderItems.discountCents,
          referred: orderItems.referred,
          refundedAt: orderItems.refundedAt,
          state: saleLineState,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.title))
    : [];
  return rows.map((row) => {
    const own = items.filter((item) => item.orderId === row.id);
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
      user: { id: row.userId, name: row.userName, email: row.userEmail },
      couponCode: row.couponCode,
      items: own.map(({ orderId: _orderId, refundedAt, state: _state, ...item }) => ({ ...item, refundedAt: iso(refundedAt) })),
      amountTotal: row.amountTotal,
      currency: row.currency,
      paymentStatus: row.paymentStatus,
      status: shownOrderStatus(
        row.paymentStatus,
        own.map((item) => item.state),
      ),
    };
  });
}

/** A checkout never paid: expired, or unpaid past its expiry (before the sweep marks it). */
const abandoned = (now: Date) => or(eq(orders.paymentStatus, 'expired'), and(eq(orders.paymentStatus, 'unpaid'), lt(orders.expiresAt, now)));

/**
 * Orders, newest first: of one payment status, the abandoned checkouts, or (by default) all
 * but those; optionally those whose number (as receipts print it) starts with `number`, a
 * range of the primary key.
 */
export async function listOrders(db: Database, { status, page, number }: Omit<AdminOrdersQuery, 'page'> & { page: number }): Promise<Page<AdminOrder>> {
  const now = new Date();
  const conditions: (SQL | undefined)[] = [
    status === 'abandoned'
      ? abandoned(now)
      : status
        ? eq(orders.paymentStatus, status)
        : and(ne(orders.paymentStatus, 'expired'), or(ne(orders.paymentStatus, 'unpaid'), gte(orders.expiresAt, now))),
  ];
  if (number) {
    const range = orderIdRange(number);
    conditions.push(gte(orders.id, range.from), lte(orders.id, range.to));
  }
  const where = and(...conditions);
  const [totals] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(adminPageSize)
    .offset(offsetOf(page));
  return pageOf(await withItems(db, rows), totals?.total ?? 0, page);
}

export async function getOrder(db: Database, id: string): Promise<AdminOrder> {
  const rows = await db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id));
  const [order] = await withItems(db, rows);
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  return order;
}

/** What the refund needs from the payment provider (`app.payments`). */
export type RefundProvider = Pick<PaymentProvider, 'refund'>;

export type RefundOptions = {
  /** The lines to refund, by course; all the lines not yet refunded when absent. */
  courseIds?: readonly number[];
  /** The provider's payouts side: transfers in flight are finished first, and teachers already paid are reversed. */
  payouts?: Pick<PayoutProvider, 'createTransfer' | 'reverseTransfer'> | null;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/**
 * Refunds some lines of a paid order, or all of them, through its payment provider (for the
 * lines' prices, with the key `refund-<order>-<courses>`, so a retry never refunds twice; the
 * last lines take what is left of the payment); then, in one transaction under the order's
 * lock, marks the lines refunded, takes back only their courses, writes the ledger's refund
 * entries, the refund's credit note and the audit row. When no line is left the order becomes `refunded` as a whole
 * (`revokeOrder`: the buyer's mail too).
 *
 * Provider calls stay outside transactions (the embedded database has one connection). A
 * teacher's transfer of this order in flight is finished first, so the refund knows whether the
 * teacher was paid; one paid is reversed at the provider after the refund (key
 * `reversal-<order>-<course>`). Two admins refunding at once both reach the provider with the
 * same key; only the first finds the lines unrefunded, and the second gets 409.
 */
export async function refundOrder(db: Database, actorId: string, id: string, provider: RefundProvider, options: RefundOptions = {}): Promise<AdminOrder> {
  const { payouts, log } = options;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  if (order.paymentStatus !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE', 'Only a paid order can be refunded');
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
  const requested = options.courseIds ? [...new Set(options.courseIds)].sort((a, b) => a - b) : lines.filter((line) => !line.refundedAt).map((line) => line.courseId);
  for (const courseId of requested) {
    const line = lines.find((candidate) => candidate.courseId === courseId);
    if (!line) throw new AppError('ORDER_LINE_NOT_FOUND', `Course ${courseId} is not in the order`);
    if (line.refundedAt) throw new AppError('ORDER_LINE_ALREADY_REFUNDED', `Course ${courseId} was already refunded`);
  }
  if (requested.length === 0) throw new AppError('ORDER_NOT_REFUNDABLE', 'Every line of the order was refunded');
  const priceOf = (subset: typeof lines) => subset.reduce((total, line) => total + line.priceCents, 0);
  const completes = lines.every((line) => line.refundedAt || requested.includes(line.courseId));
  // The last lines take what is left of the payment (any tax with them); the others their prices.
  const amountCents = completes
    ? order.amountTotal - priceOf(lines.filter((line) => line.refundedAt))
    : priceOf(lines.filter((line) => requested.includes(line.courseId)));

  if (payouts) await sendPendingTransfers(db, payouts, { orderId: id, log });
  if (amountCents > 0) await provider.refund(order, { amountCents, idempotencyKey: providerKey.refund(id, requested) });

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockOrder(txDb, id);
    const [current] = await tx.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, id));
    if (current?.paymentStatus !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE', 'The order was refunded meanwhile');
    const refunded = await markLinesRefunded(txDb, id, requested);
    if (refunded.length !== requested.length) throw new AppError('ORDER_LINE_ALREADY_REFUNDED', 'The lines were refunded meanwhile');
    await enqueueSaleRefundedMail(txDb, id, refunded);
    const [left] = await tx
      .select({ count: count() })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, id), isNull(orderItems.refundedAt)));
    const whole = (left?.count ?? 0) === 0;
    const revokedCourseIds = whole
      ? (await revokeOrder(txDb, id)).courseIds
      : await revokeOrderCourses(txDb, { userId: order.userId, orderId: id, courseIds: refunded });
    // Every refund gets its credit note; the whole order's last lines get theirs from `revokeOrder`.
    if (!whole) await issueCreditNote(txDb, { orderId: id, courseIds: refunded, refundKey: `refund:${id}:${[...refunded].sort((a, b) => a - b).join('-')}` });
    await recordAudit(tx, {
      actorId,
      action: 'order.refund',
      targetType: 'order',
      targetId: id,
      before: { paymentStatus: 'paid', amountTotal: order.amountTotal },
      after: { paymentStatus: whole ? 'refunded' : 'paid', refundedCourseIds: refunded, refundedCents: amountCents, revokedCourseIds: [...revokedCourseIds].sort((a, b) => a - b) },
    });
  });

  if (payouts) {
    // A transfer that started meanwhile is finished; then the shares its teacher no longer earns are settled or reversed.
    await sendPendingTransfers(db, payouts, { orderId: id, log });
    await db.transaction(async (tx) => {
      await lockOrder(tx as unknown as Database, id);
      await settleRefundedLines(tx as unknown as Database, id);
    });
    await reverseRefundedShares(db, payouts, { orderId: id, log });
  }
  return getOrder(db, id);
}
