import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';

/** A preview lesson's content, open to visitors: its video's signed links, its text's HTML or its file. */
export const getLessonPreview = (lessonId: number, { signal }: { signal?: AbortSignal } = {}) => call(endpoints.getLessonContent, { params: { lessonId }, signal });

export const getLessonPreviewQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: ['lessons', lessonId, 'content'] as const,
    queryFn: ({ signal }) => getLessonPreview(lessonId, { signal }),
    // The video's links are signed for a short while: a preview opened again later asks anew.
    staleTime: 0,
    gcTime: 60_000,
  });

export const useLessonPreview = (lessonId: number) => useQuery(getLessonPreviewQueryOptions(lessonId));
