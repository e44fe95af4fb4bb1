import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isEnrolled } from '../orders';

/** What the rule reads of a lesson: its course, whether it is a free preview, and the course's owner and state. */
export type LessonAccessSubject = { courseId: number; isPreview: boolean; course: { ownerId: string; disabledAt: Date | null } };

/**
 * Who may take a lesson, the one rule of the lesson content endpoint and of every lesson kind
 * served elsewhere (a quiz's attempts): a free preview is anyone's; any other lesson is its
 * course's buyers', its owner's and admins'. A course out of the catalogue shows nothing to the
 * public, previews included; its buyers keep what they paid for. Throws LESSON_NOT_FOUND (a
 * disabled course to others), UNAUTHENTICATED (signed out) or NOT_ENROLLED; answers whether
 * the viewer may watch the whole course.
 */
export async function assertMayTakeLesson(db: Database, user: Pick<SessionUser, 'id' | 'isAdmin'> | null, lesson: LessonAccessSubject): Promise<{ mayWatch: boolean }> {
  const mayWatch = Boolean(user && (user.isAdmin || user.id === lesson.course.ownerId || (await isEnrolled(db, user.id, lesson.courseId))));
  if (lesson.course.disabledAt && !mayWatch) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
  if (!lesson.isPreview && !mayWatch) {
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    throw new AppError('NOT_ENROLLED', 'Only buyers of this course can take this lesson');
  }
  return { mayWatch };
}
