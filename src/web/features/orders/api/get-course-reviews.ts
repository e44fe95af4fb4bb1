import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../shared/schemas/reviews';
import { api } from '../../../lib/api-client';

/** The course's reviews, newest first (served by the catalogue). */
export const getCourseReviews = (courseId: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<{ items: Review[] }>(`/api/courses/${courseId}/reviews`, { signal }).then((body) => body.items);

/** Same key shape as the catalogue's, so a saved review refreshes the course page's list too. */
export const reviewKeys = {
  all: ['reviews'] as const,
  course: (courseId: number) => [...reviewKeys.all, 'course', courseId] as const,
};

export const getCourseReviewsQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: reviewKeys.course(courseId),
    queryFn: ({ signal }) => getCourseReviews(courseId, { signal }),
  });

export function useCourseReviews(courseId: number) {
  return useQuery(getCourseReviewsQueryOptions(courseId));
}
