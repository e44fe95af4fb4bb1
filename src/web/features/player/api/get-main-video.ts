import type { EndpointResponse } from '../../../../shared/endpoints/endpoint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** The signed link to the main video, with its size and, once transcoded, its HLS copy and poster. */
export type MainVideo = EndpointResponse<typeof endpoints.getMainVideo>;

export const getMainVideo = (courseId: number, { signal }: { signal?: AbortSignal } = {}) =>
  call(endpoints.getMainVideo, { params: { courseId }, signal });

export const mainVideoKeys = {
  detail: (courseId: number) => ['videos', 'main', courseId] as const,
};

export const getMainVideoQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: mainVideoKeys.detail(courseId),
    queryFn: ({ signal }) => getMainVideo(courseId, { signal }),
    // A new URL would restart the video: keep this one for the page's life.
    staleTime: Infinity,
  });

export function useMainVideo(courseId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMainVideoQueryOptions(courseId), enabled });
}
