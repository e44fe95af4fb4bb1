import { courseKeys } from '../courses/course-keys';

/**
 * Keys of reviews. A course's reviews sit under that course's key, so invalidating
 * `courseKeys.course(id)` (a review changes the course's rating) refreshes its reviews too.
 */
export const reviewKeys = {
  ofCourse: (courseId: number) => [...courseKeys.course(courseId), 'reviews'] as const,
  /** Its rating distribution, students and related courses: a review changes them too. */
  reputation: (courseId: number) => [...courseKeys.course(courseId), 'reputation'] as const,
};
