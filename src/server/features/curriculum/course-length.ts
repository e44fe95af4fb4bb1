import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courseLessons, courses, courseSections } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The rules every change of a course's curriculum follows, whoever makes it (the editor, a
 * resource upload, course creation): the course row is locked for the change, the caps per
 * course hold, and the course's length is computed from its lessons, never typed.
 */

export type CurriculumCaps = { maxSections: number; maxLessons: number };

/**
 * Locks the course's row until the transaction ends, so that two changes of one curriculum (two
 * tabs) run one after the other and cannot together pass a cap. COURSE_NOT_FOUND when it is gone.
 */
export async function lockCourseForCurriculum(tx: Database, courseId: number): Promise<void> {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
}

const countOf = async (tx: Database, table: typeof courseSections | typeof courseLessons, courseId: number) => {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(table).where(eq(table.courseId, courseId));
  return row?.count ?? 0;
};

/** Refuses a new section past the cap (CURRICULUM_SECTION_LIMIT). Under the course's lock. */
export async function ensureSectionRoom(tx: Database, courseId: number, caps: CurriculumCaps): Promise<void> {
  if ((await countOf(tx, courseSections, courseId)) >= caps.maxSections) {
    throw new AppError('CURRICULUM_SECTION_LIMIT', `A course has at most ${caps.maxSections} sections`);
  }
}

/** Refuses a new lesson past the cap (CURRICULUM_LESSON_LIMIT). Under the course's lock. */
export async function ensureLessonRoom(tx: Database, courseId: number, caps: Pick<CurriculumCaps, 'maxLessons'>): Promise<void> {
  if ((await countOf(tx, courseLessons, courseId)) >= caps.maxLessons) {
    throw new AppError('CURRICULUM_LESSON_LIMIT', `A course has at most ${caps.maxLessons} lessons`);
  }
}

/** A length in whole hours, as the catalogue shows a course's: every started hour counts. */
export const hoursOf = (totalSeconds: number) => Math.ceil(totalSeconds / 3600);

/** Sets the course's length (`duration_hours`) from its lessons' computed durations; call it after every curriculum change. */
export async function refreshCourseLength(tx: Database, courseId: number): Promise<number> {
  const [row] = await tx
    .select({ seconds: sql<number>`coalesce(sum(${courseLessons.durationSeconds}), 0)::int` })
    .from(courseLessons)
    .where(eq(courseLessons.courseId, courseId));
  const hours = hoursOf(row?.seconds ?? 0);
  await tx.update(courses).set({ durationHours: hours }).where(eq(courses.id, courseId));
  return hours;
}
