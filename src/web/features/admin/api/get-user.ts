import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getUser = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });

export const getUserQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, { signal }) });

export const useAdminUser = (id: string) => useQuery(getUserQueryOptions(id));
