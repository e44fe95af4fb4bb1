import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../shared/schemas/cart';
import { cartKeys } from './cart-keys';
import { api } from '../../lib/api-client';

export const clearCart = () => api.delete<Cart>('/api/cart');

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
