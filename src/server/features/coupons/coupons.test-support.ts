import type { Database } from '../../db/client';
import { createOrder, uniqueSuffix } from '../../db/factories';
import { couponCourses, coupons, type orders } from '../../db/schema';
import type { CouponRecord } from './coupon-eligibility';

type NewCoupon = typeof coupons.$inferInsert;

/**
 * A coupon row as the management endpoints would store it: a teacher's (owner = creator) unless
 * `ownerId` is given (null: the site's), covering `courseIds` when given, otherwise all.
 */
export async function insertCoupon(
  db: Database,
  { createdBy, courseIds, ...values }: Partial<NewCoupon> & { createdBy: string; courseIds?: readonly number[] },
): Promise<CouponRecord> {
  const [coupon] = await db
    .insert(coupons)
    .values({
      code: `CODE_${uniqueSuffix()}`.slice(0, 32),
      ownerId: createdBy,
      discountKind: 'percent',
      discountValue: 50,
      allCourses: !courseIds,
      startsAt: new Date(Date.now() - 60_000),
      createdBy,
      ...values,
    })
    .returning();
  if (courseIds?.length) await db.insert(couponCourses).values(courseIds.map((courseId) => ({ couponId: coupon!.id, courseId })));
  return coupon!;
}

/** An order of `userId` that carries the coupon, in the given state (no lines: only its use counts). */
export async function orderWithCoupon(db: Database, coupon: CouponRecord, userId: string, fields: Partial<typeof orders.$inferInsert> = {}) {
  const { order } = await createOrder(db, { userId, items: [], couponId: coupon.id, couponCode: coupon.code, ...fields });
  return order;
}
