import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { VideoProcessing, VideoProcessingList } from '../../../../shared/schemas/media';
import { call } from '../../../lib/api-client';

/** While a video waits or is being processed, its state is asked for again this often. */
export const PROCESSING_POLL_MS = 3000;

const isWorking = (item: VideoProcessing) => item.state === 'queued' || item.state === 'processing';
const stillWorking = (list: VideoProcessingList | undefined) => list?.items.some(isWorking) ?? false;

export const videoProcessingKeys = {
  mine: ['teaching', 'video-processing'] as const,
  course: (id: number) => ['teaching', 'video-processing', id] as const,
};

/** The processing of every video of my courses, asked for again while any is not finished. */
export const useMyVideoProcessing = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: videoProcessingKeys.mine,
    queryFn: ({ signal }) => call(endpoints.getMyVideoProcessing, { signal }),
    refetchInterval: (query) => (stillWorking(query.state.data) ? PROCESSING_POLL_MS : false),
    enabled,
  });

/** The processing of one course's two videos, asked for again while either is not finished. */
export const useCourseVideoProcessing = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: videoProcessingKeys.course(id),
    queryFn: ({ signal }) => call(endpoints.getCourseVideoProcessing, { params: { id }, signal }),
    refetchInterval: (query) => (stillWorking(query.state.data) ? PROCESSING_POLL_MS : false),
    enabled,
  });

/**
 * My processing, as useMyVideoProcessing asks for it; and when one of the videos finishes (it
 * was queued or processing at the last answer and no longer is), `queryKey` is fetched
 * again: the intro that finished may have given its course a new cover, which a list of
 * courses shows then, without a reload.
 */
export function useMyVideoProcessingRefreshing(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const processing = useMyVideoProcessing();
  const working = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!processing.data) return;
    const now = new Set(processing.data.items.filter(isWorking).map((item) => `${item.courseId}:${item.position}`));
    const before = working.current;
    working.current = now;
    if (before && [...before].some((video) => !now.has(video))) void queryClient.invalidateQueries({ queryKey });
  }, [processing.data, queryClient, queryKey]);
  return processing;
}
