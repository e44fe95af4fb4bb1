import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { limits } from '../../../shared/limits';
import { DEFAULT_COURSE_COVER, type CourseForEdit, type CreateCourse, type CreatedCourse, type EditCourse } from '../../../shared/schemas/courses';
import type { FieldErrors } from '../../../shared/errors';
import { createStarterCurriculum, hoursOf, updateCourseDetails } from '../curriculum';
import type { Database } from '../../db/client';
import { lockPerUser } from '../../db/locks';
import { categories, courses, courseVideos, subcategories } from '../../db/schema';
import { displayedImageUrl } from '../catalog';
import { requestTranscodes } from '../media';
import { AppError } from '../../errors';

type CourseRow = typeof courses.$inferSelect;

const invalid = (fields: FieldErrors) => new AppError('VALIDATION_FAILED', 'Some fields are not valid', fields);

export function toCourseForEdit(course: CourseRow): CourseForEdit {
  return {
    id: course.id,
    title: course.title,
    imageUrl: course.imageUrl,
    teacherName: course.teacherName,
    description: course.description,
    durationHours: course.durationHours,
    priceCents: course.priceCents,
    language: course.language,
    level: course.level,
    categoryId: course.categoryId,
    subcategoryId: course.subcategoryId,
    ownerId: course.ownerId,
    disabledAt: course.disabledAt?.toISOString() ?? null,
    learningOutcomes: course.learningOutcomes,
    requirements: course.requirements,
  };
}

export type CreateCourseOptions = {
  /** The creator's videos that may wait for their HLS transcode at once (JOB_LIMIT_REACHED past it). */
  maxWaitingTranscodes?: number;
};

/**
 * Creates a course owned by `ownerId` and claims its two uploaded videos in the same
 * transaction: the first becomes the public intro (at most 60 s), the second the main video,
 * and both are queued for their HLS transcode (the MP4 plays until it is ready).
 * Everything the schema cannot know (the category exists, the subcategory is one of its
 * own, the videos are the creator's and unclaimed) is checked here and answered as field errors.
 */
export async function createCourse(db: Database, ownerId: string, input: CreateCourse, options: CreateCourseOptions = {}): Promise<CourseForEdit> {
  return db.transaction(async (tx) => {
    await lockPerUser(tx as unknown as Database, 'create-course', ownerId);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(courses)
      .where(and(eq(courses.ownerId, ownerId), gt(courses.createdAt, sql`now() - interval '1 day'`)));
    if ((recent?.count ?? 0) >= limits.coursesPerOwnerPerDay) {
      throw new AppError('COURSE_LIMIT_REACHED', `At most ${limits.coursesPerOwnerPerDay} new courses a day; try again tomorrow`);
    }
    const fields: FieldErrors = {};

    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, input.categoryId), isNull(categories.disabledAt)));
    if (!category) fields.categoryId = ['validation.categoryUnknown'];
    else {
      const [subcategory] = await tx
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.id, input.subcategoryId), eq(subcategories.categoryId, category.id), isNull(subcategories.disabledAt)));
      if (!subcategory) fields.subcategoryId = ['validation.subcategoryUnknown'];
    }

    // Locked until the transaction ends, so a sweep or a second course cannot take them meanwhile.
    const videos = await tx
      .select({ id: courseVideos.id, durationSeconds: courseVideos.durationSeconds, storageKey: courseVideos.storageKey })
      .from(courseVideos)
      .where(and(inArray(courseVideos.id, input.videoIds), eq(courseVideos.ownerId, ownerId), isNull(courseVideos.courseId)))
      .for('update');
    const [introId, mainId] = input.videoIds as [string, string];
    const intro = videos.find((video) => video.id === introId);
    if (videos.length !== limits.videosPerCourse) fields.videoIds = ['validation.videosUnavailable'];
    else if (intro && intro.durationSeconds > limits.introMaxSeconds) fields.videoIds = ['validation.introTooLong'];

    if (Object.keys(fields).length > 0) throw invalid(fields);

    const [course] = await tx
      .insert(courses)
      .values({
        title: input.title,
        description: input.description,
        imageUrl: input.imageUrl || DEFAULT_COURSE_COVER,
        categoryId: input.categoryId,
        subcategoryId: input.subcategoryId,
        // Computed from its lessons, never typed: the two videos' probed lengths, in started hours.
        durationHours: hoursOf(videos.reduce((sum, video) => sum + video.durationSeconds, 0)),
        language: input.language,
        level: input.level,
        priceCents: input.priceCents,
        teacherName: input.teacherName,
        learningOutcomes: input.learningOutcomes ?? [],
        requirements: input.requirements ?? [],
        ownerId,
      })
      .returning();
    await tx.update(courseVideos).set({ courseId: course!.id, position: 1 }).where(eq(courseVideos.id, introId));
    await tx.update(courseVideos).set({ courseId: course!.id, position: 2 }).where(eq(courseVideos.id, mainId));
    const videoOf = (id: string) => videos.find((video) => video.id === id)!;
    await createStarterCurriculum(tx as unknown as Database, course!, { intro: videoOf(introId), main: videoOf(mainId) });
    await requestTranscodes(tx as unknown as Database, ownerId, [videoOf(introId).storageKey, videoOf(mainId).storageKey], options.maxWaitingTranscodes);
    return toCourseForEdit(course!);
  });
}

/** The courses a user created, newest first, disabled ones included (marked). */
export async function listCreatedCourses(db: Database, ownerId: string): Promise<CreatedCourse[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      imageUrl: displayedImageUrl,
      priceCents: courses.priceCents,
      ratingAverage: courses.ratingAverage,
      ratingCount: courses.ratingCount,
      disabledAt: courses.disabledAt,
    })
    .from(courses)
    .where(eq(courses.ownerId, ownerId))
    .orderBy(desc(courses.createdAt), desc(courses.id));
  return rows.map((row) => ({ ...row, disabledAt: row.disabledAt?.toISOString() ?? null }));
}

export async function getCourseForEdit(db: Database, courseId: number): Promise<CourseForEdit> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError('COURSE_NOT_FOUND', 'Course not found');
  return toCourseForEdit(course);
}

/** Applies the fields given; the others stay as they are. */
export async function updateCourse(db: Database, courseId: number, edit: EditCourse): Promise<CourseForEdit> {
  return toCourseForEdit(await updateCourseDetails(db, courseId, edit));
}
