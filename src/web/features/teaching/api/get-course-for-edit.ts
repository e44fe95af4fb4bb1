import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseForEdit } from '../../../../shared/schemas/courses';
import { api } from '../../../lib/api-client';

export const getCourseForEdit = (id: number, { signal }: { signal?: AbortSignal } = {}) => api.get<CourseForEdit>(`/api/courses/${id}/edit`, { signal });

export const courseForEditQueryKey = (id: number) => ['teaching', 'edit', id] as const;

export const getCourseForEditQueryOptions = (id: number) =>
  queryOptions({ queryKey: courseForEditQueryKey(id), queryFn: ({ signal }) => getCourseForEdit(id, { signal }) });

export const useCourseForEdit = (id: number, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getCourseForEditQueryOptions(id), enabled });
