import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import type { Database } from '../../db/client';
import { insertCatalogBase, insertCourse } from '../../db/factories';
import { courses } from '../../db/schema';
import { limits } from '../../../shared/limits';
import { parseSearch } from './search';
import { suggestTitles } from './service';

/**
 * The table of distinct titles (migration 0019_course_titles) against the courses it is kept
 * from: after every kind of change, the table must equal the active courses grouped by title,
 * and the suggestions must equal what grouping the matching courses answers.
 */

type TitleRow = { title: string; first_course_id: number; top_rating_count: number; course_count: number };

/** The table as the triggers keep it. */
async function keptTitles(db: Database): Promise<TitleRow[]> {
  const { rows } = await db.execute<TitleRow>(sql`select title, first_course_id, top_rating_count, course_count from course_titles order by title`);
  return rows;
}

/** The table as it should be: the active courses grouped by title. */
async function groupedTitles(db: Database): Promise<TitleRow[]> {
  const { rows } = await db.execute<TitleRow>(sql`
    select title, min(id)::int as first_course_id, max(rating_count)::int as top_rating_count, count(*)::int as course_count
    from courses where disabled_at is null group by title order by title`);
  return rows;
}

/** The suggestions computed as before the table existed: the matching active courses, grouped by title. */
async function groupedSuggestions(db: Database, q: string) {
  const terms = parseSearch(q)!;
  const suggest = (where: SQL, order: SQL) =>
    db
      .select({ id: sql<number>`min(${courses.id})`.mapWith(Number), title: courses.title })
      .from(courses)
      .where(and(isNull(courses.disabledAt), where))
      .groupBy(courses.title)
      .orderBy(order, asc(courses.title))
      .limit(limits.suggestions);
  const byWords = await suggest(sql`"courses"."search_document" @@ to_tsquery('simple', ${terms.titleQuery})`, desc(sql`max(${courses.ratingCount})`));
  if (byWords.length > 0) return byWords;
  return suggest(
    sql`"courses"."search_title" %> lower(immutable_unaccent(${terms.text}))`,
    desc(sql`max(word_similarity(lower(immutable_unaccent(${terms.text})), "courses"."search_title"))`),
  );
}

/** Words begun (one or two), accents left out, and typos (the trigram fallback). */
const prefixes = ['py', 'pyth', 'python d', 'curso', 'comp', 'pint', 'oleo', 'pythn', 'avanzdo', 'cursso compartdo'];

