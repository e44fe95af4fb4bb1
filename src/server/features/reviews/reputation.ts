import { sql } from 'drizzle-orm';
import type { CourseReputation } from '../../../shared/schemas/course-reputation';
import { DEFAULT_COURSE_COVER } from '../../../shared/schemas/courses';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { saleLinesQuery } from '../orders';
import { AppError } from '../../errors';

type RelatedCourse = CourseReputation['alsoBought'][number];

/**
 * The fewest different buyers who must have bought a course together with this one before it
 * is shown as "students also bought": fewer would let a visitor who knows one buyer read what
 * else that person bought. A privacy floor, not a tuning knob, so not a setting.
 */
export const ALSO_BOUGHT_MIN_BUYERS = 5;
type ReputationRow = { counts: number[]; students: number; also_bought: RelatedCourse[] | null; teacher_courses: RelatedCourse[] | null };

/** A related course's card; its picture as `displayedImageUrl` gives it (the cover, else the intro's poster). */
const related = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'title', ${alias}.title,
    'imageUrl', coalesce(case when ${alias}.image_url is null or ${alias}.image_url = '${DEFAULT_COURSE_COVER}' then ${alias}.poster_url end, ${alias}.image_url),
    'teacherName', ${alias}.teacher_name,
    'priceCents', ${alias}.price_cents, 'ratingAverage', ${alias}.rating_average)`);

/** The reputation's one query, with the course id as its parameter. */
const reputationStatement = (db: Database) =>
  preparedSql(db, 'reviews_course_reputation', ['counts', 'students', 'also_bought', 'teacher_courses'], () => {
    const courseId = sql.placeholder('courseId');
    return sql`
      with course as (select id, owner_id from courses where id = ${courseId} and disabled_at is null),
      also as (
        select other.course_id, count(distinct mine.buyer_id) as buyers
        from (${saleLinesQuery}) mine
        join (${saleLinesQuery}) other on other.order_id = mine.order_id and other.course_id <> mine.course_id and other.state = 'paid'
        where mine.course_id = ${courseId} and mine.state = 'paid'
        group by other.course_id
        having count(distinct mine.buyer_id) >= ${sql.raw(String(ALSO_BOUGHT_MIN_BUYERS))}
      )
      select
        (select json_build_array(
            count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
            count(*) filter (where rating = 4), count(*) filter (where rating = 5))
          from reviews where course_id = course.id) as counts,
        (select count(*)::int from enrollments where course_id = course.id) as students,
        (select json_agg(item) from (
            select ${related('c')} as item from also join courses c on c.id = also.course_id and c.disabled_at is null
            order by also.buyers desc, c.id limit 4) top) as also_bought,
        (select json_agg(item) from (
            select ${related('c')} as item from courses c where c.owner_id = course.owner_id and c.id <> course.id and c.disabled_at is null
            order by c.created_at desc, c.id desc limit 4) mine) as teacher_courses
      from course
    `;
  });

/**
 * An active course's reputation in one query, prepared once; 404 for an unknown or disabled course.
 * "Also bought" pairs the course's sold lines still standing (`features/orders/sale-lines.ts`) with the
 * other standing lines of the same orders (`order_items_course_id_idx`, then the order's primary
 * key; the definition is written inline twice so the planner reaches both by index), and keeps a course only when
 * `ALSO_BOUGHT_MIN_BUYERS` different buyers stand behind the pair, most buyers first.
 */
export async function courseReputation(db: Database, courseId: number): Promise<CourseReputation> {
  const [row] = (await reputationStatement(db).execute({ courseId })) as ReputationRow[];
  if (!row) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  const counts = row.counts.map(Number);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    ratings: counts.map((count, index) => ({ stars: index + 1, count, percent: total === 0 ? 0 : Math.round((100 * count) / total) })),
    students: row.students,
    alsoBought: row.also_bought ?? [],
    teacherCourses: row.teacher_courses ?? [],
  };
}
