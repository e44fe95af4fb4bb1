import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import type { VideoProcessing, VideoProcessingList } from '../../../../shared/schemas/media';
import { call } from '../../../lib/api-client';

/** While a video waits or is being processed, its state is asked for again this often. */
export const PROCESSING_POLL_MS = 3000;

const stillWorking = (list: VideoProcessingList | undefined) => list?.items.some((item: VideoProcessing) => item.state === 'queued' || item.state === 'processing') ?? false;

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
