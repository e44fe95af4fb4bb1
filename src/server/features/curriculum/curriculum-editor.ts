import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { CurriculumOrderInput, EditableCurriculum, LessonEditInput, NewLessonInput } from '../../../shared/schemas/curriculum-editing';
import type { Database } from '../../db/client';
import { courseLessons, courses, courseSections, courseVideos, videoTranscodes } from '../../db/schema';
import { ensureLessonRoom, ensureSectionRoom, hoursOf, lockCourseForCurriculum, refreshCourseLength, type CurriculumCaps } from './course-length';
import { readingSeconds } from './curriculum';
import { removeUnreferencedFiles, requestTranscodes, type StoredFileRemover } from '../media';
import { AppError } from '../../errors';
import { createQuiz } from '../quizzes';

/**
 * The curriculum editor: a course's sections and lessons as its owner (or an admin) edits
 * them. Every write locks the course's row, keeps the caps, renumbers what it moved and sets
 * the course's computed length, in one transaction.
 */

export type CurriculumEditorContext = {
  db: Database;
  storage: StoredFileRemover;
  caps: CurriculumCaps;
  /** The course owner's videos that may wait for their transcode at once. */
  maxWaitingTranscodes: number;
};

const courseVideoRole = { 1: 'intro', 2: 'main' } as const;

/** The course's curriculum in order, with what the editor shows of each lesson. */
export async function readEditableCurriculum(db: Database, courseId: number, caps: CurriculumCaps): Promise<EditableCurriculum> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  const sections = await db
    .select({ id: courseSections.id, title: courseSections.title })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id));
  const lessons = await db
    .select({
      id: courseLessons.id,
      sectionId: courseLessons.sectionId,
      title: courseLessons.title,
      kind: courseLessons.kind,
      isPreview: courseLessons.isPreview,
      durationSeconds: courseLessons.durationSeconds,
      body: courseLessons.body,
      resourceName: courseLessons.resourceName,
      videoPosition: courseVideos.position,
      videoState: videoTranscodes.state,
    })
    .from(courseLessons)
    .leftJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
    .leftJoin(videoTranscodes, eq(videoTranscodes.storageKey, courseVideos.storageKey))
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  const bySection = new Map(sections.map((section) => [section.id, { ...section, lessons: [] as EditableCurriculum['sections'][number]['lessons'] }]));
  for (const { sectionId, videoPosition, videoState, ...lesson } of lessons) {
    bySection.get(sectionId)?.lessons.push({
      ...lesson,
      courseVideo: videoPosition === 1 || videoPosition === 2 ? courseVideoRole[videoPosition] : null,
      videoState: lesson.kind === 'video' ? (videoState ?? null) : null,
    });
  }
  const totalSeconds = lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0);
  return {
    courseId,
    sections: [...bySection.values()],
    lessonCount: lessons.length,
    totalSeconds,
    durationHours: hoursOf(totalSeconds),
    limits: { maxSections: caps.maxSections, maxLessons: caps.maxLessons },
  };
}

/** Runs one change of the curriculum under the course's lock, then sets the course's length. */
async function changeCurriculum<T>(db: Database, courseId: number, change: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await lockCourseForCurriculum(tx, courseId);
    const result = await change(tx);
    await refreshCourseLength(tx, courseId);
    return result;
  });
}

async function findSection(tx: Database, courseId: number, sectionId: number) {
  const [section] = await tx
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)));
  if (!section) throw new AppError('SECTION_NOT_FOUND', 'Section not found');
  return section;
}

async function findLesson(tx: Database, courseId: number, lessonId: number) {
  const [lesson] = await tx
    .select({ id: courseLessons.id, kind: courseLessons.kind, videoId: courseLessons.videoId, resourceKey: courseLessons.resourceKey, videoPosition: courseVideos.position })
    .from(courseLessons)
    .leftJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
    .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.courseId, courseId)));
  if (!lesson) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
  return lesson;
}

const refuseCourseVideo = () =>
  new AppError('COURSE_VIDEO_LESSON_REQUIRED', "The course's intro and main video lessons (and their section) cannot be removed");

type RemovedLesson = { videoId: string | null; resourceKey: string | null };
/** What removed lessons leave to delete once their transaction committed: their videos' and resources' stored files. */
type LeftoverFiles = { videoKeys: string[]; resourceKeys: string[] };

/** Removes removed lessons' videos (their rows, inside the transaction); their files go once it committed (`removeLeftoverFiles`). */
async function deleteLessonVideos(tx: Database, lessons: RemovedLesson[]): Promise<LeftoverFiles> {
  const videoIds = lessons.flatMap((lesson) => lesson.videoId ?? []);
  const resourceKeys = lessons.flatMap((lesson) => lesson.resourceKey ?? []);
  if (videoIds.length === 0) return { videoKeys: [], resourceKeys };
  const deleted = await tx.delete(courseVideos).where(inArray(courseVideos.id, videoIds)).returning({ storageKey: courseVideos.storageKey });
  return { videoKeys: deleted.map((row) => row.storageKey), resourceKeys };
}

