import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys, type ListParams } from '../../admin';

export const getCourses = (params: ListParams, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getAdminCourses, { query: { status: params.status, q: params.q || undefined, page: params.page }, signal });

export const getCoursesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: adminKeys.courseList(params), queryFn: ({ signal }) => getCourses(params, { signal }), placeholderData: keepPreviousData });

export const useAdminCourses = (params: ListParams) => useQuery(getCoursesQueryOptions(params));
