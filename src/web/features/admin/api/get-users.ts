import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, Page } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys, type ListParams } from './keys';

export const getUsers = (params: ListParams, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Page<AdminUserRow>>('/api/admin/users', { query: { status: params.status, q: params.q || undefined, page: params.page }, signal });

export const getUsersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: adminKeys.userList(params), queryFn: ({ signal }) => getUsers(params, { signal }), placeholderData: keepPreviousData });

export const useAdminUsers = (params: ListParams) => useQuery(getUsersQueryOptions(params));
