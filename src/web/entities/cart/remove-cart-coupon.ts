import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { cartKeys } from './cart-keys';

export const removeCartCoupon = () => call(endpoints.removeCartCoupon);

export function useRemoveCartCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartCoupon,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
