import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) => api.get<{ items: AdminCategory[] }>('/api/admin/categories', { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.categories(), queryFn: ({ signal }) => getCategories({ signal }), select: (data) => data.items });

export const useAdminCategories = () => useQuery(getCategoriesQueryOptions());
