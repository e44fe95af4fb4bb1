import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses, enrollments, reviews } from '../../db/schema';

export type Rating = { ratingAverage: number; ratingCount: number };

/**
 * Locks the course row for the rest of the transaction, so that changes to one course's
 * reviews take turns and its figures always match the rows. Answers null for an unknown course.
 */
export async function lockCourseForRating(tx: Database, courseId: number): Promise<{ id: number } | null> {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  return course ?? null;
}

/** Recomputes the course's average and count from its reviews; run after `lockCourseForRating`. */
export async function refreshRating(tx: Database, courseId: number): Promise<Rating> {
  const [rating] = await tx
    .update(courses)
    .set({
      ratingAverage: sql`coalesce((select avg(${reviews.rating})::float8 from ${reviews} where ${reviews.courseId} = ${courseId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${reviews} where ${reviews.courseId} = ${courseId})`,
      // A rating change is not an edit of the course by its teacher.
      updatedAt: sql`${courses.updatedAt}`,
    })
    .where(eq(courses.id, courseId))
    .returning({ ratingAverage: courses.ratingAverage, ratingCount: courses.ratingCount });
  return rating!;
}

/**
 * A buyer who gave a course back (a refund took the enrolment) no longer speaks for it: their
 * reviews of the courses they lost are removed and those ratings recomputed. Runs in the
 * caller's transaction, after the enrolments went; a course they still hold through another
 * order keeps their review.
 */
export async function removeReviewsOfLostCourses(tx: Database, userId: string, courseIds: number[]): Promise<number[]> {
  if (courseIds.length === 0) return [];
  const changed: number[] = [];
  for (const courseId of [...new Set(courseIds)].sort((a, b) => a - b)) {
    await lockCourseForRating(tx, courseId);
    const removed = await tx
      .delete(reviews)
      .where(
        and(
          eq(reviews.userId, userId),
          eq(reviews.courseId, courseId),
          sql`not exists (select 1 from ${enrollments} where ${enrollments.userId} = ${userId} and ${enrollments.courseId} = ${courseId})`,
        ),
      )
      .returning({ id: reviews.id });
    if (removed.length > 0) {
      await refreshRating(tx, courseId);
      changed.push(courseId);
    }
  }
  return changed;
}
