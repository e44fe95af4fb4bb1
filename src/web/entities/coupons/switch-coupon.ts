import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Coupon } from '../../../shared/schemas/coupons';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/error-message';

type CouponSwitch = Pick<UseMutationResult<Coupon, Error, { id: number; active: boolean }>, 'mutate'>;

/** A coupon's on/off switch, the teacher's or the admin's: the change, then a toast that says it (or why not). */
export const switchCoupon =
  (update: CouponSwitch, t: TFunction<'coupons'>) =>
  (coupon: Coupon, active: boolean) =>
    update.mutate(
      { id: coupon.id, active },
      {
        onSuccess: () => toast.success(t(active ? 'list.switchedOn' : 'list.switchedOff', { code: coupon.code })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
