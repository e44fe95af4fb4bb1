import { z } from 'zod';
import { databaseId, urlWholeNumber } from '../api-schemas';
import { courseLanguages, courseLevels, courseSorts, limits, maxPage, searchMaxLength } from '../limits';
import { captionTrack } from './captions';
import { curriculum } from './curriculum';

/**
 * The catalogue's contracts: the listing's query (the server validates it, the web app
 * reads its URL with it) and the shapes of the catalogue's answers.
 */

/** An empty query parameter (`?rating=`) means "not set", as in a form that was cleared. */
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const courseListQuery = z.object({
  /** Search text over title, description and teacher name. */
  q: z.preprocess(unsetIfEmpty, z.string().trim().max(searchMaxLength).optional()),
  categoryId: z.preprocess(unsetIfEmpty, databaseId.optional()),
  subcategoryId: z.preprocess(unsetIfEmpty, databaseId.optional()),
  /** Exact on the displayed whole-number rating: floor(ratingAverage) = rating. */
  rating: z.preprocess(unsetIfEmpty, urlWholeNumber(limits.ratingMin, limits.ratingMax).optional()),
  /** Default: newest first; with search text, title matches first and then newest. */
  sort: z.preprocess(unsetIfEmpty, z.enum(courseSorts).optional()),
  page: z.preprocess(unsetIfEmpty, urlWholeNumber(1, maxPage).default(1)),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;
export type CourseListFilters = z.input<typeof courseListQuery>;

export const favouriteParams = z.object({ courseId: databaseId });

export const suggestionsQuery = z.object({
  q: z.string().trim().min(1).max(searchMaxLength),
});

export const courseSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    teacherName: z.string(),
    priceCents: z.number().int(),
    ratingAverage: z.number(),
    ratingCount: z.number().int(),
    categoryId: z.number().int(),
    subcategoryId: z.number().int(),
    language: z.enum(courseLanguages),
    level: z.enum(courseLevels),
    durationHours: z.number().int(),
  })
  .meta({ id: 'CourseSummary' });
export type CourseSummary = z.infer<typeof courseSummary>;

export const courseListResponse = z
  .object({
    items: z.array(courseSummary),
    /** Matching courses over all pages. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** 0 when nothing matches. */
    pageCount: z.number().int(),
  })
  .meta({ id: 'CourseList' });
export type CourseListResponse = z.infer<typeof courseListResponse>;

export const introVideo = z.object({
  url: z.string(),
  /** The HLS master playlist once the renditions are ready; null until then (the MP4 plays). */
  hlsUrl: z.string().nullish(),
  /** A frame of the video, once transcoded. */
  posterUrl: z.string().nullish(),
  /** Its captions per language (WebVTT). */
  captions: z.array(captionTrack).nullish(),
  /** The timeline's preview thumbnails (a WebVTT index of a sprite's tiles), once transcoded. */
  thumbnailsUrl: z.string().nullish(),
  width: z.number().int(),
  height: z.number().int(),
  durationSeconds: z.number().int(),
});
export type IntroVideo = z.infer<typeof introVideo>;

export const courseDetail = courseSummary
  .extend({
    description: z.string(),
    /** Category and subcategory names. */
    category: z.string(),
    subcategory: z.string(),
    ownerId: z.string(),
    /** ISO time; only admins ever see a disabled course. */
    disabledAt: z.string().nullable(),
    introVideo: introVideo.nullable(),
    /** Sections and lessons in order, with the number of lessons and the computed total length. */
    curriculum,
    /** "What you'll learn" and "Requirements" as the teacher wrote them; empty when they wrote none. */
    learningOutcomes: z.array(z.string()).optional(),
    requirements: z.array(z.string()).optional(),
  })
  .meta({ id: 'CourseDetail' });
export type CourseDetail = z.infer<typeof courseDetail>;

export const subcategory = z.object({ id: z.number().int(), name: z.string() });
export const category = z
  .object({ id: z.number().int(), name: z.string(), subcategories: z.array(subcategory) })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof category>;
export const categoryListResponse = z.object({ items: z.array(category) });
export type CategoryListResponse = z.infer<typeof categoryListResponse>;

export const suggestion = z.object({ id: z.number().int(), title: z.string() });
export type Suggestion = z.infer<typeof suggestion>;
export const suggestionsResponse = z.object({ items: z.array(suggestion) });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;

export const favouriteState = z.object({ courseId: z.number().int(), favourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteState>;
export const favouritesResponse = z.object({ items: z.array(courseSummary) });
export type FavouritesResponse = z.infer<typeof favouritesResponse>;

/** A teacher's id as the address writes it (an account id is text, not a row number). */
export const teacherParams = z.object({ id: z.string().trim().min(1).max(100) });
export const teacherQuery = z.object({ page: z.preprocess(unsetIfEmpty, urlWholeNumber(1, maxPage).default(1)) });

/** `GET /api/teachers/:id`: a teacher's public profile, from their active courses. */
export const teacherProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    bio: z.string().nullable(),
    /** Learners enrolled in their active courses, each counted once. */
    studentCount: z.number().int(),
    /** Over every review of their active courses; 0 without reviews. */
    ratingAverage: z.number(),
    ratingCount: z.number().int(),
    /** One page of their active courses, newest first. */
    courses: z.array(courseSummary),
    /** Their active courses over all pages. */
    courseCount: z.number().int(),
    /** The page answered: the one asked for, or the last when it asked past the end. */
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: 'TeacherProfile' });
export type TeacherProfile = z.infer<typeof teacherProfile>;

/** The home page's social proof, from real data. */
export const catalogStats = z
  .object({
    /** People enrolled in at least one active course. */
    students: z.number().int(),
    /** Active courses. */
    courses: z.number().int(),
    /** The mean of every rating given to active courses, to one decimal; 0 without ratings. */
    ratingAverage: z.number(),
    /** Ratings given to active courses. */
    ratingCount: z.number().int(),
  })
  .meta({ id: 'CatalogStats' });
export type CatalogStats = z.infer<typeof catalogStats>;
