import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

export const getCourseForEdit = (id: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCourseForEdit, { params: { id }, signal });

export const courseForEditQueryKey = (id: number) => ['teaching', 'edit', id] as const;

export const getCourseForEditQueryOptions = (id: number) =>
  queryOptions({ queryKey: courseForEditQueryKey(id), queryFn: ({ signal }) => getCourseForEdit(id, { signal }) });

export const useCourseForEdit = (id: number, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getCourseForEditQueryOptions(id), enabled });
