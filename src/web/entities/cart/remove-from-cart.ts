import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from './cart-keys';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';

export const removeFromCart = (courseId: number) => call(endpoints.removeFromCart, { params: { courseId } });

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
