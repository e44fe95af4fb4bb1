import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerCourse } from '../../../shared/schemas/orders';
import { enrollmentKeys } from './enrollment-keys';
import { api } from '../../lib/api-client';

/** A course I bought, for the player: 403 NOT_ENROLLED when not bought, 404 when unknown. */
export const getEnrolledCourse = (courseId: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PlayerCourse>(`/api/enrollments/${courseId}`, { signal });

export const getEnrolledCourseQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: enrollmentKeys.detail(courseId),
    queryFn: ({ signal }) => getEnrolledCourse(courseId, { signal }),
  });

export function useEnrolledCourse(courseId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnrolledCourseQueryOptions(courseId), enabled });
}
