import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { cartKeys } from './cart-keys';

/** Answers the whole cart; a refusal is an ApiError (COURSE_ALREADY_IN_CART, COURSE_ALREADY_OWNED, COURSE_IS_YOURS…). */
export const addToCart = (courseId: number) => call(endpoints.addToCart, { body: { courseId } });

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
    // A cart read already on its way (the header's, the moment a session exists) may have left
    // before the add and answer after it: it is dropped and read again, after the add.
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
