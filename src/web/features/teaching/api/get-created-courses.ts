import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatedCourseList } from '../../../../shared/schemas/courses';
import { api } from '../../../lib/api-client';

export const getCreatedCourses = ({ signal }: { signal?: AbortSignal } = {}) => api.get<CreatedCourseList>('/api/courses/mine', { signal });

export const createdCoursesQueryKey = ['teaching', 'created'] as const;

export const getCreatedCoursesQueryOptions = () =>
  queryOptions({ queryKey: createdCoursesQueryKey, queryFn: ({ signal }) => getCreatedCourses({ signal }) });

export const useCreatedCourses = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getCreatedCoursesQueryOptions(), enabled });
