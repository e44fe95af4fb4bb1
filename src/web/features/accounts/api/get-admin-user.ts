import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const getUser = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getAdminUser, { params: { id }, signal });

export const getUserQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, { signal }) });

export const useAdminUser = (id: string) => useQuery(getUserQueryOptions(id));
