import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDeleted } from '../../../shared/schemas/reviews';
import { api } from '../../lib/api-client';
import { invalidateAfterReview } from './save-review';

/** Deletes my own review (the server refuses anyone else's). */
export const deleteReview = ({ reviewId }: { reviewId: number; courseId: number }) => api.delete<ReviewDeleted>(`/api/reviews/${reviewId}`);

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_result, { courseId }) => invalidateAfterReview(queryClient, courseId),
  });
}
