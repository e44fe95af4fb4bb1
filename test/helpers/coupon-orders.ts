import { payoutDefaults, referralDefaults } from '../../src/shared/limits';
import type { Database } from '../../src/server/db/client';
import { makeOrder, makeOrderItems, type CourseWithVideos } from '../../src/server/db/factories';
import { coupons, enrollments, orderItems, orders } from '../../src/server/db/schema';
import { priceLines, referralFeeBasisPoints, type CouponTerms } from '../../src/server/features/coupons';

/**
 * An order priced as a checkout with a coupon and referrals would record it, inserted directly:
 * the lines go through the one pricing rule (`features/coupons/coupon-pricing.ts`), so each carries its
 * list price, discount, price paid, referral mark, fee rate and split.
 */

export const platformFeeBasisPoints = payoutDefaults.platformFeePercent * 100;
export const referralFee = referralFeeBasisPoints(referralDefaults.teacherPercent);

type Course = Pick<CourseWithVideos, 'id' | 'title' | 'priceCents' | 'ownerId'>;

export async function createCoupon(db: Database, { code, createdBy, ownerId = createdBy, terms }: { code: string; createdBy: string; ownerId?: string | null; terms: CouponTerms }) {
  const [coupon] = await db
    .insert(coupons)
    .values({ code, createdBy, ownerId, discountKind: terms.discountKind, discountValue: terms.discountValue, allCourses: true })
    .returning();
  return coupon!;
}

export async function createPricedOrder(
  db: Database,
  {
    userId,
    courses,
    coupon,
    discounted = [],
    referred = [],
    paymentStatus = 'paid',
    taxCents = 0,
  }: {
    userId: string;
    courses: readonly Course[];
    /** The coupon the order was priced with and the courses it covered. */
    coupon?: { id: number; code: string; discountKind: CouponTerms['discountKind']; discountValue: number };
    discounted?: readonly Course[];
    referred?: readonly Course[];
    paymentStatus?: 'paid' | 'unpaid';
    taxCents?: number;
  },
) {
  const lines = priceLines(
    courses.map((course) => ({ courseId: course.id, listPriceCents: course.priceCents })),
    {
      coupon: coupon ? { terms: coupon, coveredCourseIds: new Set(discounted.map((course) => course.id)) } : null,
      referredCourseIds: new Set(referred.map((course) => course.id)),
      platformFeeBasisPoints,
      referralFeeBasisPoints: referralFee,
    },
  );
  const amountTotal = lines.reduce((total, line) => total + line.priceCents, 0);
  const [order] = await db
    .insert(orders)
    .values(makeOrder({ userId, items: courses, amountTotal, taxCents, paymentStatus, couponId: coupon?.id ?? null, couponCode: coupon?.code ?? null }))
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      makeOrderItems(order!.id, courses).map((item, index) => {
        const line = lines[index]!;
        return {
          ...item,
          listPriceCents: line.listPriceCents,
          discountCents: line.discountCents,
          priceCents: line.priceCents,
          referred: line.referred,
          feeBasisPoints: line.feeBasisPoints,
          feeCents: line.feeCents,
          teacherShareCents: line.teacherShareCents,
        };
      }),
    )
    .returning();
  if (paymentStatus === 'paid') {
    await db.insert(enrollments).values(items.map((item) => ({ userId, courseId: item.courseId, orderId: order!.id, createdAt: order!.paidAt ?? order!.createdAt })));
  }
  return { order: order!, items };
}
