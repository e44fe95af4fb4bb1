import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The catalogue's categories with their subcategories (GET /api/categories). */
export type CategoryOption = { id: number; name: string; subcategories: { id: number; name: string }[] };

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) => api.get<{ items: CategoryOption[] }>('/api/categories', { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['teaching', 'categories'] as const,
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: 10 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
