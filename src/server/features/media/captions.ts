import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courseLessons, courses, courseVideos, videoCaptions } from '../../db/schema';
import { AppError } from '../../errors';
import { parseCaptions, serializeWebVtt, type CaptionProblem } from '../../../shared/captions';
import type { CaptionFile, CaptionLanguage } from '../../../shared/schemas/captions';

/** The video of a course's video lesson, with its length; 404 for any other lesson. */
export async function findLessonVideo(db: Database, courseId: number, lessonId: number): Promise<{ videoId: string; durationSeconds: number }> {
  const [row] = await db
    .select({ videoId: courseVideos.id, durationSeconds: courseVideos.durationSeconds })
    .from(courseLessons)
    .innerJoin(courseVideos, eq(courseVideos.id, courseLessons.videoId))
    .where(and(eq(courseLessons.id, lessonId), eq(courseLessons.courseId, courseId), eq(courseLessons.kind, 'video')));
  if (!row) throw new AppError('LESSON_NOT_FOUND', 'Lesson not found');
  return row;
}

/** A video's caption files, by language. */
export async function listCaptionFiles(db: Database, videoId: string): Promise<CaptionFile[]> {
  const rows = await db
    .select({ language: videoCaptions.language, fileName: videoCaptions.fileName, cueCount: videoCaptions.cueCount, updatedAt: videoCaptions.updatedAt })
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, videoId))
    .orderBy(asc(videoCaptions.language));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

const problemError = (problem: CaptionProblem): AppError => {
  const fields = problem.line === undefined ? undefined : { line: [String(problem.line)] };
  switch (problem.code) {
    case 'too-large':
      return new AppError('CAPTIONS_TOO_LARGE', 'The captions file is too large (bytes or cues)');
    case 'unreadable':
      return new AppError('CAPTIONS_UNREADABLE', 'The file is neither WebVTT nor SRT captions, or has no cue');
    case 'cue-invalid':
      return new AppError('CAPTIONS_CUE_INVALID', `The cue at line ${problem.line} is not valid`, fields);
    case 'cue-outside-video':
      return new AppError('CAPTIONS_CUE_OUTSIDE_VIDEO', `The cue at line ${problem.line} ends after the video`, fields);
  }
};

/** Checks a caption file against its video and stores it as WebVTT (replacing the language's file). */
export async function saveCaptions(
  db: Database,
  video: { videoId: string; durationSeconds: number },
  language: CaptionLanguage,
  upload: { fileName: string; text: string },
): Promise<void> {
  const parsed = parseCaptions(upload.text, { durationSeconds: video.durationSeconds });
  if (!parsed.ok) throw problemError(parsed.problem);
  const values = { fileName: upload.fileName, vtt: serializeWebVtt(parsed.cues), cueCount: parsed.cues.length };
  await db
    .insert(videoCaptions)
    .values({ videoId: video.videoId, language, ...values })
    .onConflictDoUpdate({ target: [videoCaptions.videoId, videoCaptions.language], set: { ...values, updatedAt: new Date() } });
}

export async function deleteCaptions(db: Database, videoId: string, language: CaptionLanguage): Promise<void> {
  await db.delete(videoCaptions).where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)));
}

export type StoredCaptions = { vtt: string; updatedAt: Date };

export async function readCaptions(db: Database, videoId: string, language: CaptionLanguage): Promise<StoredCaptions | null> {
  const [row] = await db
    .select({ vtt: videoCaptions.vtt, updatedAt: videoCaptions.updatedAt })
    .from(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)));
  return row ?? null;
}

/** A course's intro video (position 1) with the course's owner and state; null when the course does not exist. */
export async function findIntro(db: Database, courseId: number) {
  const [row] = await db
    .select({ ownerId: courses.ownerId, disabledAt: courses.disabledAt, videoId: courseVideos.id })
    .from(courses)
    .leftJoin(courseVideos, and(eq(courseVideos.courseId, courses.id), eq(courseVideos.position, 1)))
    .where(eq(courses.id, courseId));
  return row ?? null;
}
