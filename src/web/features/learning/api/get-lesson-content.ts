import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '../../../../shared/endpoints/endpoint';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** A lesson's content: a video's signed links, a text's sanitised HTML, or a file's download link. */
export type LessonContent = EndpointResponse<typeof endpoints.getLessonContent>;

export const getLessonContent = (lessonId: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getLessonContent, { params: { lessonId }, signal });

export const lessonContentKeys = {
  detail: (lessonId: number) => ['lessons', 'content', lessonId] as const,
};

export const getLessonContentQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: lessonContentKeys.detail(lessonId),
    queryFn: ({ signal }) => getLessonContent(lessonId, { signal }),
    // A new video link would restart the video: keep this one while the page is open.
    staleTime: Infinity,
  });

export function useLessonContent(lessonId: number) {
  return useQuery(getLessonContentQueryOptions(lessonId));
}
