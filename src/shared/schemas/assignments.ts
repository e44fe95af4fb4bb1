import { z } from 'zod';
import { assignmentFileTypes, assignmentGradings, assignmentLimits, curriculumLimits, submissionStates } from '../limits';
import { pageOf } from './admin';

const lessonTitle = z.string().trim().min(1).max(curriculumLimits.lessonTitleMax);
/** An assignment's instructions (Markdown, rendered as a text lesson's). */
export const assignmentInstructions = z.string().trim().min(1).max(assignmentLimits.instructionsMax);

/**
 * How an assignment is graded: pass or fail, or points out of `maxPoints` (passed at
 * `passingPoints` or more). Points are whole points.
 */
export const assignmentGradingInput = z.discriminatedUnion('grading', [
  z.object({ grading: z.literal('pass-fail') }),
  z
    .object({
      grading: z.literal('points'),
      maxPoints: z.number().int().min(1).max(assignmentLimits.maxPointsMax),
      passingPoints: z.number().int().min(0).max(assignmentLimits.maxPointsMax),
    })
    .refine((value) => value.passingPoints <= value.maxPoints, { message: 'validation.passingPointsAboveMax', path: ['passingPoints'] }),
]);
export type AssignmentGradingInput = z.infer<typeof assignmentGradingInput>;

/** The curriculum editor's new assignment lesson (the `assignment` variant of `newLessonInput`). */
export const newAssignmentLessonInput = z.object({
  kind: z.literal('assignment'),
  title: lessonTitle,
  isPreview: z.boolean().nullish(),
  instructions: assignmentInstructions,
  grading: assignmentGradingInput,
});
export type NewAssignmentLessonInput = z.infer<typeof newAssignmentLessonInput>;

/** The assignment's editor saves its instructions and grading (the title and preview stay the curriculum editor's). */
export const assignmentSettingsInput = z.object({ instructions: assignmentInstructions, grading: assignmentGradingInput });
export type AssignmentSettingsInput = z.infer<typeof assignmentSettingsInput>;

const grading = z.object({
  grading: z.enum(assignmentGradings),
  /** Null for pass-fail. */
  maxPoints: z.number().int().nullable(),
  passingPoints: z.number().int().nullable(),
});

export const editableAssignment = z
  .object({ lessonId: z.number().int(), courseId: z.number().int(), title: z.string(), instructions: z.string() })
  .extend(grading.shape)
  .meta({ id: 'EditableAssignment' });
export type EditableAssignment = z.infer<typeof editableAssignment>;

/** A stored file as its reader sees it: where to download it (an authorized stream), its name, type and size. */
export const assignmentFile = z.object({ url: z.string(), name: z.string(), contentType: z.enum(assignmentFileTypes), sizeBytes: z.number().int() });
export type AssignmentFile = z.infer<typeof assignmentFile>;

/** A hand-in with its review (null fields until reviewed). */
export const submissionView = z.object({
  id: z.uuid(),
  version: z.number().int(),
  state: z.enum(submissionStates),
  /** The learner's Markdown as they wrote it, and as sanitised HTML. */
  answerText: z.string().nullable(),
  answerHtml: z.string().nullable(),
  file: assignmentFile.nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  points: z.number().int().nullable(),
  feedback: z.string().nullable(),
  /** The reviewer's file, shown once reviewed. */
  returnedFile: assignmentFile.nullable(),
});
export type SubmissionView = z.infer<typeof submissionView>;

/** The file a learner uploaded and has not handed in yet. */
export const draftFile = z.object({ name: z.string(), contentType: z.enum(assignmentFileTypes), sizeBytes: z.number().int() });
export type DraftFile = z.infer<typeof draftFile>;

/**
 * An assignment lesson as the player shows it: the instructions (for anyone when it is a free
 * preview), and for a learner who may hand in, their hand-ins newest first and the file waiting.
 */
export const assignmentLesson = z
  .object({
    lessonId: z.number().int(),
    courseId: z.number().int(),
    title: z.string(),
    instructionsHtml: z.string(),
    /** Only the course's buyers hand in, and not while a hand-in waits or once one passed or failed. */
    canHandIn: z.boolean(),
    /** Whether the caller may hand in at all (a buyer of the course). */
    isLearner: z.boolean(),
    submissions: z.array(submissionView),
    draftFile: draftFile.nullable(),
    limits: z.object({ maxBytes: z.number().int(), answerTextMax: z.number().int(), fileTypes: z.array(z.enum(assignmentFileTypes)) }),
  })
  .extend(grading.shape)
  .meta({ id: 'AssignmentLesson' });
export type AssignmentLesson = z.infer<typeof assignmentLesson>;

/** A hand-in: text, the uploaded file waiting (`withFile`), or both. */
export const handInInput = z
  .object({ answerText: z.string().trim().max(assignmentLimits.answerTextMax).nullish(), withFile: z.boolean() })
  .refine((value) => value.withFile || !!value.answerText, { message: 'validation.handInEmpty', path: ['answerText'] });
export type HandInInput = z.infer<typeof handInInput>;

/** A review: a grade (pass or fail, or points) or "return for another try", with written feedback. */
export const reviewInput = z.object({
  outcome: z.enum(['grade', 'return']),
  /** A pass-fail assignment's grade; ignored otherwise. */
  passed: z.boolean().nullish(),
  /** A points assignment's grade, 0 to its maximum; passed at its passing points. */
  points: z.number().int().min(0).max(assignmentLimits.maxPointsMax).nullish(),
  feedback: z.string().trim().max(assignmentLimits.feedbackMax),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** One waiting hand-in in the teacher's queue. */
export const queueEntry = z.object({
  submissionId: z.uuid(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  lessonId: z.number().int(),
  lessonTitle: z.string(),
  learnerName: z.string(),
  version: z.number().int(),
  submittedAt: z.iso.datetime(),
});
export const reviewQueue = pageOf(queueEntry).meta({ id: 'AssignmentReviewQueue' });
export type ReviewQueue = z.infer<typeof reviewQueue>;

/** A hand-in as its reviewer sees it, with the assignment and the learner's earlier hand-ins. */
export const submissionForReview = z
  .object({
    courseId: z.number().int(),
    courseTitle: z.string(),
    lessonId: z.number().int(),
    lessonTitle: z.string(),
    learnerName: z.string(),
    instructionsHtml: z.string(),
    submission: submissionView,
    /** The reviewer's file uploaded for this review, before it is sent. */
    pendingReturnedFile: assignmentFile.nullable(),
    earlier: z.array(submissionView),
  })
  .extend(grading.shape)
  .meta({ id: 'SubmissionForReview' });
export type SubmissionForReview = z.infer<typeof submissionForReview>;

/** A learner's assignments across their courses: each lesson's latest hand-in. */
export const myAssignment = z.object({
  courseId: z.number().int(),
  courseTitle: z.string(),
  lessonId: z.number().int(),
  lessonTitle: z.string(),
  state: z.enum(submissionStates),
  version: z.number().int(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  points: z.number().int().nullable(),
  maxPoints: z.number().int().nullable(),
});
export const myAssignments = z.object({ items: z.array(myAssignment) }).meta({ id: 'MyAssignments' });
export type MyAssignments = z.infer<typeof myAssignments>;
