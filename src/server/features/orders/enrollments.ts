import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { cartItems, enrollments } from '../../db/schema';
import { revokeCertificates } from '../learning';
import { removeReviewsOfLostCourses } from '../catalog';

/**
 * The one owner of who holds which course. Orders grant and revoke through it, the free
 * enrolment grants through it, and reviews, videos and the cart ask it.
 */

/**
 * Gives the user the courses (an order's, or one free course) and takes them out of the
 * user's cart. A course the user already holds keeps its first enrolment. Answers the
 * enrolments created now. `db` may be a transaction.
 */
export async function grantCourses(
  db: Database,
  { userId, courseIds, orderId }: { userId: string; courseIds: number[]; orderId: string | null },
): Promise<{ courseId: number; enrolledAt: Date }[]> {
  if (courseIds.length === 0) return [];
  const granted = await db
    .insert(enrollments)
    .values(courseIds.map((courseId) => ({ userId, courseId, orderId })))
    .onConflictDoNothing()
    .returning({ courseId: enrollments.courseId, enrolledAt: enrollments.createdAt });
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.courseId, courseIds)));
  return granted;
}

/**
 * Takes back the courses an order granted (which ends the buyer's video links at once), the
 * buyer's reviews of them (they stop counting in the rating) and their certificates of them
 * (the verification page then says revoked): all of them, or only
 * `courseIds` (a refund of some lines). Answers the courses taken back. Run it in the
 * transaction that marks the order (or its lines) refunded.
 */
export async function revokeOrderCourses(tx: Database, { userId, orderId, courseIds }: { userId: string; orderId: string; courseIds?: readonly number[] }): Promise<number[]> {
  if (courseIds?.length === 0) return [];
  const removed = await tx
    .delete(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.orderId, orderId), courseIds ? inArray(enrollments.courseId, [...courseIds]) : undefined))
    .returning({ courseId: enrollments.courseId });
  const revoked = removed.map((row) => row.courseId);
  await removeReviewsOfLostCourses(tx, userId, revoked);
  await revokeCertificates(tx, { userId, courseIds: revoked });
  return revoked;
}

/** Whether the user holds the course (bought or enrolled free). */
export async function isEnrolled(db: Database, userId: string, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return Boolean(row);
}

/** The same question inside a query: the user in `userId` holds the course in `courseId`. */
export const holdsCourse = (userId: AnyPgColumn | Placeholder | string, courseId: AnyPgColumn | number): SQL =>
  sql`exists (select 1 from ${enrollments} where ${enrollments.userId} = ${userId} and ${enrollments.courseId} = ${courseId})`;

/**
 * Who may watch a course's videos, inside a query: its buyers (while they hold it), its
 * owner and admins, whether or not the course is still in the catalogue.
 */
export const mayWatchCourse = (
  viewer: { id: AnyPgColumn | Placeholder | string; isAdmin: AnyPgColumn | Placeholder | boolean },
  course: { id: AnyPgColumn | number; ownerId: AnyPgColumn },
): SQL => sql`(${course.ownerId} = ${viewer.id} or ${viewer.isAdmin} = true or ${holdsCourse(viewer.id, course.id)})`;
