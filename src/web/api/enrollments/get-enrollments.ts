import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnrolledCourse } from '../../../shared/schemas/orders';
import { api } from '../../lib/api-client';

/** My courses: bought, or enrolled free. */
export const getEnrollments = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<{ items: EnrolledCourse[] }>('/api/enrollments', { signal }).then((body) => body.items);

/** Keys of the user's courses; a purchase or a free enrolment invalidates `enrollmentKeys.all`. */
export const enrollmentKeys = {
  all: ['enrollments'] as const,
  list: () => [...enrollmentKeys.all, 'list'] as const,
  detail: (courseId: number) => [...enrollmentKeys.all, 'detail', courseId] as const,
};

export const getEnrollmentsQueryOptions = () =>
  queryOptions({
    queryKey: enrollmentKeys.list(),
    queryFn: ({ signal }) => getEnrollments({ signal }),
  });

/** Only for a signed-in user. */
export function useEnrollments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnrollmentsQueryOptions(), enabled });
}