describe('the table of distinct titles behind the suggestions', () => {
  const ctx = useTestApp();

  /** Asks through the API, so the catalogue cache is in the way as for a real client. */
  const suggestThroughApi = async (q: string) => {
    const response = await ctx.app.inject({ url: `/api/courses/suggestions?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { id: number; title: string }[] }).items;
  };

  const expectExact = async (step: string) => {
    const expected = await groupedTitles(ctx.db);
    expect(await keptTitles(ctx.db), step).toEqual(expected);
    for (const q of prefixes) {
      const grouped = await groupedSuggestions(ctx.db, q);
      expect(await suggestTitles(ctx.db, q), `${step}: "${q}"`).toEqual(grouped);
      expect(await suggestThroughApi(q), `${step}: "${q}" through the API`).toEqual(grouped);
    }
    return expected;
  };

  it('follows courses created, renamed, disabled, enabled again, reviewed and deleted, titles shared', async () => {
    const base = await insertCatalogBase(ctx.db);
    const course = (title: string, ratingCount = 0, values: Partial<typeof courses.$inferInsert> = {}) => insertCourse(ctx.db, base.python, { title, ratingCount, ...values });
    const first = await course('Python desde cero', 2);
    const mostReviewed = await course('Python desde cero', 9);
    await course('Python desde cero', 4);
    const advanced = await course('Python avanzado', 1);
    await course('Python avanzado', 1);
    const painting = await course('Pintura al óleo', 3);
    await course('Python oculto', 50, { disabledAt: new Date() });
    // Several courses of several titles in one statement.
    await ctx.db.execute(sql`
      insert into courses (title, description, category_id, subcategory_id, duration_hours, language, level, price_cents, teacher_name, owner_id, rating_count)
      select case when i % 2 = 0 then 'Curso compartido' else 'Python avanzado' end, 'Descripción', ${base.python.categoryId}::int, ${base.python.subcategoryId}::int,
        1, 'spanish'::course_language, 'easy'::course_level, 1000, 'Profesor', ${base.ownerId}::text, i
      from generate_series(1, 6) as i`);
    const created = await expectExact('created');
    expect(created.find((row) => row.title === 'Python desde cero')).toMatchObject({ first_course_id: first.id, top_rating_count: 9, course_count: 3 });
    expect(created.some((row) => row.title === 'Python oculto')).toBe(false);

    // The first course of a title moves to another (older than that title's first course).
    await ctx.db.update(courses).set({ title: 'Python avanzado' }).where(eq(courses.id, first.id));
    const renamed = await expectExact('renamed');
    expect(renamed.find((row) => row.title === 'Python avanzado')).toMatchObject({ first_course_id: first.id });
    expect(renamed.find((row) => row.title === 'Python desde cero')).toMatchObject({ first_course_id: mostReviewed.id, course_count: 2 });

    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, mostReviewed.id));
    expect((await expectExact('most reviewed disabled')).find((row) => row.title === 'Python desde cero')).toMatchObject({ top_rating_count: 4, course_count: 1 });
    await ctx.db.update(courses).set({ disabledAt: null }).where(eq(courses.id, mostReviewed.id));
    expect((await expectExact('enabled again')).find((row) => row.title === 'Python desde cero')).toMatchObject({ top_rating_count: 9, course_count: 2 });

    // Rating counts fall and rise: the most reviewed title changes the order of the suggestions.
    await ctx.db.update(courses).set({ ratingCount: 0 }).where(eq(courses.id, mostReviewed.id));
    await expectExact('most reviewed lost its reviews');
    await ctx.db.update(courses).set({ ratingCount: 40 }).where(eq(courses.id, advanced.id));
    expect((await suggestTitles(ctx.db, 'python'))[0]).toMatchObject({ title: 'Python avanzado' });
    await expectExact('another got many');

    // Two courses swap titles in one statement; then other columns change, which must change nothing.
    await ctx.db
      .update(courses)
      .set({ title: sql`case when ${courses.id} = ${advanced.id} then 'Curso compartido' else 'Python avanzado' end` })
      .where(inArray(courses.id, [advanced.id, painting.id]));
    await expectExact('titles swapped');
    await ctx.db.update(courses).set({ priceCents: 500, description: 'Otra descripción' });
    await expectExact('prices changed');

    // Every course of a title disabled in one statement, then enabled again, then deleted.
    await ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.title, 'Python avanzado'));
    expect((await expectExact('a title disabled')).some((row) => row.title === 'Python avanzado')).toBe(false);
    await ctx.db.update(courses).set({ disabledAt: null }).where(eq(courses.title, 'Python avanzado'));
    await expectExact('a title enabled again');
    await ctx.db.delete(courses).where(eq(courses.title, 'Python avanzado'));
    expect((await expectExact('a title deleted')).some((row) => row.title === 'Python avanzado')).toBe(false);
    await ctx.db.delete(courses).where(eq(courses.id, mostReviewed.id));
    await expectExact('one course of a title deleted');

    await ctx.db.execute(sql`truncate courses cascade`);
    expect(await expectExact('emptied')).toEqual([]);
  });

  it('stays exact when many writers change courses of the same titles at once', async () => {
    const base = await insertCatalogBase(ctx.db);
    const titles = ['Curso compartido A', 'Curso compartido B', 'Curso compartido C'];
    // Several rows of several titles per statement, the titles in either order.
    const insertMany = (order: string[], ratingCount: number) =>
      ctx.db.execute(sql`
        insert into courses (title, description, category_id, subcategory_id, duration_hours, language, level, price_cents, teacher_name, owner_id, rating_count)
        select title, 'Descripción', ${base.python.categoryId}::int, ${base.python.subcategoryId}::int, 1, 'spanish'::course_language, 'easy'::course_level,
          1000, 'Profesor', ${base.ownerId}::text, ${ratingCount}::int
        from jsonb_array_elements_text(${JSON.stringify(order)}::jsonb) as title`);
    const seeded = await Promise.all(Array.from({ length: 12 }, (_, index) => insertCourse(ctx.db, base.python, { title: titles[index % 3]!, ratingCount: index })));
    // On the PostgreSQL server these run on several connections at once (the embedded database queues them).
    await Promise.all([
      ...Array.from({ length: 10 }, (_, index) => insertMany(index % 2 === 0 ? titles : [...titles].reverse(), index)),
      ...seeded.map((course, index) => {
        if (index % 4 === 0) return ctx.db.update(courses).set({ title: titles[(index + 1) % 3]! }).where(eq(courses.id, course.id));
        if (index % 4 === 1) return ctx.db.update(courses).set({ disabledAt: new Date() }).where(eq(courses.id, course.id));
        if (index % 4 === 2) return ctx.db.delete(courses).where(eq(courses.id, course.id));
        return ctx.db.update(courses).set({ ratingCount: 0 }).where(eq(courses.id, course.id));
      }),
      ...Array.from({ length: 4 }, (_, index) =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`insert into courses (title, description, category_id, subcategory_id, duration_hours, language, level, price_cents, teacher_name, owner_id)
            values (${titles[index % 3]!}, 'D', ${base.python.categoryId}, ${base.python.subcategoryId}, 1, 'spanish', 'easy', 0, 'P', ${base.ownerId})`);
          await tx.execute(sql`insert into courses (title, description, category_id, subcategory_id, duration_hours, language, level, price_cents, teacher_name, owner_id)
            values (${titles[(index + 2) % 3]!}, 'D', ${base.python.categoryId}, ${base.python.subcategoryId}, 1, 'spanish', 'easy', 0, 'P', ${base.ownerId})`);
        }),
      ),
    ]);
    const kept = await expectExact('after the writers');
    expect(kept.reduce((total, row) => total + row.course_count, 0)).toBe(12 - 6 + 30 + 8);
  });

  it('is filled again from the courses by rebuild_course_titles after writes made with the triggers off', async () => {
    const base = await insertCatalogBase(ctx.db);
    await insertCourse(ctx.db, base.python, { title: 'Python desde cero', ratingCount: 3 });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await insertCourse(tx as unknown as Database, base.python, { title: 'Python desde cero', ratingCount: 7 });
      await insertCourse(tx as unknown as Database, base.python, { title: 'Pintura al óleo' });
    });
    expect(await keptTitles(ctx.db)).not.toEqual(await groupedTitles(ctx.db));
    await ctx.db.execute(sql`select rebuild_course_titles()`);
    // The rebuild changes only the titles table: a statement on courses makes the new catalogue version.
    await ctx.db.update(courses).set({ title: 'x' }).where(sql`false`);
    await expectExact('rebuilt');
  });
});
