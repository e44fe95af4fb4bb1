import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** Which social sign-ins the server has credentials for. */
export const getAuthProviders = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getAuthProviders, { signal });

export const getAuthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: ({ signal }) => getAuthProviders({ signal }),
    // Changes only with the server's settings.
    staleTime: Infinity,
  });

export const useAuthProviders = () => useQuery(getAuthProvidersQueryOptions());
