import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import type { CreateCouponBody } from '../../../shared/schemas/coupons';
import { call } from '../../lib/api-client';
import { couponKeys } from './coupon-keys';

/** A site-wide coupon (an admin's): every course, or the ones named. */
export const createSiteCoupon = (body: CreateCouponBody) => call(endpoints.createSiteCoupon, { body });

export function useCreateSiteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSiteCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.site() }),
  });
}
