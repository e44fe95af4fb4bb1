import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getAdminCategories, { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.categories(), queryFn: ({ signal }) => getCategories({ signal }), select: (data) => data.items });

export const useAdminCategories = () => useQuery(getCategoriesQueryOptions());
