import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys, type ListParams } from '../../admin';

export const getUsers = (params: ListParams, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getAdminUsers, { query: { status: params.status, q: params.q || undefined, page: params.page }, signal });

export const getUsersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: adminKeys.userList(params), queryFn: ({ signal }) => getUsers(params, { signal }), placeholderData: keepPreviousData });

export const useAdminUsers = (params: ListParams) => useQuery(getUsersQueryOptions(params));
