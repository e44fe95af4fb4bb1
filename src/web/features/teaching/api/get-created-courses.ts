import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

export const getCreatedCourses = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCreatedCourses, { signal });

export const createdCoursesQueryKey = ['teaching', 'created'] as const;

export const getCreatedCoursesQueryOptions = () =>
  queryOptions({ queryKey: createdCoursesQueryKey, queryFn: ({ signal }) => getCreatedCourses({ signal }) });

export const useCreatedCourses = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getCreatedCoursesQueryOptions(), enabled });
