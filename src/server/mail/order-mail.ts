import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { courses, orderItems, orders, users } from '../db/schema';
import { enqueueMail, type MailWriter } from './outbox';
import { languageOrDefault } from '../../shared/languages';
import type { OrderLine } from './templates';

type OrderMailWriter = MailWriter & Pick<Database, 'select'>;

const owners = alias(users, 'owners');

/**
 * The e-mails an order's change sends, queued in the transaction that made the change: when
 * paid, the buyer's receipt and a "new sale" notice to each teacher whose courses it holds;
 * when refunded, the buyer's refund notice (the teachers' comes from `enqueueSaleRefundedMail`,
 * which a refund of some lines sends too). Each in its recipient's language.
 */
export async function enqueueOrderMail(tx: OrderMailWriter, orderId: string, event: 'paid' | 'refunded'): Promise<void> {
  const [order] = await tx
    .select({ id: orders.id, amountTotal: orders.amountTotal, couponCode: orders.couponCode, buyerId: users.id, buyerEmail: users.email, buyerLanguage: users.language })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return;
  const items = await tx
    .select({
      title: orderItems.title,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discountCents: orderItems.discountCents,
      ownerId: owners.id,
      ownerEmail: owners.email,
      ownerLanguage: owners.language,
    })
    .from(orderItems)
    .innerJoin(courses, eq(courses.id, orderItems.courseId))
    .innerJoin(owners, eq(owners.id, courses.ownerId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.title);
  // The order's coupon is named only on the lines it discounted.
  const lineOf = (item: (typeof items)[number]): OrderLine => ({
    title: item.title,
    priceCents: item.priceCents,
    listPriceCents: item.listPriceCents,
    discountCents: item.discountCents,
    couponCode: item.discountCents > 0 ? order.couponCode : null,
  });
  const lines = items.map(lineOf);

  const buyer = { to: order.buyerEmail, language: languageOrDefault(order.buyerLanguage) };
  if (event === 'refunded') {
    await enqueueMail(tx, { kind: 'refund', ...buyer, data: { orderId: order.id, amountTotal: order.amountTotal, items: lines } });
    return;
  }
  await enqueueMail(tx, { kind: 'receipt', ...buyer, data: { orderId: order.id, amountTotal: order.amountTotal, items: lines } });

  const sales = new Map<string, { email: string; language: string; items: OrderLine[] }>();
  for (const item of items) {
    const sale = sales.get(item.ownerId) ?? { email: item.ownerEmail, language: item.ownerLanguage, items: [] };
    sale.items.push(lineOf(item));
    sales.set(item.ownerId, sale);
  }
  for (const sale of sales.values()) {
    await enqueueMail(tx, { kind: 'new-sale', to: sale.email, language: languageOrDefault(sale.language), data: { orderId: order.id, items: sale.items } });
  }
}

/**
 * Tells each teacher whose courses a refund took back: one mail per teacher, listing their
 * lines refunded now (`courseIds`), in their language. Queued in the refund's transaction, so
 * it goes exactly when the refund holds.
 */
export async function enqueueSaleRefundedMail(tx: OrderMailWriter, orderId: string, courseIds: readonly number[]): Promise<void> {
  if (courseIds.length === 0) return;
  const items = await tx
    .select({
      title: orderItems.title,
      priceCents: orderItems.priceCents,
      listPriceCents: orderItems.listPriceCents,
      discountCents: orderItems.discountCents,
      couponCode: orders.couponCode,
      ownerId: owners.id,
      ownerEmail: owners.email,
      ownerLanguage: owners.language,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(courses, eq(courses.id, orderItems.courseId))
    .innerJoin(owners, eq(owners.id, courses.ownerId))
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.courseId, [...courseIds])))
    .orderBy(orderItems.title);
  const byTeacher = new Map<string, { email: string; language: string; items: OrderLine[] }>();
  for (const item of items) {
    const teacher = byTeacher.get(item.ownerId) ?? { email: item.ownerEmail, language: item.ownerLanguage, items: [] };
    teacher.items.push({
      title: item.title,
      priceCents: item.priceCents,
      listPriceCents: item.listPriceCents,
      discountCents: item.discountCents,
      couponCode: item.discountCents > 0 ? item.couponCode : null,
    });
    byTeacher.set(item.ownerId, teacher);
  }
  for (const teacher of byTeacher.values()) {
    await enqueueMail(tx, { kind: 'sale-refunded', to: teacher.email, language: languageOrDefault(teacher.language), data: { orderId, items: teacher.items } });
  }
}
