import { and, desc, eq, sql } from 'drizzle-orm';
import type { CourseReview, ReviewInput } from '../../../shared/schemas/reviews';
import type { Database } from '../../db/client';
import { courses, reviews, users } from '../../db/schema';
import { assertCourseVisible, lockCourseForRating, type Rating, refreshRating, type Viewer } from '../catalog';
import { isEnrolled } from '../orders';
import { AppError } from '../../errors';

/**
 * Creates or updates the user's review of a course: one per buyer and course. Only a user
 * enrolled in the course may review it.
 */
export async function saveReview(db: Database, userId: string, courseId: number, input: ReviewInput): Promise<{ review: CourseReview; created: boolean } & Rating> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if (!(await lockCourseForRating(txDb, courseId))) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    if (!(await isEnrolled(txDb, userId, courseId))) throw new AppError('NOT_ENROLLED', 'Only buyers of this course may review it');

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
    await lockCourseForRating(txDb, found.courseId);
    const removed = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
      .returning({ id: reviews.id });
    if (removed.length === 0) throw new AppError('REVIEW_NOT_FOUND', 'Review not found');
    return refreshRating(txDb, found.courseId);
  });
}

/** A course's reviews, newest first; the course must be visible to the viewer. */
export async function listReviews(db: Database, courseId: number, viewer: () => Promise<Viewer>): Promise<CourseReview[]> {
  const [course] = await db.select({ disabledAt: courses.disabledAt }).from(courses).where(eq(courses.id, courseId));
  await assertCourseVisible(course, viewer);
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      userName: users.name,
      userImage: users.image,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.courseId, courseId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
