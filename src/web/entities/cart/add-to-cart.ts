import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../shared/schemas/cart';
import { api } from '../../lib/api-client';
import { cartKeys } from './cart-keys';

/** Answers the whole cart; a refusal is an ApiError (COURSE_ALREADY_IN_CART, COURSE_ALREADY_OWNED, COURSE_IS_YOURS…). */
export const addToCart = (courseId: number) => api.post<Cart>('/api/cart', { courseId });

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
