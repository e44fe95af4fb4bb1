import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** The signed-in user with how many courses they created (401 for a visitor). */
export const getMe = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getMe, { signal });

export const meQueryKey = ['users', 'me'] as const;

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
  });

/** A visitor gets 401 (UNAUTHENTICATED); pass `enabled: false` when already known to be signed out. */
export const useMe = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getMeQueryOptions(), enabled });
