import { isNull, sql } from 'drizzle-orm';
import { DEFAULT_COURSE_COVER } from '../../../shared/schemas/courses';
import { courses } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * What a course shows as its picture: its teacher's cover, or, when it has none (the default
 * cover), the poster its intro's transcode took, once there is one.
 */
export const displayedImageUrl = sql<string | null>`coalesce(case when ${courses.imageUrl} is null or ${courses.imageUrl} = ${sql.raw(`'${DEFAULT_COURSE_COVER}'`)} then ${courses.posterUrl} end, ${courses.imageUrl})`;

/** The columns of a course card (the contract's course summary), wherever courses are listed. */
export const summaryColumns = {
  id: courses.id,
  title: courses.title,
  imageUrl: displayedImageUrl,
  teacherName: courses.teacherName,
  priceCents: courses.priceCents,
  ratingAverage: courses.ratingAverage,
  ratingCount: courses.ratingCount,
  categoryId: courses.categoryId,
  subcategoryId: courses.subcategoryId,
  language: courses.language,
  level: courses.level,
  durationHours: courses.durationHours,
};

/** A course in the catalogue: not disabled by an admin. */
export const isActiveCourse = isNull(courses.disabledAt);

/** Who is looking, asked for only when it matters (a session lookup costs a query). */
export type Viewer = { isAdmin: boolean } | null;

/**
 * Disabled courses exist only for admins: anyone else gets COURSE_NOT_FOUND, as for an id
 * that never existed. `viewer` is asked for only when the course is disabled.
 */
export async function assertCourseVisible(course: { disabledAt: unknown } | null | undefined, viewer: () => Promise<Viewer>): Promise<void> {
  if (!course || (course.disabledAt && !(await viewer())?.isAdmin)) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
}
