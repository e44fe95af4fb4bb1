import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { videoProcessingKeys } from './get-video-processing';

export const retryVideoProcessing = ({ courseId, position }: { courseId: number; position: number }) =>
  call(endpoints.retryVideoProcessing, { params: { id: courseId, position } });

/** Queues a failed video again; the course's processing (and mine) is shown from the answer on. */
export function useRetryVideoProcessing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryVideoProcessing,
    onSuccess: (list, { courseId }) => {
      queryClient.setQueryData(videoProcessingKeys.course(courseId), list);
      return queryClient.invalidateQueries({ queryKey: videoProcessingKeys.mine, exact: true });
    },
  });
}
