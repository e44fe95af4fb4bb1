import { sql } from 'drizzle-orm';
import type { TeacherSales } from '../../../shared/schemas/teacher-sales';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { saleLinesQuery } from '../orders';

type SalesRow = { teacher_exists: boolean; courses: TeacherSales['courses']; daily: TeacherSales['daily'] };

/**
 * A teacher's sales in one query. Revenue and sales count the sold lines still standing
 * (`features/orders/sale-lines.ts`): a refunded line, alone or with its whole order, drops out of every
 * figure, and its revoked enrolment out of the students. Each CTE starts from the teacher's
 * courses (`courses_owner_id_idx`) and reaches order items, enrolments and reviews by their
 * course indexes. Prepared once per connection: PostgreSQL does not parse and plan its CTEs
 * again on every view.
 */
const salesStatement = (db: Database) =>
  preparedSql(db, 'teaching_teacher_sales', ['teacher_exists', 'courses', 'daily'], () => {
    const ownerId = sql.placeholder('ownerId');
    return sql`
      with own as (select id, title from courses where owner_id = ${ownerId}),
      sale_lines as (${saleLinesQuery}),
      paid_items as (
        select course_id, price_cents, discount_cents, referred, sold_at
        from sale_lines where course_id in (select id from own) and state = 'paid'
      ),
      sales as (
        select course_id, sum(price_cents)::int as revenue, count(*)::int as sales,
          (count(*) filter (where discount_cents > 0))::int as coupon_sales, (count(*) filter (where referred))::int as referral_sales
        from paid_items group by course_id
      ),
      students as (select course_id, count(*)::int as students from enrollments where course_id in (select id from own) group by course_id),
      ratings as (
        select course_id, json_build_array(
          count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
          count(*) filter (where rating = 4), count(*) filter (where rating = 5)) as ratings
        from reviews where course_id in (select id from own) group by course_id
      ),
      days as (select generate_series((now() at time zone 'UTC')::date - 29, (now() at time zone 'UTC')::date, interval '1 day')::date as day),
      daily as (
        select (sold_at at time zone 'UTC')::date as day, sum(price_cents)::int as revenue
        from paid_items where sold_at >= (now() at time zone 'UTC')::date - 29 group by 1
      )
      select
        exists (select 1 from users where id = ${ownerId}) as teacher_exists,
        (select coalesce(json_agg(json_build_object(
            'id', own.id, 'title', own.title, 'revenueCents', coalesce(sales.revenue, 0), 'sales', coalesce(sales.sales, 0),
            'couponSales', coalesce(sales.coupon_sales, 0), 'referralSales', coalesce(sales.referral_sales, 0),
            'students', coalesce(students.students, 0), 'ratings', coalesce(ratings.ratings, json_build_array(0, 0, 0, 0, 0))
          ) order by own.id desc), '[]'::json)
          from own left join sales on sales.course_id = own.id left join students on students.course_id = own.id
          left join ratings on ratings.course_id = own.id) as courses,
        (select json_agg(json_build_object('date', to_char(days.day, 'YYYY-MM-DD'), 'revenueCents', coalesce(daily.revenue, 0)) order by days.day)
          from days left join daily on daily.day = days.day) as daily
    `;
  });

/** The teacher's sales figures, or undefined when no such user exists. */
export async function teacherSales(db: Database, ownerId: string): Promise<TeacherSales | undefined> {
  const [row] = (await salesStatement(db).execute({ ownerId })) as SalesRow[];
  if (!row?.teacher_exists) return undefined;
  const courses = row.courses ?? [];
  const sum = (key: 'revenueCents' | 'sales' | 'students') => courses.reduce((total, course) => total + course[key], 0);
  return { courses, totals: { revenueCents: sum('revenueCents'), sales: sum('sales'), students: sum('students') }, daily: row.daily ?? [] };
}
