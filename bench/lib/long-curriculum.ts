import { eq, max } from 'drizzle-orm';
import { curriculumDefaults } from '../../src/shared/limits';
import type { Database } from '../../src/server/db/client';
import { courseLessons, courseSections, courseVideos } from '../../src/server/db/schema';
import { readingSeconds } from '../../src/server/features/curriculum';

const lessonBody = 'Una lección de texto con sus ejemplos. '.repeat(60);

/**
 * Grows a course's curriculum to the limits (by default 50 sections, 300 lessons in all),
 * after its starter section: mostly videos (the course's main video again, as a new lesson's
 * upload of the same file would be), some text lessons and files, a free preview now and then.
 * For the page audits, whose course page must meet its gates with the largest curriculum allowed.
 */
export async function growLongCurriculum(db: Database, courseId: number, { sections = curriculumDefaults.maxSections, lessons = curriculumDefaults.maxLessons } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const [main] = await tx.select().from(courseVideos).where(eq(courseVideos.courseId, courseId)).orderBy(courseVideos.position);
    if (!main) throw new Error(`course ${courseId} has no video`);
    const [existing] = await tx.select({ sections: max(courseSections.position) }).from(courseSections).where(eq(courseSections.courseId, courseId));
    const existingLessons = await tx.$count(courseLessons, eq(courseLessons.courseId, courseId));
    const firstPosition = (existing?.sections ?? 0) + 1;
    const newSections = sections - firstPosition + 1;
    const newLessons = lessons - existingLessons;
    if (newSections < 1 || newLessons < newSections) throw new Error(`course ${courseId} already has ${existing?.sections} sections and ${existingLessons} lessons`);

    const inserted = await tx
      .insert(courseSections)
      .values(Array.from({ length: newSections }, (_, index) => ({ courseId, title: `Módulo ${firstPosition + index}: práctica guiada y ejercicios`, position: firstPosition + index })))
      .returning({ id: courseSections.id });
    let lessonNumber = existingLessons;
    for (const [index, section] of inserted.entries()) {
      // Spread evenly; the first sections take the remainder.
      const count = Math.floor(newLessons / newSections) + (index < newLessons % newSections ? 1 : 0);
      const rows: (typeof courseLessons.$inferInsert)[] = [];
      for (let position = 1; position <= count; position++) {
        lessonNumber += 1;
        const title = `Lección ${lessonNumber}: un tema del curso explicado paso a paso`;
        const isPreview = lessonNumber % 25 === 0;
        if (position % 6 === 0) {
          rows.push({ courseId, sectionId: section.id, position, title, kind: 'resource', isPreview, resourceKey: `bench/resource-${courseId}-${lessonNumber}.pdf`, resourceName: `leccion-${lessonNumber}.pdf`, resourceSizeBytes: 250_000 });
        } else if (position % 3 === 0) {
          rows.push({ courseId, sectionId: section.id, position, title, kind: 'text', isPreview, body: lessonBody, durationSeconds: readingSeconds(lessonBody) });
        } else {
          const durationSeconds = 120 + ((lessonNumber * 37) % 600);
          const [video] = await tx
            .insert(courseVideos)
            .values({ ownerId: main.ownerId, courseId, position: null, storageKey: main.storageKey, contentType: main.contentType, sizeBytes: main.sizeBytes, width: main.width, height: main.height, durationSeconds })
            .returning({ id: courseVideos.id });
          rows.push({ courseId, sectionId: section.id, position, title, kind: 'video', isPreview, videoId: video!.id, durationSeconds });
        }
      }
      await tx.insert(courseLessons).values(rows);
    }
  });
}
