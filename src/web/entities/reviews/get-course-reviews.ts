import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { reviewKeys } from './review-keys';

/** A course's reviews, newest first: the course page and the player read the same list. */
export const getCourseReviews = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getCourseReviews, { params: { id }, signal });

export const getCourseReviewsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reviewKeys.ofCourse(id),
    queryFn: ({ signal }) => getCourseReviews(id, { signal }),
  });

export const useCourseReviews = (id: number) => useQuery(getCourseReviewsQueryOptions(id));
