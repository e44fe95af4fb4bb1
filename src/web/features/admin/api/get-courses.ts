import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCourseRow, Page } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys, type ListParams } from './keys';

export const getCourses = (params: ListParams, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Page<AdminCourseRow>>('/api/admin/courses', { query: { status: params.status, q: params.q || undefined, page: params.page }, signal });

export const getCoursesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: adminKeys.courseList(params), queryFn: ({ signal }) => getCourses(params, { signal }), placeholderData: keepPreviousData });

export const useAdminCourses = (params: ListParams) => useQuery(getCoursesQueryOptions(params));
