/**
 * What tells, on every page, whether the coupon and referral links' code is needed at all: kept
 * apart from ./coupon-link so that the first download of every page carries only these lines.
 */
export const couponStorageKey = 'marketplace.couponLink';

/** An address carrying a coupon (`?cupon=`, `?coupon=`) or a referral (`?ref=`). */
export const linkParameterPattern = /[?&](cupon|coupon|ref)=/;
