import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryListResponse } from '../../../shared/schemas/catalog';
import { api } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) => api.get<CategoryListResponse>('/api/categories', { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: courseKeys.categories(),
    queryFn: ({ signal }) => getCategories({ signal }),
    // Admins seldom change categories.
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
