import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseListQuery } from '../../../shared/schemas/catalog';
import { courseKeys } from './course-keys';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

export const getCourses = (query: CourseListQuery, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getCourses, {
    signal,
    query: {
      q: query.q,
      categoryId: query.categoryId,
      subcategoryId: query.subcategoryId,
      rating: query.rating,
      sort: query.sort,
      page: query.page === 1 ? undefined : query.page,
    },
  });


export const getCoursesQueryOptions = (query: CourseListQuery) =>
  queryOptions({
    queryKey: courseKeys.list(query),
    queryFn: ({ signal }) => getCourses(query, { signal }),
  });

/** One page of the listing; the previous page stays on screen while the next one loads. */
export function useCourses(query: CourseListQuery) {
  return useQuery({ ...getCoursesQueryOptions(query), placeholderData: keepPreviousData });
}
