import { and, desc, eq, sql } from 'drizzle-orm';
import type { TeacherProfile } from '../../../shared/schemas/catalog';
import type { Database } from '../../db/client';
import { courses, enrollments, users } from '../../db/schema';
import { isActiveCourse, summaryColumns } from './course-summary';
import { AppError } from '../../errors';
import { limits } from '../../../shared/limits';
import { uncached, type CacheView } from '../../cache/catalog-cache';

const notFound = () => new AppError('TEACHER_NOT_FOUND', 'Teacher not found');

async function loadTeacherProfile(db: Database, id: string, page: number): Promise<TeacherProfile | null> {
  const [account] = await db
    .select({ id: users.id, image: users.image, bio: users.bio, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, id));
  if (!account || account.disabledAt) return null;
  const active = and(eq(courses.ownerId, id), isActiveCourse);
  const [figures] = await db
    .select({
      courseCount: sql<number>`count(*)::int`,
      studentCount: sql<number>`(select count(distinct ${enrollments.userId})::int from ${enrollments} join ${courses} on ${courses.id} = ${enrollments.courseId} where ${active})`,
      ratingCount: sql<number>`coalesce(sum(${courses.ratingCount}), 0)::int`,
      ratingTotal: sql<number>`coalesce(sum(${courses.ratingAverage} * ${courses.ratingCount}), 0)::float8`,
    })
    .from(courses)
    .where(active);
  const courseCount = figures?.courseCount ?? 0;
  if (courseCount === 0) return null;
  const pageCount = Math.ceil(courseCount / limits.pageSize);
  const shown = Math.min(page, pageCount);
  const newestFirst = [desc(courses.createdAt), desc(courses.id)] as const;
  const [list, [newest]] = await Promise.all([
    db.select(summaryColumns).from(courses).where(active).orderBy(...newestFirst).limit(limits.pageSize).offset((shown - 1) * limits.pageSize),
    shown === 1 ? [] : db.select({ teacherName: courses.teacherName }).from(courses).where(active).orderBy(...newestFirst).limit(1),
  ]);
  const ratingCount = figures?.ratingCount ?? 0;
  return {
    id: account.id,
    // The name buyers know them by: the one their newest course shows (the account's name may be an e-mail's first part).
    name: (newest ?? list[0]!).teacherName,
    image: account.image,
    bio: account.bio,
    studentCount: figures?.studentCount ?? 0,
    // Weighted by each course's reviews, rounded as the course pages show ratings (to a hundredth).
    ratingAverage: ratingCount === 0 ? 0 : Math.round(((figures?.ratingTotal ?? 0) / ratingCount) * 100) / 100,
    ratingCount,
    courses: list,
    courseCount,
    page: shown,
    pageSize: limits.pageSize,
    pageCount,
  };
}

/**
 * A teacher's public profile, kept in the catalogue's cache: their courses and ratings change the
 * catalogue's version, and so do their name, picture, bio and account being disabled (migration
 * 0017). Enrolments do not, so the student count may lag by the cache's time to live.
 * A disabled account, or one without an active course, is no teacher to show: TEACHER_NOT_FOUND.
 */
export async function getTeacherProfile(db: Database, id: string, page = 1, cache: CacheView = uncached): Promise<TeacherProfile> {
  const profile = await cache.get(`teacher:${id}:${page}`, () => loadTeacherProfile(db, id, page));
  if (!profile) throw notFound();
  return profile;
}
