import { queryOptions, useQuery } from '@tanstack/react-query';
import { enrollmentKeys } from './enrollment-keys';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

/** A course I bought, for the player: 403 NOT_ENROLLED when not bought, 404 when unknown. */
export const getEnrolledCourse = (courseId: number, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getEnrolledCourse, { params: { courseId }, signal });

export const getEnrolledCourseQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: enrollmentKeys.detail(courseId),
    queryFn: ({ signal }) => getEnrolledCourse(courseId, { signal }),
  });

export function useEnrolledCourse(courseId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEnrolledCourseQueryOptions(courseId), enabled });
}
