import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCategories, { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: courseKeys.categories(),
    queryFn: ({ signal }) => getCategories({ signal }),
    // Admins seldom change categories.
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
