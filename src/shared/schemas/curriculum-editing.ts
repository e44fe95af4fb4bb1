import { z } from 'zod';
import { curriculumLimits, lessonImageTypes, lessonKinds } from '../limits';

/** A section's or lesson's title as the editor sends it. */
const sectionTitle = z.string().trim().min(1).max(curriculumLimits.sectionTitleMax);
const lessonTitle = z.string().trim().min(1).max(curriculumLimits.lessonTitleMax);
/** A text lesson's Markdown. */
const lessonBody = z.string().trim().min(1).max(curriculumLimits.textLessonMax);

export const videoProcessingStates = ['queued', 'processing', 'ready', 'failed'] as const;

/** A lesson as the teacher edits it: what the learner sees, plus what only the editor needs. */
export const editableLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(lessonKinds),
  isPreview: z.boolean(),
  /** Computed: the video's probed length, a text's reading time, 0 for a file. */
  durationSeconds: z.number().int(),
  /** A text lesson's Markdown; null for the other kinds. */
  body: z.string().nullable(),
  /**
   * The course's intro or main video, which the spec's screens play: it cannot be removed (nor
   * its section). Null for every other lesson.
   */
  courseVideo: z.enum(['intro', 'main']).nullable(),
  /** A video lesson's HLS processing state (null before one was asked for, and for other kinds). */
  videoState: z.enum(videoProcessingStates).nullable(),
  /** A resource lesson's file name; null for the other kinds. */
  resourceName: z.string().nullable(),
});
export type EditableLesson = z.infer<typeof editableLesson>;

export const editableSection = z.object({ id: z.number().int(), title: z.string(), lessons: z.array(editableLesson) });
export type EditableSection = z.infer<typeof editableSection>;

/** A course's curriculum as its editor shows it, with the course's computed length and the caps. */
export const editableCurriculum = z
  .object({
    courseId: z.number().int(),
    sections: z.array(editableSection),
    lessonCount: z.number().int(),
    totalSeconds: z.number().int(),
    /** ceil(totalSeconds / 3600): the course's length, always computed. */
    durationHours: z.number().int(),
    limits: z.object({ maxSections: z.number().int(), maxLessons: z.number().int() }),
  })
  .meta({ id: 'EditableCurriculum' });
export type EditableCurriculum = z.infer<typeof editableCurriculum>;

export const sectionInput = z.object({ title: sectionTitle });
export type SectionInput = z.infer<typeof sectionInput>;

/** A new lesson: one of my unclaimed uploaded videos, a Markdown text, or an empty quiz. Resources have an upload endpoint of their own. */
export const newLessonInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('video'), title: lessonTitle, videoId: z.uuid(), isPreview: z.boolean().nullish() }),
  z.object({ kind: z.literal('text'), title: lessonTitle, body: lessonBody, isPreview: z.boolean().nullish() }),
  // A quiz starts empty, with the default rules; its editor (`saveQuiz`) fills it.
  z.object({ kind: z.literal('quiz'), title: lessonTitle, isPreview: z.boolean().nullish() }),
]);
export type NewLessonInput = z.infer<typeof newLessonInput>;

/** What a lesson's edit changes; the fields left out stay. `body` only for text lessons. */
export const lessonEditInput = z.object({ title: lessonTitle.nullish(), isPreview: z.boolean().nullish(), body: lessonBody.nullish() });
export type LessonEditInput = z.infer<typeof lessonEditInput>;

/** The whole curriculum's order: every section of the course once, each with every lesson it is to hold. */
export const curriculumOrderInput = z.object({
  sections: z.array(z.object({ id: z.number().int().positive(), lessonIds: z.array(z.number().int().positive()).max(10_000) })).max(10_000),
});
export type CurriculumOrderInput = z.infer<typeof curriculumOrderInput>;

/** An image uploaded for a text lesson: the URL its Markdown shows it by (`![alt](url)`), the app's own. */
export const uploadedLessonImage = z.object({ id: z.uuid(), url: z.string(), contentType: z.enum(lessonImageTypes), sizeBytes: z.number().int() });
export type UploadedLessonImage = z.infer<typeof uploadedLessonImage>;
