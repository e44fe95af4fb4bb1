import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCourseDetail } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getCourse = (id: number, { signal }: { signal?: AbortSignal } = {}) => api.get<AdminCourseDetail>(`/api/admin/courses/${id}`, { signal });

export const getCourseQueryOptions = (id: number) => queryOptions({ queryKey: adminKeys.course(id), queryFn: ({ signal }) => getCourse(id, { signal }) });

export const useAdminCourse = (id: number) => useQuery(getCourseQueryOptions(id));
