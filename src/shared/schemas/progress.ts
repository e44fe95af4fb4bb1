import { z } from 'zod';
import { maxDatabaseId } from '../limits';
import { curriculum } from './curriculum';
import { certificateRuleMissingSchema } from './certificates';

/** Longer than any course video may be; bounds what a player may claim. */
export const maxVideoSeconds = 24 * 60 * 60;
/** One save covers every lesson a player has open, with room for several tabs. */
export const maxProgressBatch = 20;
/** Share of a video lesson's stored duration the server must have seen played for it to count as done. */
export const watchedShare = 0.9;

/**
 * One save of one lesson. For a video, where its player is (`positionSeconds`, reported every few
 * seconds while it plays): the server decides from the reports it hears, at the pace they come,
 * what was seen and when the lesson is done. For a text or a file, `completed`: the learner marks
 * it done (true) or not done (false). `durationSeconds`, and `completed` on a video, are accepted
 * from older players and ignored: the server knows each video's length.
 */
export const lessonProgressEntry = z
  .object({
    /** A JSON number: a string (`"3"`, `"0x3"`) is refused. */
    lessonId: z.number().int().positive().max(maxDatabaseId),
    /** Fractions are rounded to whole seconds; a position past the end counts as the end. */
    positionSeconds: z.number().min(0).max(maxVideoSeconds).nullish(),
    /** Ignored: a video's length is the one the server measured at upload. */
    durationSeconds: z.number().positive().max(maxVideoSeconds).nullish(),
    /** A text or file marked done (true) or not done (false); ignored on a video. */
    completed: z.boolean().nullish(),
  })
  .refine((entry) => entry.completed != null || entry.positionSeconds != null, {
    message: 'A save gives a position, or completed',
  });
export type LessonProgressEntry = z.infer<typeof lessonProgressEntry>;

export const saveProgressBody = z.object({ lessons: z.array(lessonProgressEntry).min(1).max(maxProgressBatch) });

export const saveProgressResponse = z.object({ saved: z.number().int() });

export const lessonStates = ['not_started', 'in_progress', 'done'] as const;
export type LessonState = (typeof lessonStates)[number];

export const lessonProgressSchema = z.object({
  lessonId: z.number().int(),
  state: z.enum(lessonStates),
  /** A video's last position (0 for other kinds, and before it is started). */
  positionSeconds: z.number().int(),
  /** A video's stored length once it was started (0 before, and for other kinds). */
  durationSeconds: z.number().int(),
  /** Seconds of the video the server has seen played (0 for other kinds). */
  watchedSeconds: z.number().int(),
  /** When the lesson was first done; stays set when the learner seeks back. */
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type LessonProgressView = z.infer<typeof lessonProgressSchema>;

export const courseProgressResponse = z
  .object({
    courseId: z.number().int(),
    /** The course's sections and lessons in order: the player's sidebar. */
    curriculum,
    /** One entry per lesson, in the curriculum's order. */
    lessons: z.array(lessonProgressSchema),
    /** Where to open the course: the last lesson touched that is not done, else the first not done, else the first; null without lessons. */
    resumeLessonId: z.number().int().nullable(),
    /** Done lessons of all lessons, 0 to 100, rounded down. */
    percent: z.number().int().min(0).max(100),
    /** Every lesson is done. */
    completed: z.boolean(),
    /** Once every lesson is done: the certificate rules not met yet (quizzes below their minimum, assignments not passed); empty otherwise. */
    certificateMissing: z.array(certificateRuleMissingSchema),
  })
  .meta({ id: 'CourseProgress' });
export type CourseProgress = z.infer<typeof courseProgressResponse>;
