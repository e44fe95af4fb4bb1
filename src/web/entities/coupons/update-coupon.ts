import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';

export type CouponSwitch = { id: number; active: boolean };

/** Switches one of the teacher's coupons off (or on again). */
export const updateCoupon = ({ id, active }: CouponSwitch) => call(endpoints.updateCoupon, { params: { id }, body: { active } });

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.mine() }),
  });
}
