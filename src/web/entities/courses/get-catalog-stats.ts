import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { courseKeys } from './course-keys';

export const getCatalogStats = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCatalogStats, { signal });

export const getCatalogStatsQueryOptions = () =>
  queryOptions({
    queryKey: courseKeys.stats(),
    queryFn: ({ signal }) => getCatalogStats({ signal }),
    // Figures for the home page: a few minutes old is as true.
    staleTime: 5 * 60_000,
  });

export const useCatalogStats = () => useQuery(getCatalogStatsQueryOptions());
