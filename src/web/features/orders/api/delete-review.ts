import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './get-course-reviews';

/** Deletes my own review (the server refuses anyone else's). */
export const deleteReview = ({ reviewId }: { reviewId: number; courseId: number }) =>
  api.delete<{ ratingAverage: number; ratingCount: number }>(`/api/reviews/${reviewId}`);

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: async (_result, { courseId }) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.course(courseId) }), queryClient.invalidateQueries({ queryKey: ['courses'] })]);
    },
  });
}
