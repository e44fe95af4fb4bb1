import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { enrollmentKeys } from './enrollment-keys';

/** My courses: bought, or enrolled free. */
export const getEnrollments = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getEnrollments, { signal }).then((body) => body.items);

export const getEnrollmentsQueryOptions = () =>
  queryOptions({
    queryKey: enrollmentKeys.list(),
    queryFn: ({ signal }) => getEnrollments({ signal }),
  });

/** Only for a signed-in user. */
export function useEnrollments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnrollmentsQueryOptions(), enabled });
}
