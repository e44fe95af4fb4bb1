import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { seedDemoData } from './seed';

/**
 * Migration 0012 on a copy of the demo data: a database at 0011 is filled with the demo seed's
 * rows (copied from a freshly seeded database, table by table, in the columns 0011 has), given
 * the learners' positions in the two videos as 0011 stored them, then migrated. Every course
 * must come out as one section (the intro a free-preview lesson, the main video the next), with
 * the positions carried over to the lessons, and nothing else changed.
 */

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const CURRICULUM_MIGRATION = 12;

type Journal = { entries: { idx: number; tag: string }[] };

/** A copy of the migrations folder whose journal stops after migration `last`. */
async function migrationsUpTo(folder: string, last: number): Promise<void> {
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= last) }));
}

const rowsOf = async <T>(client: PGlite, query: string, parameters: unknown[] = []) => (await client.query<T>(query, parameters)).rows;

describe('migration 0012 (curriculum) on a copy of the demo data', () => {
  let folder: string;
  let old: PGlite;
  const before: Record<string, number> = {};

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    await cp(migrationsFolder, folder, { recursive: true });
    await migrationsUpTo(folder, CURRICULUM_MIGRATION - 1);
    old = new PGlite('memory://', { extensions: { pg_trgm, unaccent } });
    await migrate(drizzle(old), { migrationsFolder: folder });

    const seeded = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
    try {
      await seedDemoData(seeded.db, { hashPassword: async (plain) => `hash:${plain}` });
      const source = seeded.db as unknown as { execute(query: string): Promise<{ rows: Record<string, unknown>[] }> };
      const tables = await rowsOf<{ table_name: string }>(old, `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
      // Foreign keys and the append-only triggers (neither fires for a replica) stay out of the copy's way.
      await old.exec(`set session_replication_role = replica`);
      for (const { table_name: table } of tables) {
        const columns = (await rowsOf<{ column_name: string }>(old, `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`, [table])).map(
          (row) => `"${row.column_name}"`,
        );
        const exists = await source.execute(`select to_regclass('public."${table}"') is not null as present`);
        if (!exists.rows[0]?.present) continue;
        // Rows a migration wrote (the catalogue's version) give way to the copy's.
        await old.exec(`delete from "${table}"`);
        const { rows } = await source.execute(`select coalesce(json_agg(json_build_object(${columns.map((column) => `'${column.slice(1, -1)}', ${column}`).join(', ')})), '[]') as data from "${table}"`);
        await old.query(`insert into "${table}" (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from json_populate_recordset(null::"${table}", $1::json)`, [
          JSON.stringify(rows[0]!.data),
        ]);
      }
      await old.exec(`set session_replication_role = origin`);
    } finally {
      await seeded.close();
    }
    // Where learners stopped, as 0011 kept it: each enrolled user half-way through the intro and
    // done with the main video of their first course, and one second into every other main video.
    await old.exec(`delete from video_progress`);
    await old.exec(`
      insert into video_progress (user_id, course_id, position, position_seconds, duration_seconds, watched_at)
      select e.user_id, e.course_id, v.position,
        case when v.position = 1 then v.duration_seconds / 2 else v.duration_seconds end,
        v.duration_seconds,
        case when v.position = 2 then now() end
      from enrollments e join course_videos v on v.course_id = e.course_id`);
    for (const table of ['courses', 'course_videos', 'enrollments', 'orders', 'order_items', 'reviews', 'users', 'video_progress', 'ledger_entries', 'invoices']) {
      before[table] = (await rowsOf<{ total: number }>(old, `select count(*)::int as total from "${table}"`))[0]!.total;
    }
    await migrationsUpTo(folder, CURRICULUM_MIGRATION);
    await migrate(drizzle(old), { migrationsFolder: folder });
  }, 240_000);

  afterAll(async () => {
    await old?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('copied the demo data (the test means something only with courses, videos and progress)', () => {
    expect(before.courses).toBeGreaterThan(10);
    expect(before.course_videos).toBe(2 * before.courses!);
    expect(before.video_progress).toBeGreaterThan(10);
  });

  it('turns every course into one section: the intro a free-preview lesson, then the main video', async () => {
    const sections = await rowsOf<{ course_id: number; sections: number; title: string; language: string }>(
      old,
      `select c.id as course_id, count(s.id)::int as sections, min(s.title) as title, c.language::text as language
       from courses c left join course_sections s on s.course_id = c.id group by c.id`,
    );
    expect(sections).toHaveLength(before.courses!);
    for (const section of sections) {
      expect(section.sections).toBe(1);
      expect(section.title).toBe(section.language === 'english' ? 'Course content' : 'Contenido del curso');
    }
    const lessons = await rowsOf<{ course_id: number; position: number; title: string; kind: string; is_preview: boolean; video_position: number; duration_seconds: number; video_duration: number; course_title: string }>(
      old,
      `select l.course_id, l.position, l.title, l.kind::text as kind, l.is_preview, v.position as video_position, l.duration_seconds, v.duration_seconds as video_duration, c.title as course_title
       from course_lessons l join course_videos v on v.id = l.video_id join courses c on c.id = l.course_id
       order by l.course_id, l.position`,
    );
    expect(lessons).toHaveLength(2 * before.courses!);
    for (const lesson of lessons) {
      expect(lesson.kind).toBe('video');
      expect(lesson.video_position).toBe(lesson.position);
      expect(lesson.is_preview).toBe(lesson.position === 1);
      expect(lesson.duration_seconds).toBe(lesson.video_duration);
      if (lesson.position === 2) expect(lesson.title).toBe(lesson.course_title);
    }
  });

  it('carries every learner’s position in each video over to its lesson, done ones still done', async () => {
    const carried = await rowsOf<{ missing: number }>(
      old,
      `select count(*)::int as missing from video_progress p
       join course_videos v on v.course_id = p.course_id and v.position = p.position
       join course_lessons l on l.video_id = v.id
       left join lesson_progress lp on lp.user_id = p.user_id and lp.lesson_id = l.id
         and lp.position_seconds = p.position_seconds and lp.duration_seconds = p.duration_seconds
         and (lp.completed_at is not null) = (p.watched_at is not null)
       where lp.lesson_id is null`,
    );
    expect(carried[0]!.missing).toBe(0);
    expect((await rowsOf<{ total: number }>(old, `select count(*)::int as total from lesson_progress`))[0]!.total).toBe(before.video_progress);
  });

  it('changes nothing else: courses, videos, enrolments, orders, reviews, the ledger and the invoices are all there', async () => {
    for (const table of Object.keys(before)) {
      expect({ table, rows: (await rowsOf<{ total: number }>(old, `select count(*)::int as total from "${table}"`))[0]!.total }).toEqual({ table, rows: before[table] });
    }
  });
});