/** Videos go as deleted uploads' do (a key shared with another row stays); a resource's file is its lesson's alone. */
async function removeLeftoverFiles(db: Database, storage: StoredFileRemover, { videoKeys, resourceKeys }: LeftoverFiles) {
  await removeUnreferencedFiles(db, storage, videoKeys);
  for (const key of resourceKeys) await storage.remove(key);
}

export async function addSection(context: CurriculumEditorContext, courseId: number, title: string): Promise<EditableCurriculum> {
  const { db, caps } = context;
  await changeCurriculum(db, courseId, async (tx) => {
    await ensureSectionRoom(tx, courseId, caps);
    const [last] = await tx.select({ position: max(courseSections.position) }).from(courseSections).where(eq(courseSections.courseId, courseId));
    await tx.insert(courseSections).values({ courseId, title, position: (last?.position ?? 0) + 1 });
  });
  return readEditableCurriculum(db, courseId, caps);
}

export async function renameSection(context: CurriculumEditorContext, courseId: number, sectionId: number, title: string): Promise<EditableCurriculum> {
  const { db, caps } = context;
  await changeCurriculum(db, courseId, async (tx) => {
    await findSection(tx, courseId, sectionId);
    await tx.update(courseSections).set({ title }).where(eq(courseSections.id, sectionId));
  });
  return readEditableCurriculum(db, courseId, caps);
}

export async function deleteSection(context: CurriculumEditorContext, courseId: number, sectionId: number): Promise<EditableCurriculum> {
  const { db, storage, caps } = context;
  const leftovers = await changeCurriculum(db, courseId, async (tx) => {
    await findSection(tx, courseId, sectionId);
    const lessons = await tx
      .select({ id: courseLessons.id, videoId: courseLessons.videoId, resourceKey: courseLessons.resourceKey, videoPosition: courseVideos.position })
      .from(courseLessons)
      .leftJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
      .where(eq(courseLessons.sectionId, sectionId));
    if (lessons.some((lesson) => lesson.videoPosition !== null)) throw refuseCourseVideo();
    // The lessons first: they point at their videos. Their progress goes with them.
    await tx.delete(courseLessons).where(eq(courseLessons.sectionId, sectionId));
    await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
    await renumberSections(tx, courseId);
    return deleteLessonVideos(tx, lessons);
  });
  await removeLeftoverFiles(db, storage, leftovers);
  return readEditableCurriculum(db, courseId, caps);
}

async function renumberSections(tx: Database, courseId: number) {
  const rest = await tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position), asc(courseSections.id));
  for (const [index, { id }] of rest.entries()) await tx.update(courseSections).set({ position: index + 1 }).where(eq(courseSections.id, id));
}

async function renumberLessons(tx: Database, sectionId: number) {
  const rest = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.sectionId, sectionId)).orderBy(asc(courseLessons.position), asc(courseLessons.id));
  for (const [index, { id }] of rest.entries()) await tx.update(courseLessons).set({ position: index + 1 }).where(eq(courseLessons.id, id));
}

/**
 * Adds a lesson at the end of a section. A video is one of the course owner's uploads no course
 * has claimed: claimed here as course creation claims one (no position: only the intro and the
 * main video have one), and queued for its transcode; its length is the probed one.
 */
export async function addLesson(context: CurriculumEditorContext, courseId: number, sectionId: number, input: NewLessonInput): Promise<EditableCurriculum> {
  const { db, caps } = context;
  await changeCurriculum(db, courseId, async (tx) => {
    await findSection(tx, courseId, sectionId);
    await ensureLessonRoom(tx, courseId, caps);
    const [last] = await tx.select({ position: max(courseLessons.position) }).from(courseLessons).where(eq(courseLessons.sectionId, sectionId));
    const common = { courseId, sectionId, position: (last?.position ?? 0) + 1, title: input.title, isPreview: input.isPreview ?? false };
    if (input.kind === 'text') {
      await tx.insert(courseLessons).values({ ...common, kind: 'text', body: input.body, durationSeconds: readingSeconds(input.body) });
      return;
    }
    if (input.kind === 'quiz') {
      // An empty quiz lasts nothing until it has questions (its length is computed when saved); it goes with its lesson.
      const [lesson] = await tx.insert(courseLessons).values({ ...common, kind: 'quiz', durationSeconds: 0 }).returning({ id: courseLessons.id });
      await createQuiz(tx, lesson!.id);
      return;
    }
    const [course] = await tx.select({ ownerId: courses.ownerId }).from(courses).where(eq(courses.id, courseId));
    // Locked until the transaction ends, so the sweep or another course cannot take it meanwhile.
    const [video] = await tx
      .select({ id: courseVideos.id, durationSeconds: courseVideos.durationSeconds, storageKey: courseVideos.storageKey })
      .from(courseVideos)
      .where(and(eq(courseVideos.id, input.videoId), eq(courseVideos.ownerId, course!.ownerId), isNull(courseVideos.courseId)))
      .for('update');
    if (!video) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', { videoId: ['validation.lessonVideoUnavailable'] });
    await tx.update(courseVideos).set({ courseId }).where(eq(courseVideos.id, video.id));
    await tx.insert(courseLessons).values({ ...common, kind: 'video', videoId: video.id, durationSeconds: video.durationSeconds });
    await requestTranscodes(tx, course!.ownerId, [video.storageKey], context.maxWaitingTranscodes);
  });
  return readEditableCurriculum(db, courseId, caps);
}

