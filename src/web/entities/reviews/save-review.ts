import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '../../../shared/schemas/reviews';
import { courseKeys } from '../courses/course-keys';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

/** Creates my review of the course, or replaces the one I already wrote (`replaced: true`). */
export const saveReview = ({ courseId, ...input }: ReviewInput & { courseId: number }) => call(endpoints.saveReview, { params: { id: courseId }, body: input });

/** After a review changes, the course's page (rating, review list) and the catalogue's cards (rating) are stale. */
export const invalidateAfterReview = (queryClient: ReturnType<typeof useQueryClient>, courseId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: courseKeys.course(courseId) }),
    queryClient.invalidateQueries({ queryKey: courseKeys.lists() }),
  ]);

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: (_saved, { courseId }) => invalidateAfterReview(queryClient, courseId),
  });
}
