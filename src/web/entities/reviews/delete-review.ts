import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { invalidateAfterReview } from './save-review';

/** Deletes my own review (the server refuses anyone else's). */
export const deleteReview = ({ reviewId }: { reviewId: number; courseId: number }) => call(endpoints.deleteReview, { params: { id: reviewId } });

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_result, { courseId }) => invalidateAfterReview(queryClient, courseId),
  });
}
