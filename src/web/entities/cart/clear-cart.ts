import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from './cart-keys';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

export const clearCart = () => call(endpoints.clearCart);

export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
