import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CartCoupon } from '../../shared/schemas/coupons';
import type { Database } from '../db/client';
import { cartCoupons, coupons, orders } from '../db/schema';
import { AppError } from '../errors';

/**
 * Whether a coupon can be used now, by whom, and on which lines. Its uses are not stored: they
 * are the orders that carry it. A paid or refunded order has used it (a refund does not give the
 * use back); an unpaid order whose checkout is still open holds a use until it is paid or expires,
 * so an abandoned checkout frees its place by itself once its expiry passes.
 */

export type CouponRecord = typeof coupons.$inferSelect;
export type CouponProblem = NonNullable<CartCoupon['problem']>;

/** Orders that have used a coupon, and orders that hold one of its uses (their checkout is open). */
const usedOrder = sql`${orders.paymentStatus} in ('paid', 'refunded')`;
const heldOrder = sql`(${orders.paymentStatus} = 'unpaid' and ${orders.expiresAt} > now())`;

/** A coupon with what decides whether this buyer may use it now. */
export type CouponStanding = {
  coupon: CouponRecord;
  /** The courses it names (`coupon_courses`); null when it covers all (`allCourses`). */
  listedCourseIds: number[] | null;
  /** Paid or refunded orders that carry it. */
  used: number;
  /**
   * Open checkouts of other buyers. The buyer's own open checkouts do not count against them:
   * the buyer's next checkout with this coupon abandons them (see `expireBuyerCheckoutsWithCoupon`).
   */
  heldByOthers: number;
  /** This buyer's paid or refunded orders that carry it. */
  usedByBuyer: number;
};

/** A line the coupon may cover: its course and the teacher who sells it now (the course's owner). */
export type CouponLine = { courseId: number; sellerId: string };

/** A coupon's standing as subqueries of a select from `coupons`, written out: inside a select's fields drizzle leaves column names unqualified, and `id` would be ambiguous. */
const standingColumns = (buyerId: string) => {
  const coupon = sql.raw('"coupons"."id"');
  const used = sql.raw(`o.payment_status in ('paid', 'refunded')`);
  const held = sql.raw(`(o.payment_status = 'unpaid' and o.expires_at > now())`);
  return {
    listedCourseIds: sql<number[] | null>`(select json_agg(cc.course_id) from coupon_courses cc where cc.coupon_id = ${coupon})`,
    used: sql<number>`(select count(*) from orders o where o.coupon_id = ${coupon} and ${used})::int`,
    heldByOthers: sql<number>`(select count(*) from orders o where o.coupon_id = ${coupon} and ${held} and o.user_id <> ${buyerId})::int`,
    usedByBuyer: sql<number>`(select count(*) from orders o where o.coupon_id = ${coupon} and ${used} and o.user_id = ${buyerId})::int`,
  };
};

const byCode = (code: string) => sql`upper(${coupons.code}) = upper(${code})`;

/**
 * The coupon with this code, in any letter case. With `lock`, its row stays locked until the
 * transaction ends: checkouts that use one coupon then count its uses one after the other.
 */
export async function findCoupon(db: Database, code: string, { lock = false } = {}): Promise<CouponRecord | null> {
  const query = db.select().from(coupons).where(byCode(code));
  const [coupon] = lock ? await query.for('update') : await query;
  return coupon ?? null;
}

/**
 * The coupon's standing for this buyer, read in a statement of its own: after `findCoupon(…, {
 * lock: true })` waited for another checkout's lock, this statement's snapshot sees that checkout's order.
 */
export async function couponStanding(db: Database, coupon: CouponRecord, buyerId: string): Promise<CouponStanding> {
  const [row] = await db.select(standingColumns(buyerId)).from(coupons).where(eq(coupons.id, coupon.id));
  return { coupon, listedCourseIds: row!.listedCourseIds, used: row!.used, heldByOthers: row!.heldByOthers, usedByBuyer: row!.usedByBuyer };
}

/**
 * The code kept in the user's cart and, when a coupon still has it, its standing for the user:
 * one query. Null when the cart holds no code.
 */
export async function cartCouponStanding(db: Database, userId: string): Promise<{ storedCode: string; standing: CouponStanding | null } | null> {
  const [row] = await db
    .select({ storedCode: cartCoupons.code, coupon: coupons, ...standingColumns(userId) })
    .from(cartCoupons)
    .leftJoin(coupons, sql`upper(${coupons.code}) = upper(${cartCoupons.code})`)
    .where(eq(cartCoupons.userId, userId));
  if (!row) return null;
  const { storedCode, coupon, ...counts } = row;
  return { storedCode, standing: coupon ? { coupon, ...counts } : null };
}

