import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '../../../shared/schemas/catalog';
import { api } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getCourse = (id: number, { signal }: { signal?: AbortSignal } = {}) => api.get<CourseDetail>(`/api/courses/${id}`, { signal });

export const getCourseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: courseKeys.course(id),
    queryFn: ({ signal }) => getCourse(id, { signal }),
  });

export const useCourse = (id: number) => useQuery(getCourseQueryOptions(id));
