import { z } from 'zod';
import { courseSummary } from './catalog';
import { creditNoteSummarySchema, invoiceNumberSchema } from './invoices';
import { languages } from '../languages';
import { orderStatuses } from '../limits';

/**
 * Checkout, orders and enrolments. Money is always integer US cents, priced by the server:
 * nothing the browser sends sets a price or grants a course.
 */

/**
 * The checkout takes nothing from the browser that matters to money: courses and prices come
 * from the server's cart and the database, and anything else sent (prices, course lists) is
 * dropped unread. Only the language of the provider's page may be chosen.
 */
export const checkoutBody = z.object({ locale: z.enum(languages).optional() }).optional();

export const checkoutResponse = z.object({
  orderId: z.string(),
  /** Where to send the browser: the provider's hosted checkout page (or the success page for a free order). */
  url: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const orderStatusSchema = z.enum(orderStatuses);

export const orderItemSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  /** What was paid for the line: its list price less the coupon's discount. */
  priceCents: z.number().int(),
  listPriceCents: z.number().int(),
  discountCents: z.number().int(),
  imageUrl: z.string().nullable(),
});

export const orderSchema = z
  .object({
    id: z.string(),
    status: orderStatusSchema,
    amountTotal: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** The coupon it was priced with, as typed by its creator; null without one. */
    couponCode: z.string().nullable(),
    items: z.array(orderItemSchema),
    /** The order's invoice (every paid order that cost something has one), null before payment or for a free order. */
    invoiceNumber: invoiceNumberSchema.nullable(),
    /** The credit notes of its refunds, oldest first. */
    creditNotes: z.array(creditNoteSummarySchema),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const ordersResponse = z.object({ items: z.array(orderSchema) });

export const confirmOrderBody = z.object({ sessionId: z.string().trim().min(1).max(255) });

// --- Enrolments ---------------------------------------------------------------

const heldCourseSchema = courseSummary.extend({
  /** The course was disabled after purchase: buyers keep it. */
  disabled: z.boolean(),
  enrolledAt: z.string(),
});
export type HeldCourse = z.infer<typeof heldCourseSchema>;

export const enrolledCourseSchema = heldCourseSchema.extend({
  /** Share of the course's lessons done, 0 to 100, rounded down. */
  progressPercent: z.number().int().min(0).max(100),
  /** When I last saved progress in one of its lessons; null before I start it. */
  lastWatchedAt: z.string().nullable(),
  /** When the last of its lessons was done, once all of them are. */
  completedAt: z.string().nullable(),
  /** The lesson the player opens next (the last one touched that is not done, else the first not done); null once all are done. */
  nextLesson: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;

export const enrollmentsResponse = z.object({ items: z.array(enrolledCourseSchema) });

export const playerCourseSchema = heldCourseSchema.extend({ description: z.string() }).meta({ id: 'PlayerCourse' });
export type PlayerCourse = z.infer<typeof playerCourseSchema>;

export const enrollResponse = z.object({ courseId: z.number().int(), enrolledAt: z.string() });
