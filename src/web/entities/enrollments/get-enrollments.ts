import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnrolledCourse } from '../../../shared/schemas/orders';
import { api } from '../../lib/api-client';
import { enrollmentKeys } from './enrollment-keys';

/** My courses: bought, or enrolled free. */
export const getEnrollments = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<{ items: EnrolledCourse[] }>('/api/enrollments', { signal }).then((body) => body.items);

export const getEnrollmentsQueryOptions = () =>
  queryOptions({
    queryKey: enrollmentKeys.list(),
    queryFn: ({ signal }) => getEnrollments({ signal }),
  });

/** Only for a signed-in user. */
export function useEnrollments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnrollmentsQueryOptions(), enabled });
}
