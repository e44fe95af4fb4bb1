import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { cartKeys } from '../cart/cart-keys';
import { enrollmentKeys } from './enrollment-keys';

/** One-click enrolment in a free course (no checkout). */
export const enrollFree = (courseId: number) => call(endpoints.enrollFree, { params: { id: courseId } });

export function useEnrollFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollFree,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }),
        // The course leaves the cart if it was there.
        queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      ]);
    },
  });
}
