import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { progressKeys } from './progress-keys';

/** A course's curriculum with my state in each lesson and where to resume (403 NOT_ENROLLED when I may not watch it). */
export const getCourseProgress = (courseId: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getCourseProgress, { params: { courseId }, signal });

export const getCourseProgressQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: progressKeys.course(courseId),
    queryFn: ({ signal }) => getCourseProgress(courseId, { signal }),
    // Another device, or this tab a minute ago, may have moved on: read it afresh on every
    // opening of the player, and keep nothing once it closes.
    staleTime: 0,
    gcTime: 0,
  });

export function useCourseProgress(courseId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCourseProgressQueryOptions(courseId), enabled });
}
