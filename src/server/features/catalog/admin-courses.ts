import { and, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import type { ActivityFilter, AdminCourseDetail, AdminCourseRow, Page } from '../../../shared/schemas/admin';
import { adminPageSize } from '../../../shared/schemas/admin';
import type { EditCourse } from '../../../shared/schemas/courses';
import type { Database } from '../../db/client';
import { categories, courses, enrollments, subcategories, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../../audit';
import { containsPattern, iso, offsetOf, pageOf } from '../../db/paging';
import { updateCourseDetails } from '../curriculum';

const rowColumns = {
  id: courses.id,
  title: courses.title,
  imageUrl: courses.imageUrl,
  teacherName: courses.teacherName,
  priceCents: courses.priceCents,
  disabledAt: courses.disabledAt,
};

const toRow = (row: { disabledAt: Date | null } & Omit<AdminCourseRow, 'disabledAt'>): AdminCourseRow => ({ ...row, disabledAt: iso(row.disabledAt) });

export async function listCourses(db: Database, { status, q, page }: { status: ActivityFilter; q?: string; page: number }): Promise<Page<AdminCourseRow>> {
  const where = and(
    status === 'active' ? isNull(courses.disabledAt) : isNotNull(courses.disabledAt),
    q ? or(ilike(courses.title, containsPattern(q)), ilike(courses.teacherName, containsPattern(q))) : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(courses).where(where);
  const rows = await db
    .select(rowColumns)
    .from(courses)
    .where(where)
    .orderBy(status === 'active' ? desc(courses.createdAt) : desc(courses.disabledAt), desc(courses.id))
    .limit(adminPageSize)
    .offset(offsetOf(page));
  return pageOf(rows.map(toRow), totals?.total ?? 0, page);
}

export async function getCourse(db: Database, id: number): Promise<AdminCourseDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      description: courses.description,
      durationHours: courses.durationHours,
      level: courses.level,
      language: courses.language,
      categoryId: courses.categoryId,
      category: categories.name,
      subcategoryId: courses.subcategoryId,
      subcategory: subcategories.name,
      ratingAverage: courses.ratingAverage,
      ratingCount: courses.ratingCount,
      ownerId: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      createdAt: courses.createdAt,
    })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, courses.subcategoryId))
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(eq(courses.id, id));
  if (!row) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  const [enrolled] = await db.select({ total: count() }).from(enrollments).where(eq(enrollments.courseId, id));
  const { ownerId, ownerName, ownerEmail, createdAt, disabledAt, ...rest } = row;
  return {
    ...rest,
    disabledAt: iso(disabledAt),
    owner: { id: ownerId, name: ownerName, email: ownerEmail },
    enrollmentCount: enrolled?.total ?? 0,
    createdAt: createdAt.toISOString(),
  };
}

async function lockCourse(tx: Database, id: number) {
  const [course] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  return course;
}

/** Edits a course through the teacher's own update path; the audit row keeps the fields that changed. */
export async function editCourse(db: Database, actorId: string, id: number, input: EditCourse): Promise<AdminCourseDetail> {
  await updateCourseDetails(db, id, input, { actorId });
  return getCourse(db, id);
}

/**
 * Takes a course out of the catalogue. Carts and favourites keep their lines, hidden while the
 * course is disabled (they read active courses only) and back when it is enabled; the buyers'
 * enrolments stay, and with them the course (they keep what they paid for).
 */
export async function disableCourse(db: Database, actorId: string, id: number): Promise<AdminCourseDetail> {
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, id);
    if (course.disabledAt) throw new AppError('CONFLICT', 'The course is already disabled');
    const disabledAt = new Date();
    await tx.update(courses).set({ disabledAt }).where(eq(courses.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'course.disable',
      targetType: 'course',
      targetId: id,
      before: { disabledAt: null },
      after: { disabledAt: disabledAt.toISOString() },
    });
  });
  return getCourse(db, id);
}

export async function enableCourse(db: Database, actorId: string, id: number): Promise<AdminCourseDetail> {
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, id);
    if (!course.disabledAt) throw new AppError('CONFLICT', 'The course is already enabled');
    await tx.update(courses).set({ disabledAt: null }).where(eq(courses.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'course.enable',
      targetType: 'course',
      targetId: id,
      before: { disabledAt: course.disabledAt.toISOString() },
      after: { disabledAt: null },
    });
  });
  return getCourse(db, id);
}
