import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../shared/schemas/cart';
import { cartKeys } from './cart-keys';
import { api } from '../../lib/api-client';

export const removeFromCart = (courseId: number) => api.delete<Cart>(`/api/cart/${courseId}`);

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
