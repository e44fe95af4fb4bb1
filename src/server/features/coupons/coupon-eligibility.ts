import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CartCoupon } from '../../../shared/schemas/coupons';
import type { Database } from '../../db/client';
import { cartCoupons, coupons, orders } from '../../db/schema';
import { AppError } from '../../errors';

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
 * Codes are unique per owner (each teacher, and the site), not across the marketplace: a teacher
 * creating a code learns nothing of other teachers' codes. A code therefore names the coupon of
 * whoever sells the buyer's courses: the coupons with it that could apply are the site's and those
 * of the cart's sellers, at most one each.
 */
const candidateScope = (code: string, lines: readonly CouponLine[]) => {
  const sellers = [...new Set(lines.map((line) => line.sellerId))];
  return and(byCode(code), sellers.length ? or(isNull(coupons.ownerId), inArray(coupons.ownerId, sellers)) : isNull(coupons.ownerId));
};

/**
 * The coupons this code may mean for this cart, oldest first, each with its standing for the
 * buyer: one query, whether the code is known or not, so a wrong code costs the server what a
 * right one does. With `lock`, the rows stay locked until the transaction ends (checkouts that
 * use one coupon then count its uses one after the other), and the standing is read in a second
 * statement, whose snapshot sees the orders of the checkouts the lock waited for.
 */
export async function couponCandidates(db: Database, code: string, buyerId: string, lines: readonly CouponLine[], { lock = false } = {}): Promise<CouponStanding[]> {
  let scope = candidateScope(code, lines);
  if (lock) {
    const locked = await db.select({ id: coupons.id }).from(coupons).where(scope).orderBy(asc(coupons.id)).for('update');
    if (locked.length === 0) return [];
    scope = inArray(
      coupons.id,
      locked.map((row) => row.id),
    );
  }
  const rows = await db
    .select({ coupon: coupons, ...standingColumns(buyerId) })
    .from(coupons)
    .where(scope)
    .orderBy(asc(coupons.id));
  return rows.map(({ coupon, ...counts }) => ({ coupon, ...counts }));
}

/** One known coupon's standing for the buyer (a payment checking the coupon's caps, with its row locked). */
export async function couponStanding(db: Database, coupon: CouponRecord, buyerId: string): Promise<CouponStanding> {
  const [row] = await db.select(standingColumns(buyerId)).from(coupons).where(eq(coupons.id, coupon.id));
  return { coupon, listedCourseIds: row!.listedCourseIds, used: row!.used, heldByOthers: row!.heldByOthers, usedByBuyer: row!.usedByBuyer };
}

/** The code kept in the user's cart, or null when it holds none. */
export async function storedCartCode(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: cartCoupons.code }).from(cartCoupons).where(eq(cartCoupons.userId, userId));
  return row?.code ?? null;
}

/** How far a coupon got through `couponProblem`'s checks: a later problem is a nearer miss. */
const problemRank: Record<CouponProblem, number> = { COUPON_NOT_FOUND: 0, COUPON_EXPIRED: 1, COUPON_USED_UP: 2, COUPON_NOT_APPLICABLE: 3, COUPON_ALREADY_USED: 4 };

/**
 * Which of the code's coupons the cart gets: the oldest the buyer may use now. When none, the
 * problem of the one nearest to applying (covering a line first, then the furthest through the
 * checks), so the cart can say why a code it keeps stopped applying. No coupon with the code among
 * the site's and the cart's sellers' is COUPON_NOT_APPLICABLE: whichever teacher may hold the code,
 * it is not for these courses.
 */
export function resolveCoupon(candidates: readonly CouponStanding[], lines: readonly CouponLine[], now = new Date()): { standing: CouponStanding | null; problem: CouponProblem | null } {
  let nearest: { standing: CouponStanding; problem: CouponProblem; score: number } | null = null;
  for (const standing of candidates) {
    const problem = couponProblem(standing, lines, now);
    if (!problem) return { standing, problem: null };
    const covers = coveredCourseIds(standing.coupon, standing.listedCourseIds, lines).size > 0;
    const score = (covers ? 10 : 0) + problemRank[problem];
    if (!nearest || score > nearest.score) nearest = { standing, problem, score };
  }
  return nearest ? { standing: nearest.standing, problem: nearest.problem } : { standing: null, problem: 'COUPON_NOT_APPLICABLE' };
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

/** The error that refuses a coupon for this reason (its status comes with the code), for a code the buyer already holds. */
export const couponError = (problem: CouponProblem) => new AppError(problem, problemMessages[problem]);

/**
 * The answer to a code typed in or brought by a link. A code the buyer cannot use gets one answer
 * whatever the reason (unknown, not started, ended, switched off, used up, for other courses,
 * another teacher's): telling them apart would tell a guesser which codes exist. Only "you have
 * used it already" is said as it is: it is about the buyer's own purchases, and only a buyer who
 * holds the code can get it.
 */
export const couponRefusal = (problem: CouponProblem) =>
  problem === 'COUPON_ALREADY_USED' ? couponError(problem) : new AppError('COUPON_NOT_FOUND', 'No coupon with this code applies to the courses in your cart');

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
