import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_COURSE_COVER, type EditCourse } from '../../../shared/schemas/courses';

type CourseRow = typeof courses.$inferSelect;

/**
 * The details of a course its teacher and admins may change after creation. Never its length
 * (`durationHours`, computed from the lessons by `refreshCourseLength`), its ratings or its
 * owner: the edit schema does not take them, and this list is what an edit can write.
 */
export const editableCourseFields = [
  'title',
  'teacherName',
  'description',
  'priceCents',
  'level',
  'language',
  'imageUrl',
  'learningOutcomes',
  'requirements',
] as const;
type CourseChanges = Partial<Pick<CourseRow, (typeof editableCourseFields)[number]>>;

/**
 * The edit as the columns it changes: a course left without a cover gets the default one, as at
 * creation; lists left out or null stay as they are.
 */
const changesOf = ({ imageUrl, learningOutcomes, requirements, ...rest }: EditCourse): CourseChanges => ({
  ...rest,
  ...(imageUrl === undefined ? {} : { imageUrl: imageUrl ?? DEFAULT_COURSE_COVER }),
  ...(learningOutcomes == null ? {} : { learningOutcomes }),
  ...(requirements == null ? {} : { requirements }),
});

/**
 * The one way a course's details change, whether its teacher or an admin edits them (both
 * with the shared `editCourseSchema`). With `audit`, the same transaction records who changed
 * which fields, from what to what (an admin's edit). The course row is locked meanwhile, so
 * the audit's "before" is what was replaced. Answers the course as stored.
 */
export async function updateCourseDetails(db: Database, courseId: number, edit: EditCourse, audit?: { actorId: string }): Promise<CourseRow> {
  const changes = changesOf(edit);
  return db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
    if (Object.keys(changes).length === 0) return course;
    const [updated] = await tx.update(courses).set(changes).where(eq(courses.id, courseId)).returning();
    if (audit) {
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const field of editableCourseFields) {
        // Lists compare by their lines.
        if (field in changes && JSON.stringify(course[field]) !== JSON.stringify(changes[field])) {
          before[field] = course[field];
          after[field] = changes[field];
        }
      }
      await recordAudit(tx, { actorId: audit.actorId, action: 'course.edit', targetType: 'course', targetId: courseId, before, after });
    }
    return updated!;
  });
}
