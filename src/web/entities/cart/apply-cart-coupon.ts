import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { cartKeys } from './cart-keys';

/**
 * Answers the cart priced with the code; a refusal is an ApiError (COUPON_NOT_FOUND for any code
 * the buyer cannot use, COUPON_ALREADY_USED, RATE_LIMITED) and leaves the cart as it was.
 */
export const applyCartCoupon = (code: string) => call(endpoints.applyCartCoupon, { body: { code } });

export function useApplyCartCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCartCoupon,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.all, cart);
    },
  });
}
