import { z } from 'zod';

/** Counts of 1 to 5 star reviews, in that order. */
export const ratingDistribution = z.array(z.number().int()).length(5);

export const courseSalesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The sold lines still standing (`features/orders/sale-lines.ts` on the server): a refunded line counts nowhere, alone or with its whole order. */
  revenueCents: z.number().int(),
  sales: z.number().int(),
  /** Of those sales, the ones a coupon discounted, and the ones the teacher brought (referral link or their own coupon). */
  couponSales: z.number().int(),
  referralSales: z.number().int(),
  /** Who holds the course now (bought or enrolled free; a refund takes it back). */
  students: z.number().int(),
  ratings: ratingDistribution,
});

export const teacherSalesSchema = z
  .object({
    courses: z.array(courseSalesSchema),
    totals: z.object({ revenueCents: z.number().int(), sales: z.number().int(), students: z.number().int() }),
    /** The last 30 days (UTC), oldest first, one point per day, zero on days without sales. */
    daily: z.array(z.object({ date: z.string(), revenueCents: z.number().int() })),
  })
  .meta({ id: 'TeacherSales' });
export type TeacherSales = z.infer<typeof teacherSalesSchema>;
