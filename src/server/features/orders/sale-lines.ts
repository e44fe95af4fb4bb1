import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { OrderStatus, PaymentStatus } from '../../../shared/limits';
import { orderItems, orders } from '../../db/schema';

/**
 * The one definition of a sold line (issue "one truth for every sale"): which order lines are
 * sales, whether each still stands or was given back, and what it contributes in cents. Every
 * figure of money or sales reads it (a teacher's sales and the courses they created, earnings,
 * the admin's dashboard, coupons and referral links, the order's shown status), so a refund of
 * one line moves all of them together and no two pages can disagree about it.
 *
 * A line is sold once its order was paid (an order refunded as a whole was paid first). Its
 * state is `refunded` when its payment was given back: the line's own refund (`refunded_at`),
 * or its whole order's (`payment_status = 'refunded'`, which also covers rows written before
 * lines carried their own mark); otherwise `paid`. Amounts, all integer cents:
 * - `grossCents`: the list price; `discountCents`: what a coupon took off it;
 * - `priceCents`: what the buyer paid for it (gross less discount), split into `feeCents`
 *   (the platform's) and `shareCents` (the teacher's), as recorded at the sale;
 * - `refundedCents`: what went back to the buyer (the price when refunded, else 0).
 * What a line still earns is `priceCents - refundedCents`, which is 0 for a refunded one.
 */

export const saleLineStates = ['paid', 'refunded'] as const;
export type SaleLineState = (typeof saleLineStates)[number];

/** The line's state, where `order_items` is joined to its `orders` row. */
export const saleLineState = sql<SaleLineState>`(case when ${orderItems.refundedAt} is not null or ${orders.paymentStatus} = 'refunded' then 'refunded' else 'paid' end)`;

/** An order that sold something: paid, or paid and refunded later. */
export const soldOrder = sql`${orders.paymentStatus} in ('paid', 'refunded')`;

const builder = new QueryBuilder();

/**
 * Every sold line with its state and amounts. Its columns: `order_id`, `course_id`,
 * `seller_id`, `buyer_id`, `coupon_id`, `coupon_code`, `title`, `referred`, `fee_basis_points`,
 * `sold_at` (when the order was paid; the order's creation for old rows without it), `state`,
 * `gross_cents`, `discount_cents`, `price_cents`, `fee_cents`, `share_cents`, `refunded_cents`.
 * Join it from the query builder as `saleLines` (`saleLines.state`, …) or write
 * `with sale_lines as (${saleLinesQuery})` in SQL; it has no parameters, so it prepares.
 */
export const saleLinesQuery = builder
  .select({
    orderId: orderItems.orderId,
    courseId: orderItems.courseId,
    sellerId: orderItems.sellerId,
    buyerId: sql<string>`${orders.userId}`.as('buyer_id'),
    couponId: orders.couponId,
    couponCode: orders.couponCode,
    title: orderItems.title,
    referred: orderItems.referred,
    feeBasisPoints: orderItems.feeBasisPoints,
    soldAt: sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.as('sold_at'),
    state: saleLineState.as('state'),
    grossCents: sql<number>`${orderItems.listPriceCents}`.as('gross_cents'),
    discountCents: orderItems.discountCents,
    priceCents: orderItems.priceCents,
    feeCents: orderItems.feeCents,
    shareCents: sql<number>`${orderItems.teacherShareCents}`.as('share_cents'),
    refundedCents: sql<number>`(case when ${saleLineState} = 'refunded' then ${orderItems.priceCents} else 0 end)`.as('refunded_cents'),
  })
  .from(orderItems)
  .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
  .where(soldOrder);

/** The sold lines as a subquery for the query builder: `db.select(…).from(saleLines)`. */
export const saleLines = saleLinesQuery.as('sale_lines');

/** A sold line that still stands (its payment kept). */
export const standingLine = sql`${saleLines.state} = 'paid'`;

/**
 * What an order shows, from its stored payment status and its lines' states: a paid order some
 * of whose lines were refunded is `partly_refunded`; any other shows its payment status.
 */
export function shownOrderStatus(paymentStatus: PaymentStatus, lineStates: readonly SaleLineState[]): OrderStatus {
  return paymentStatus === 'paid' && lineStates.includes('refunded') ? 'partly_refunded' : paymentStatus;
}
