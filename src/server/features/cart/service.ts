import { and, eq, sql } from 'drizzle-orm';
import { limits } from '../../../shared/limits';
import type { Cart } from '../../../shared/schemas/cart';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { cartItems, courses } from '../../db/schema';
import { buyableCartLines } from '../../domain/cart-lines';
import { holdsCourse } from '../../domain/enrollments';
import { AppError } from '../../errors';

export async function getCart(db: Database, userId: string): Promise<Cart> {
  const lines = await buyableCartLines(db, userId);
  const totalCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
  return {
    items: lines.map((line) => ({ ...line, listPriceCents: line.priceCents, discountCents: 0, addedAt: line.addedAt.toISOString() })),
    listTotalCents: totalCents,
    discountCents: 0,
    totalCents,
    coupon: null,
  };
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
