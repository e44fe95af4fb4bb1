import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

export const getCurriculumForEdit = (id: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCurriculumForEdit, { params: { id }, signal });

export const curriculumForEditQueryKey = (id: number) => ['teaching', 'curriculum', id] as const;

export const getCurriculumForEditQueryOptions = (id: number) =>
  queryOptions({ queryKey: curriculumForEditQueryKey(id), queryFn: ({ signal }) => getCurriculumForEdit(id, { signal }) });

export const useCurriculumForEdit = (id: number) => useQuery(getCurriculumForEditQueryOptions(id));
