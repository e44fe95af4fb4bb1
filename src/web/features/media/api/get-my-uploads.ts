import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** My uploaded videos that no course uses yet, oldest first (the first becomes the intro). */
export const getMyUploads = ({ signal }: { signal?: AbortSignal } = {}) => call(endpoints.getMyUploads, { signal });

export const myUploadsQueryKey = ['teaching', 'uploads'] as const;

export const getMyUploadsQueryOptions = () =>
  queryOptions({
    queryKey: myUploadsQueryKey,
    queryFn: ({ signal }) => getMyUploads({ signal }),
    // The list carries signed links that expire after an hour: refresh well before.
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });

export const useMyUploads = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getMyUploadsQueryOptions(), enabled });
