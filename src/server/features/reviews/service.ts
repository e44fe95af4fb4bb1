import { and, eq, sql } from 'drizzle-orm';
import type { Review, ReviewInput } from '../../../shared/schemas/reviews';
import type { Database } from '../../db/client';
import { courses, enrollments, reviews, users } from '../../db/schema';
import { AppError } from '../../errors';

type Rating = { ratingAverage: number; ratingCount: number };

/**
 * Recomputes the course's average and count from its reviews. Runs inside the review's
 * transaction, after the course row was locked, so concurrent reviews of one course take
 * turns and the figures always match the rows.
 */
async function refreshRating(tx: Database, courseId: number): Promise<Rating> {
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

async function lockCourse(tx: Database, courseId: number) {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  return course;
}

/**
 * Creates or updates the user's review of a course: one per buyer and course. Only a user
 * enrolled in the course may review it.
 */
export async function saveReview(db: Database, userId: string, courseId: number, input: ReviewInput): Promise<{ review: Review; created: boolean } & Rating> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if (!(await lockCourse(txDb, courseId))) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    const [enrolled] = await tx
      .select({ courseId: enrollments.courseId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
    if (!enrolled) throw new AppError('NOT_ENROLLED', 'Only buyers of this course may review it');

    const [saved] = await tx
      .insert(reviews)
      .values({ courseId, userId, rating: input.rating, comment: input.comment })
      .onConflictDoUpdate({
        target: [reviews.courseId, reviews.userId],
        set: { rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
      })
      // xmax = 0 only for a freshly inserted row: tells a new review from an update.
      .returning({ id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt, created: sql<boolean>`(xmax = 0)` });
    const rating = await refreshRating(txDb, courseId);
    const [author] = await tx.select({ name: users.name, image: users.image }).from(users).where(eq(users.id, userId));
    return {
      review: {
        id: saved!.id,
        userId,
        userName: author?.name ?? '',
        userImage: author?.image ?? null,
        rating: saved!.rating,
        comment: saved!.comment,
        createdAt: saved!.createdAt.toISOString(),
      },
      created: Boolean(saved!.created),
      ...rating,
    };
  });
}

/** Deletes a review; only its author may. */
export async function deleteReview(db: Database, userId: string, reviewId: number): Promise<Rating> {
  const [found] = await db.select({ userId: reviews.userId, courseId: reviews.courseId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!found) throw new AppError('REVIEW_NOT_FOUND', 'Review not found');
  if (found.userId !== userId) throw new AppError('FORBIDDEN', 'You may delete only your own reviews');
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockCourse(txDb, found.courseId);
    const removed = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
      .returning({ id: reviews.id });
    if (removed.length === 0) throw new AppError('REVIEW_NOT_FOUND', 'Review not found');
    return refreshRating(txDb, found.courseId);
  });
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
    await lockCourse(tx, courseId);
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
