import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';
import type { CouponSwitch } from './update-coupon';

/** Switches any coupon off (or on again), as an admin. */
export const updateSiteCoupon = ({ id, active }: CouponSwitch) => call(endpoints.updateSiteCoupon, { params: { id }, body: { active } });

export function useUpdateSiteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.site() }),
  });
}
