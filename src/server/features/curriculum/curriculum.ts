import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CourseLanguage, LessonKind } from '../../../shared/limits';
import { curriculumLimits } from '../../../shared/limits';
import type { Database } from '../../db/client';
import { courseLessons, courseSections, courseVideos } from '../../db/schema';

/**
 * The one owner of a course's curriculum shape: how a new course's two videos become its first
 * section, and how a curriculum is read (in order, with its computed length) by the course page,
 * the player and the editor.
 */

/**
 * Whether a lesson (of `course_lessons`, in a query) counts towards completing its course: the
 * course's intro trailer (its first video, `course_videos.position` 1) is a preview that sells
 * the course, not a lesson, so neither progress nor completion nor the certificate asks for it.
 * It still plays, and its progress is still kept.
 */
export const countsTowardsCompletion = sql`not exists (select 1 from ${courseVideos} where ${courseVideos.id} = ${courseLessons.videoId} and ${courseVideos.position} = 1)`;

/** The ids of the course's lessons that play its intro trailer (none or one). */
export async function introLessonIds(db: Database, courseId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .innerJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
    .where(sql`${courseLessons.courseId} = ${courseId} and ${courseVideos.position} = 1`);
  return new Set(rows.map((row) => row.id));
}

export type CurriculumLesson = {
  id: number;
  title: string;
  kind: LessonKind;
  isPreview: boolean;
  durationSeconds: number;
};

export type CurriculumSection = { id: number; title: string; lessons: CurriculumLesson[] };

export type Curriculum = {
  sections: CurriculumSection[];
  lessonCount: number;
  /** The sum of the lessons' computed durations. */
  totalSeconds: number;
};

/** The starter section's and intro lesson's names, in the course's own language. */
const starterNames: Record<CourseLanguage, { section: string; intro: string }> = {
  spanish: { section: 'Contenido del curso', intro: 'Introducción' },
  english: { section: 'Course content', intro: 'Introduction' },
};

type StarterVideo = { id: string; durationSeconds: number };

/**
 * A new course's curriculum, as the spec's create flow makes it: one section, the intro as a
 * free-preview lesson, the main video as lesson 1 (named after the course). Call it in the
 * transaction that creates the course. The 0012 migration made the same of earlier courses.
 */
export async function createStarterCurriculum(
  db: Database,
  course: { id: number; title: string; language: CourseLanguage },
  videos: { intro: StarterVideo; main: StarterVideo },
): Promise<void> {
  const names = starterNames[course.language];
  const [section] = await db.insert(courseSections).values({ courseId: course.id, title: names.section, position: 1 }).returning({ id: courseSections.id });
  await db.insert(courseLessons).values([
    { courseId: course.id, sectionId: section!.id, position: 1, title: names.intro, kind: 'video', isPreview: true, videoId: videos.intro.id, durationSeconds: videos.intro.durationSeconds },
    { courseId: course.id, sectionId: section!.id, position: 2, title: course.title, kind: 'video', isPreview: false, videoId: videos.main.id, durationSeconds: videos.main.durationSeconds },
  ]);
}

/** A text lesson's length: its words at the reading speed, in whole seconds, at least one. */
export function readingSeconds(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil((words / curriculumLimits.readingWordsPerMinute) * 60));
}

/** A curriculum's counts: its number of lessons and its total length, from its sections. */
export function withTotals(sections: CurriculumSection[]): Curriculum {
  let lessonCount = 0;
  let totalSeconds = 0;
  for (const section of sections) {
    lessonCount += section.lessons.length;
    for (const lesson of section.lessons) totalSeconds += lesson.durationSeconds;
  }
  return { sections, lessonCount, totalSeconds };
}

/**
 * A course's sections with their lessons, in order, as one JSON value of a query on the course
 * (`courseId` is the outer query's course id column): the course page reads its curriculum in the
 * same round trip as the course, from the two (course, position) and (section, position) indexes.
 * Each lesson is a compact array [id, title, kind, isPreview, durationSeconds]: a 300-lesson
 * course's JSON is then a third smaller than with keys. Turn the value into sections with
 * `sectionsFromJson`, then `withTotals`.
 */
