import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const getCourse = (id: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getAdminCourse, { params: { id }, signal });

export const getCourseQueryOptions = (id: number) => queryOptions({ queryKey: adminKeys.course(id), queryFn: ({ signal }) => getCourse(id, { signal }) });

export const useAdminCourse = (id: number) => useQuery(getCourseQueryOptions(id));
