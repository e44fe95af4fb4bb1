import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getCourse = (id: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCourse, { params: { id }, signal });

export const getCourseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: courseKeys.course(id),
    queryFn: ({ signal }) => getCourse(id, { signal }),
  });

export const useCourse = (id: number) => useQuery(getCourseQueryOptions(id));