export async function updateLesson(context: CurriculumEditorContext, courseId: number, lessonId: number, edit: LessonEditInput): Promise<EditableCurriculum> {
  const { db, caps } = context;
  await changeCurriculum(db, courseId, async (tx) => {
    const lesson = await findLesson(tx, courseId, lessonId);
    if (edit.body != null && lesson.kind !== 'text') {
      throw new AppError('VALIDATION_FAILED', 'Only a text lesson has a body', { body: ['validation.lessonBodyTextOnly'] });
    }
    const changes: Partial<typeof courseLessons.$inferInsert> = {};
    if (edit.title != null) changes.title = edit.title;
    if (edit.isPreview != null) changes.isPreview = edit.isPreview;
    if (edit.body != null) Object.assign(changes, { body: edit.body, durationSeconds: readingSeconds(edit.body) });
    if (Object.keys(changes).length > 0) await tx.update(courseLessons).set(changes).where(eq(courseLessons.id, lessonId));
  });
  return readEditableCurriculum(db, courseId, caps);
}

/** Removes a lesson; a video lesson's video goes with it, as a deleted upload's does, and a resource's file. */
export async function deleteLesson(context: CurriculumEditorContext, courseId: number, lessonId: number): Promise<EditableCurriculum> {
  const { db, storage, caps } = context;
  const leftovers = await changeCurriculum(db, courseId, async (tx) => {
    const lesson = await findLesson(tx, courseId, lessonId);
    if (lesson.videoPosition !== null) throw refuseCourseVideo();
    const [removed] = await tx.delete(courseLessons).where(eq(courseLessons.id, lessonId)).returning({ sectionId: courseLessons.sectionId });
    await renumberLessons(tx, removed!.sectionId);
    return deleteLessonVideos(tx, [lesson]);
  });
  await removeLeftoverFiles(db, storage, leftovers);
  return readEditableCurriculum(db, courseId, caps);
}

/** Puts every section and lesson where the order says; an order that is not exactly the course's curriculum is refused. */
export async function reorderCurriculum(context: CurriculumEditorContext, courseId: number, order: CurriculumOrderInput): Promise<EditableCurriculum> {
  const { db, caps } = context;
  await changeCurriculum(db, courseId, async (tx) => {
    const sections = await tx.select({ id: courseSections.id }).from(courseSections).where(eq(courseSections.courseId, courseId));
    const lessons = await tx.select({ id: courseLessons.id, sectionId: courseLessons.sectionId, position: courseLessons.position }).from(courseLessons).where(eq(courseLessons.courseId, courseId));
    const named = { sections: order.sections.map((section) => section.id), lessons: order.sections.flatMap((section) => section.lessonIds) };
    if (!sameSet(named.sections, sections.map((section) => section.id)) || !sameSet(named.lessons, lessons.map((lesson) => lesson.id))) {
      throw new AppError('CURRICULUM_ORDER_MISMATCH', "The order must name each of the course's sections and lessons exactly once");
    }
    const current = new Map(lessons.map((lesson) => [lesson.id, lesson]));
    for (const [sectionIndex, section] of order.sections.entries()) {
      await tx.update(courseSections).set({ position: sectionIndex + 1 }).where(eq(courseSections.id, section.id));
      for (const [lessonIndex, lessonId] of section.lessonIds.entries()) {
        const was = current.get(lessonId)!;
        // Only what moved is written.
        if (was.sectionId === section.id && was.position === lessonIndex + 1) continue;
        await tx.update(courseLessons).set({ sectionId: section.id, position: lessonIndex + 1 }).where(eq(courseLessons.id, lessonId));
      }
    }
  });
  return readEditableCurriculum(db, courseId, caps);
}

/** True when `named` lists each of `actual` exactly once and nothing else. */
function sameSet(named: number[], actual: number[]): boolean {
  const unique = new Set(named);
  return unique.size === named.length && named.length === actual.length && actual.every((id) => unique.has(id));
}
