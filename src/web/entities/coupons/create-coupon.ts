import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { CreateCouponBody } from '../../../shared/schemas/coupons';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** A coupon over some or all of the teacher's courses; refusals: COUPON_CODE_TAKEN, COUPON_LIMIT_REACHED, COUPON_COURSES_NOT_YOURS. */
export const createCoupon = (body: CreateCouponBody) => call(endpoints.createCoupon, { body });

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.mine() }),
  });
}
