import { z } from 'zod';
import { courseLanguages, courseLevels, limits } from '../limits';

/**
 * The course form's fields, shared by /form, /course/editcourse/:id, the admin's course
 * edit and the server. Messages are field-error keys, `validation.<name>`: the `<name>` text
 * of the web's `validation` catalogue.
 */

/** Shown for a course created without a cover image. */
export const DEFAULT_COURSE_COVER = '/covers/default.svg';

export const titleField = z
  .string({ error: 'validation.titleRequired' })
  .trim()
  .min(1, { message: 'validation.titleRequired', abort: true })
  .min(limits.titleMin, { message: 'validation.titleMin', abort: true })
  .max(limits.titleMax, 'validation.titleMax');

export const teacherNameField = z
  .string({ error: 'validation.teacherNameRequired' })
  .trim()
  .min(1, { message: 'validation.teacherNameRequired', abort: true })
  .min(limits.teacherNameMin, { message: 'validation.teacherNameMin', abort: true })
  .max(limits.teacherNameMax, 'validation.teacherNameMax');

export const descriptionField = z
  .string({ error: 'validation.descriptionLength' })
  .trim()
  .min(limits.descriptionMin, { message: 'validation.descriptionLength', abort: true })
  .max(limits.descriptionMax, 'validation.descriptionLength');


/**
 * A cover the browser loads: an http(s) URL or one of the site's own covers; never `javascript:`
 * or `data:`. Empty (or null) means none, given as null: the course shows the default cover.
 */
const courseImagePattern = '^\\s*([hH][tT][tT][pP][sS]?://\\S+|/covers/[\\w-]+\\.svg)?\\s*$';

export const courseImageField = z
  .string({ error: 'validation.imageUrl' })
  .trim()
  .max(2048, 'validation.imageUrl')
  // The OpenAPI document's pattern is the rule itself (a pattern has no flags: the scheme's case is spelled out).
  .refine((value) => new RegExp(courseImagePattern).test(value), 'validation.imageUrl')
  .meta({ pattern: courseImagePattern })
  .nullable()
  .transform((value) => value || null);

const idField = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const categoryIdField = idField('validation.categoryRequired');
export const subcategoryIdField = idField('validation.subcategoryRequired');

/**
 * In cents, as stored and as every answer of the API gives it: 0 (free) to 100 US$. A fraction
 * of a cent is a price typed with more than two decimals.
 */
export const priceCentsField = z
  .number({ error: 'validation.priceRange' })
  .int('validation.priceCents')
  .min(0, 'validation.priceRange')
  .max(limits.priceMaxUsd * 100, 'validation.priceRange');

export const languageField = z.enum(courseLanguages, { error: 'validation.languageRequired' });
export const levelField = z.enum(courseLevels, { error: 'validation.levelRequired' });

/** Exactly two uploaded videos: the intro (at most 60 s) and then the main video. */
export const videoIdsField = z
  .array(z.uuid('validation.videosRequired'), { error: 'validation.videosRequired' })
  .length(limits.videosPerCourse, 'validation.videosRequired')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.videosRequired')
  .meta({ uniqueItems: true, description: 'Two of my own uploaded videos that no course uses yet: the intro (at most 60 s), then the main video' });

/**
 * "What you'll learn" or "Requirements": a few short lines the teacher writes, shown as a list on
 * the course page. Empty means the course page leaves the list out.
 */
export const courseListField = z
  .array(z.string({ error: 'validation.courseListLine' }).trim().min(1, 'validation.courseListLine').max(limits.courseListLineMax, 'validation.courseListLine'), {
    error: 'validation.courseListLines',
  })
  .max(limits.courseListLines, 'validation.courseListLines');

/**
 * A course's details: what its teacher gives at creation and may change later, as may an admin.
 * The course's length (`durationHours`) is not one of them: the spec's form shows "Horas", but
 * the server computes it from the lessons' stored durations, so a length a client sends is
 * dropped with the other unknown keys (a client written to the spec, which sends it, still works).
 */
const courseDetailsSchema = z.object({
  title: titleField,
  imageUrl: courseImageField,
  teacherName: teacherNameField,
  description: descriptionField,
  priceCents: priceCentsField,
  language: languageField,
  level: levelField,
  /** Left out (or null): none at creation, unchanged in an edit. */
  learningOutcomes: courseListField.nullish(),
  requirements: courseListField.nullish(),
});

/**
 * The one course edit, for the teacher's `PATCH /api/courses/:id` and the admin's
 * `PATCH /api/admin/courses/:id`: any subset of the details.
 */
export const editCourseSchema = courseDetailsSchema.partial();
export type EditCourseInput = z.input<typeof editCourseSchema>;
export type EditCourse = z.output<typeof editCourseSchema>;

/** A new course: its details (the cover may be left out), where it is listed, and its two videos. */
export const createCourseSchema = courseDetailsSchema.extend({
  imageUrl: courseImageField.optional(),
  categoryId: categoryIdField,
  subcategoryId: subcategoryIdField,
  videoIds: videoIdsField,
});
export type CreateCourseInput = z.input<typeof createCourseSchema>;
export type CreateCourse = z.output<typeof createCourseSchema>;

export const usdToCents = (usd: number) => Math.round(usd * 100);
export const centsToUsd = (cents: number) => cents / 100;

/** A course as its edit form needs it. */
export const courseForEdit = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  teacherName: z.string(),
  description: z.string(),
  durationHours: z.number().int(),
  priceCents: z.number().int(),
  language: z.enum(courseLanguages),
  level: z.enum(courseLevels),
  categoryId: z.number().int(),
  subcategoryId: z.number().int(),
  ownerId: z.string(),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  // Always sent; optional so that readers written before the lists existed still type-check.
  learningOutcomes: z.array(z.string()).optional(),
  requirements: z.array(z.string()).optional(),
});
export type CourseForEdit = z.infer<typeof courseForEdit>;

/** A row of /coursescreated. */
export const createdCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  priceCents: z.number().int(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CreatedCourse = z.infer<typeof createdCourse>;
export const createdCourseList = z.object({ items: z.array(createdCourse) });
export type CreatedCourseList = z.infer<typeof createdCourseList>;
