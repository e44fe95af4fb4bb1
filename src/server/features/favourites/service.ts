import { and, desc, eq } from 'drizzle-orm';
import type { CourseSummary } from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { courses, favourites } from '../../db/schema';
import { isActiveCourse, summaryColumns } from '../catalog';
import { AppError } from '../../errors';

/** The user's favourite courses, most recently added first; disabled courses are left out. */
export async function listFavourites(db: Database, userId: string): Promise<CourseSummary[]> {
  return db
    .select(summaryColumns)
    .from(favourites)
    .innerJoin(courses, eq(courses.id, favourites.courseId))
    .where(and(eq(favourites.userId, userId), isActiveCourse))
    .orderBy(desc(favourites.createdAt), desc(favourites.courseId));
}

/** Marks a course as a favourite; doing it twice changes nothing. Unknown or disabled course: 404. */
export async function addFavourite(db: Database, userId: string, courseId: number): Promise<void> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, courseId), isActiveCourse));
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  await db.insert(favourites).values({ userId, courseId }).onConflictDoNothing();
}

/** Removes a favourite; removing one that is not there changes nothing. */
export async function removeFavourite(db: Database, userId: string, courseId: number): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.courseId, courseId)));
}