export const curriculumJson = (courseId: AnyPgColumn): SQL<CurriculumJson> => sql<CurriculumJson>`(
  select coalesce(json_agg(json_build_array(${courseSections.id}, ${courseSections.title}, (
    select coalesce(json_agg(json_build_array(${courseLessons.id}, ${courseLessons.title}, ${courseLessons.kind}, ${courseLessons.isPreview}, ${courseLessons.durationSeconds})
      order by ${courseLessons.position}, ${courseLessons.id}), '[]'::json)
    from ${courseLessons} where ${courseLessons.sectionId} = ${courseSections.id}
  )) order by ${courseSections.position}, ${courseSections.id}), '[]'::json)
  from ${courseSections} where ${courseSections.courseId} = ${courseId}
)`;

type CurriculumJson = [id: number, title: string, lessons: [id: number, title: string, kind: LessonKind, isPreview: boolean, durationSeconds: number][]][];

/** The sections of a `curriculumJson` value (parsed by the driver, or still text). */
export function sectionsFromJson(value: CurriculumJson | string | null): CurriculumSection[] {
  const rows: CurriculumJson = typeof value === 'string' ? (JSON.parse(value) as CurriculumJson) : (value ?? []);
  return rows.map(([id, title, lessons]) => ({
    id,
    title,
    lessons: lessons.map(([lessonId, lessonTitle, kind, isPreview, durationSeconds]) => ({ id: lessonId, title: lessonTitle, kind, isPreview, durationSeconds })),
  }));
}

/** The curricula of several courses, each in order; a course without sections has an empty one. */
export async function readCurricula(db: Database, courseIds: readonly number[]): Promise<Map<number, Curriculum>> {
  const result = new Map<number, Curriculum>(courseIds.map((id) => [id, { sections: [], lessonCount: 0, totalSeconds: 0 }]));
  if (courseIds.length === 0) return result;
  const sections = await db
    .select({ id: courseSections.id, courseId: courseSections.courseId, title: courseSections.title })
    .from(courseSections)
    .where(inArray(courseSections.courseId, [...courseIds]))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
  const lessons = await db
    .select({
      id: courseLessons.id,
      sectionId: courseLessons.sectionId,
      title: courseLessons.title,
      kind: courseLessons.kind,
      isPreview: courseLessons.isPreview,
      durationSeconds: courseLessons.durationSeconds,
    })
    .from(courseLessons)
    .where(inArray(courseLessons.courseId, [...courseIds]))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  const bySection = new Map<number, CurriculumSection>();
  for (const section of sections) {
    const entry: CurriculumSection = { id: section.id, title: section.title, lessons: [] };
    bySection.set(section.id, entry);
    result.get(section.courseId)!.sections.push(entry);
  }
  for (const { sectionId, ...lesson } of lessons) bySection.get(sectionId)?.lessons.push(lesson);
  for (const [courseId, curriculum] of result) result.set(courseId, withTotals(curriculum.sections));
  return result;
}

/** One course's curriculum, in order. */
export async function readCurriculum(db: Database, courseId: number): Promise<Curriculum> {
  return (await readCurricula(db, [courseId])).get(courseId)!;
}

/** The lessons of a course in the order a learner takes them (sections, then lessons). */
export const lessonsInOrder = (curriculum: Curriculum): CurriculumLesson[] => curriculum.sections.flatMap((section) => section.lessons);

/** Which course a lesson belongs to, or null when there is no such lesson. */
export async function courseOfLesson(db: Database, lessonId: number): Promise<number | null> {
  const [row] = await db.select({ courseId: courseLessons.courseId }).from(courseLessons).where(eq(courseLessons.id, lessonId));
  return row?.courseId ?? null;
}
