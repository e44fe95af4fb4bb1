import { z } from 'zod';
import { limits } from '../limits';

/** Reviews: one per buyer and course (sending again updates it). */

/** The review form and the server: a rating of 1 to 5 and a non-empty comment. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ message: 'validation.ratingRequired' })
    .int('validation.ratingRequired')
    .min(limits.ratingMin, 'validation.ratingRequired')
    .max(limits.ratingMax, 'validation.ratingRequired'),
  comment: z
    .string({ message: 'validation.commentRequired' })
    .trim()
    .min(1, 'validation.commentRequired')
    .max(limits.reviewCommentMax, 'validation.commentTooLong'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A review as the course page and the player list it. */
export const courseReview = z
  .object({
    id: z.number().int(),
    userId: z.string(),
    userName: z.string(),
    userImage: z.string().nullable(),
    rating: z.number().int(),
    comment: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CourseReview' });
export type CourseReview = z.infer<typeof courseReview>;
export const courseReviewsResponse = z.object({ items: z.array(courseReview) });
export type CourseReviewsResponse = z.infer<typeof courseReviewsResponse>;

export const reviewSavedResponse = z.object({
  review: courseReview,
  /** True when the buyer already had a review of the course and this one took its place. */
  replaced: z.boolean(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
});
export type ReviewSaved = z.infer<typeof reviewSavedResponse>;

export const reviewDeletedResponse = z.object({ ratingAverage: z.number(), ratingCount: z.number().int() });
export type ReviewDeleted = z.infer<typeof reviewDeletedResponse>;
