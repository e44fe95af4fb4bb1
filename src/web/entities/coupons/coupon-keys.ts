/** Keys of the coupon lists and referral figures; a switch or a new coupon invalidates its list. */
export const couponKeys = {
  all: ['coupons'] as const,
  mine: () => [...couponKeys.all, 'mine'] as const,
  site: () => [...couponKeys.all, 'site'] as const,
  referrals: () => [...couponKeys.all, 'referrals'] as const,
};
