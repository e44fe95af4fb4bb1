import { and, eq, sql } from 'drizzle-orm';
import { limits } from '../../../shared/limits';
import type { Cart } from '../../../shared/schemas/cart';
import type { CartCoupon } from '../../../shared/schemas/coupons';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { cartCoupons, cartItems, courses } from '../../db/schema';
import { buyableCartLines } from './cart-lines';
import { cartTotals, couponCandidates, type CouponProblem, couponRefusal, type CouponStanding, coveredCourseIds, priceLines, resolveCoupon, storedCartCode } from '../coupons';
import { holdsCourse } from './enrollments';
import { AppError } from '../../errors';

/**
 * The cart priced as checkout will price it: each line's list price, what the cart's coupon
 * takes off it and the price to pay. A kept code that no longer applies (expired since, used up,
 * the cart changed…) shows with its problem and takes nothing off. The code is resolved against
 * the cart's lines each time (see `couponCandidates`), as checkout resolves it.
 */
export async function getCart(db: Database, userId: string): Promise<Cart> {
  const lines = await buyableCartLines(db, userId);
  const storedCode = await storedCartCode(db, userId);
  const resolved = storedCode === null ? null : resolveCoupon(await couponCandidates(db, storedCode, userId, lines), lines);
  const problem = resolved?.problem ?? null;
  const coupon = resolved?.standing && !problem ? resolved.standing : null;
  const priced = priceLines(
    lines.map((line) => ({ ...line, listPriceCents: line.priceCents })),
    {
      coupon: coupon && { terms: coupon.coupon, coveredCourseIds: coveredCourseIds(coupon.coupon, coupon.listedCourseIds, lines) },
      // The cart shows prices only; the fee rates matter from checkout on.
      platformFeeBasisPoints: 0,
      referralFeeBasisPoints: 0,
    },
  );
  return {
    items: priced.map((line) => ({
      courseId: line.courseId,
      title: line.title,
      imageUrl: line.imageUrl,
      description: line.description,
      teacherName: line.teacherName,
      listPriceCents: line.listPriceCents,
      discountCents: line.discountCents,
      priceCents: line.priceCents,
      addedAt: line.addedAt.toISOString(),
    })),
    ...cartTotals(priced),
    coupon: storedCode === null ? null : cartCouponView(storedCode, resolved?.standing ?? null, problem),
  };
}

function cartCouponView(storedCode: string, standing: CouponStanding | null, problem: CouponProblem | null): CartCoupon {
  // A coupon gone since (its owner's account was deleted) has no terms left to show.
  if (!standing) return { code: storedCode, discountKind: 'amount', discountValue: 0, problem };
  const { code, discountKind, discountValue } = standing.coupon;
  return { code, discountKind, discountValue, problem };
}

/**
 * Keeps a coupon code in the user's cart (replacing any other), once it applies to the cart as it
 * is now. A code the buyer cannot use, whatever the reason, gets one answer (`couponRefusal`) and
 * leaves the cart as it was. The caller counts the attempt first (`countCouponAttempt`).
 */
export async function applyCartCoupon(db: Database, userId: string, code: string): Promise<Cart> {
  const lines = await buyableCartLines(db, userId);
  const { standing, problem } = resolveCoupon(await couponCandidates(db, code, userId, lines), lines);
  if (problem || !standing) throw couponRefusal(problem ?? 'COUPON_NOT_FOUND');
  const { coupon } = standing;
  // Kept as its creator typed it; it is looked up again in any letter case.
  await db
    .insert(cartCoupons)
    .values({ userId, code: coupon.code })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { code: coupon.code, appliedAt: sql`now()` } });
  return getCart(db, userId);
}

/** Takes the code off the user's cart (idempotent). */
export async function removeCartCoupon(db: Database, userId: string): Promise<Cart> {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
  return getCart(db, userId);
}

/**
 * Puts a course in the cart. Refused: an unknown or disabled course (404), the user's own
 * course, a course already owned, a course already in the cart, a full cart (409 each, with its code).
 */
export async function addToCart(db: Database, userId: string, courseId: number): Promise<Cart> {
  // The course and whether the user already holds it, in one round trip.
  const [course] = await db
    .select({ ownerId: courses.ownerId, disabledAt: courses.disabledAt, held: sql<boolean>`${holdsCourse(userId, courses.id)}` })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course || course.disabledAt) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  if (course.ownerId === userId) throw new AppError('COURSE_IS_YOURS', 'You created this course; it is already yours');
  if (course.held) throw new AppError('COURSE_ALREADY_OWNED', 'You already have this course');
  await db.transaction(async (tx) => {
    await lockPerUser(tx as unknown as Database, 'cart', userId);
    // The primary key (user, course) settles a race between two adds of one course: one row, one 409.
    const added = tx.$with('added').as(tx.insert(cartItems).values({ userId, courseId }).onConflictDoNothing().returning({ courseId: cartItems.courseId }));
    // The insert and the count in one round trip. The count reads the snapshot from before the
    // insert, so it holds the lines stored before, hidden ones included (their course is
    // disabled: they are stored, and come back).
    const [counts] = await tx
      .with(added)
      .select({ added: sql<number>`count(*)::int`, storedBefore: sql<number>`(select count(*) from ${cartItems} where ${eq(cartItems.userId, userId)})::int` })
      .from(added);
    if (!counts || counts.added === 0) throw new AppError('COURSE_ALREADY_IN_CART', 'Course exists! It is already in your cart');
    if (counts.storedBefore + counts.added > limits.cartMaxItems) throw new AppError('CART_FULL', `A cart holds at most ${limits.cartMaxItems} courses`);
  });
  return getCart(db, userId);
}

/** Takes one course out of the user's own cart (idempotent: nothing there, nothing to do). */
export async function removeFromCart(db: Database, userId: string, courseId: number): Promise<Cart> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.courseId, courseId)));
  return getCart(db, userId);
}

export async function clearCart(db: Database, userId: string): Promise<Cart> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return getCart(db, userId);
}
