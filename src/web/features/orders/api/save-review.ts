import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '../../../../shared/schemas/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './get-course-reviews';

type Saved = { review: Review; ratingAverage: number; ratingCount: number };

/** Creates my review of the course, or updates it when I already wrote one. */
export const saveReview = ({ courseId, ...input }: ReviewInput & { courseId: number }) => api.post<Saved>(`/api/courses/${courseId}/reviews`, input);

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: async (_saved, { courseId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.course(courseId) }),
        // The catalogue shows the new average.
        queryClient.invalidateQueries({ queryKey: ['courses'] }),
      ]);
    },
  });
}
