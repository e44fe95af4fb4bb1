import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AdminOrder, Page } from '../../../shared/schemas/admin';
import { adminPageSize } from '../../../shared/schemas/admin';
import type { PaymentStatus } from '../../../shared/limits';
import type { Database } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../../audit';
import { iso, offsetOf, pageOf } from '../../db/paging';
import type { PaymentProvider } from '../../payments/provider';
import { revokeOrder } from './fulfilment';

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
};

type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'createdAt' | 'paidAt' | 'amountTotal' | 'currency' | 'paymentStatus'> & {
  userId: string;
  userName: string;
  userEmail: string;
};

async function withItems(db: Database, rows: OrderRow[]): Promise<AdminOrder[]> {
  const ids = rows.map((row) => row.id);
  const items = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, courseId: orderItems.courseId, title: orderItems.title, priceCents: orderItems.priceCents, refundedAt: orderItems.refundedAt })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.title))
    : [];
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    items: items.filter((item) => item.orderId === row.id).map(({ courseId, title, priceCents, refundedAt }) => ({ courseId, title, priceCents, refundedAt: iso(refundedAt) })),
    amountTotal: row.amountTotal,
    currency: row.currency,
    paymentStatus: row.paymentStatus,
  }));
}

/** All orders, newest first, optionally of one payment status. */
export async function listOrders(db: Database, { status, page }: { status?: PaymentStatus; page: number }): Promise<Page<AdminOrder>> {
  const where = status ? eq(orders.paymentStatus, status) : undefined;
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

/**
 * Refunds a paid order through its payment provider, then, in one transaction, revokes it
 * (`revokeOrder`: refunded, its courses and the buyer's reviews of them taken back) and
 * writes the audit row.
 *
 * The provider is called outside the transaction: a transaction must not stay open during a
 * network call (the embedded database has one connection). Two admins refunding at once both
 * reach the provider, which refunds a payment once (its refund is idempotent per payment);
 * then only the first of them finds the order still paid, and the second gets 409.
 */
export async function refundOrder(db: Database, actorId: string, id: string, provider: RefundProvider): Promise<AdminOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  if (order.paymentStatus !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE', 'Only a paid order can be refunded');
  await provider.refund(order);
  await db.transaction(async (tx) => {
    const revoked = await revokeOrder(tx as unknown as Database, id);
    if (!revoked.revoked) throw new AppError('ORDER_NOT_REFUNDABLE', 'The order was refunded meanwhile');
    await recordAudit(tx, {
      actorId,
      action: 'order.refund',
      targetType: 'order',
      targetId: id,
      before: { paymentStatus: 'paid', amountTotal: order.amountTotal },
      after: { paymentStatus: 'refunded', revokedCourseIds: [...revoked.courseIds].sort((a, b) => a - b) },
    });
  });
  return getOrder(db, id);
}
