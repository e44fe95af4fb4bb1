import { z } from 'zod';

const relatedCourse = z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string().nullable(), teacherName: z.string(), priceCents: z.number().int(), ratingAverage: z.number() });

export const courseReputationSchema = z
  .object({
    /** One entry per star, 1 to 5: how many reviews gave it and their share (whole percent). */
    ratings: z.array(z.object({ stars: z.number().int(), count: z.number().int(), percent: z.number().int() })).length(5),
    students: z.number().int(),
    /**
     * Up to 4 active courses bought in the same paid orders as this one by the most different
     * buyers, most first; only pairs at least 5 different buyers stand behind (none: empty).
     */
    alsoBought: z.array(relatedCourse),
    /** Up to 4 of the teacher's other active courses, newest first. */
    teacherCourses: z.array(relatedCourse),
  })
  .meta({ id: 'CourseReputation' });
export type CourseReputation = z.infer<typeof courseReputationSchema>;
