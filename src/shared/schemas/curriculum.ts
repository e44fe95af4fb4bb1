import { z } from 'zod';
import { lessonKinds } from '../limits';
import { mainVideo } from './media';

/** A lesson as the course page, the player and the editor list it. */
export const curriculumLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(lessonKinds),
  /** Plays or reads for anyone, signed in or not. */
  isPreview: z.boolean(),
  /** Computed: the video's probed length, a text's reading time, 0 for a file. */
  durationSeconds: z.number().int(),
});
export type CurriculumLessonView = z.infer<typeof curriculumLesson>;

export const curriculumSection = z.object({ id: z.number().int(), title: z.string(), lessons: z.array(curriculumLesson) });
export type CurriculumSectionView = z.infer<typeof curriculumSection>;

/** A course's sections and lessons in order, with the number of lessons and the total length. */
export const curriculum = z
  .object({ sections: z.array(curriculumSection), lessonCount: z.number().int(), totalSeconds: z.number().int() })
  .meta({ id: 'Curriculum' });
export type CurriculumView = z.infer<typeof curriculum>;

/**
 * One lesson's content, for whoever may take it (anyone for a preview; otherwise its buyers,
 * its owner and admins): a video's short-lived signed links, a text's sanitised HTML, or a
 * file's short-lived download link. Exactly the part of its kind is set.
 */
export const lessonContent = z
  .object({
    id: z.number().int(),
    courseId: z.number().int(),
    title: z.string(),
    kind: z.enum(lessonKinds),
    isPreview: z.boolean(),
    durationSeconds: z.number().int(),
    video: mainVideo.nullable(),
    /** A text lesson's Markdown, rendered and sanitised on the server. */
    html: z.string().nullable(),
    download: z.object({ url: z.string(), name: z.string(), sizeBytes: z.number().int(), expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
  })
  .meta({ id: 'LessonContent' });
export type LessonContent = z.infer<typeof lessonContent>;