/**
 * The lines' courses the coupon covers. A teacher's coupon covers that teacher's courses (all of
 * them, or the ones it names that the teacher still owns); a site coupon covers every course, or
 * the ones it names.
 */
export function coveredCourseIds(coupon: Pick<CouponRecord, 'ownerId' | 'allCourses'>, listedCourseIds: readonly number[] | null, lines: readonly CouponLine[]): Set<number> {
  const listed = coupon.allCourses ? null : new Set(listedCourseIds ?? []);
  return new Set(
    lines
      .filter((line) => (coupon.ownerId === null || line.sellerId === coupon.ownerId) && (listed === null || listed.has(line.courseId)))
      .map((line) => line.courseId),
  );
}

/** Why the coupon cannot be used on these lines by this buyer now, or null when it can. */
export function couponProblem(standing: CouponStanding | null, lines: readonly CouponLine[], now = new Date()): CouponProblem | null {
  if (!standing) return 'COUPON_NOT_FOUND';
  const { coupon } = standing;
  if (coupon.disabledAt || coupon.startsAt > now || (coupon.endsAt && coupon.endsAt <= now)) return 'COUPON_EXPIRED';
  if (coupon.maxUses !== null && standing.used + standing.heldByOthers >= coupon.maxUses) return 'COUPON_USED_UP';
  if (coveredCourseIds(coupon, standing.listedCourseIds, lines).size === 0) return 'COUPON_NOT_APPLICABLE';
  if (standing.usedByBuyer >= coupon.maxUsesPerBuyer) return 'COUPON_ALREADY_USED';
  return null;
}

const problemMessages: Record<CouponProblem, string> = {
  COUPON_NOT_FOUND: 'No coupon has this code',
  COUPON_EXPIRED: 'This coupon is not valid now (outside its dates, or switched off)',
  COUPON_USED_UP: 'This coupon has no uses left',
  COUPON_NOT_APPLICABLE: 'This coupon covers none of the courses in your cart',
  COUPON_ALREADY_USED: 'You have already used this coupon as often as it allows',
};

/** The error that refuses a coupon for this reason (its status comes with the code). */
export const couponError = (problem: CouponProblem) => new AppError(problem, problemMessages[problem]);

/**
 * The buyer's open checkouts priced with this coupon end (expired): a new checkout with it
 * abandons them, so going back from the payment page and checking out again is not refused for
 * a use the buyer's own earlier checkout holds. Run it after locking the coupon. Answers the
 * orders abandoned, whose provider sessions the caller must have expired (`enqueueSessionExpiry`).
 */
export async function expireBuyerCheckoutsWithCoupon(tx: Database, couponId: number, buyerId: string): Promise<string[]> {
  const expired = await tx
    .update(orders)
    .set({ paymentStatus: 'expired' })
    .where(and(eq(orders.couponId, couponId), eq(orders.userId, buyerId), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id });
  return expired.map((order) => order.id);
}

/**
 * Each coupon's uses (paid or refunded orders carrying it) and held uses (open checkouts carrying
 * it). Coupons without any order answer zeros.
 */
export async function couponUseCounts(db: Database, couponIds: readonly number[]): Promise<Map<number, { uses: number; heldUses: number }>> {
  const counts = new Map(couponIds.map((id) => [id, { uses: 0, heldUses: 0 }]));
  if (couponIds.length === 0) return counts;
  const rows = await db
    .select({
      couponId: orders.couponId,
      uses: sql<number>`(count(*) filter (where ${usedOrder}))::int`,
      heldUses: sql<number>`(count(*) filter (where ${heldOrder}))::int`,
    })
    .from(orders)
    .where(inArray(orders.couponId, [...couponIds]))
    .groupBy(orders.couponId);
  for (const row of rows) if (row.couponId !== null) counts.set(row.couponId, { uses: row.uses, heldUses: row.heldUses });
  return counts;
}

/** Uses left: the cap less uses and held uses (never below 0); null without a cap. */
export const remainingUses = (maxUses: number | null, counts: { uses: number; heldUses: number }) =>
  maxUses === null ? null : Math.max(0, maxUses - counts.uses - counts.heldUses);
