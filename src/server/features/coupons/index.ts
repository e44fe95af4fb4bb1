/** The coupons area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { CouponAttemptsLimitedError, countCouponAttempt } from './coupon-attempts';
export { couponCandidates, couponError, couponRefusal, couponStanding, couponUseCounts, coveredCourseIds, expireBuyerCheckoutsWithCoupon, resolveCoupon, storedCartCode } from './coupon-eligibility';
export type { CouponLine, CouponProblem, CouponRecord, CouponStanding } from './coupon-eligibility';
export { cartTotals, lineDiscountCents, priceLines, referralFeeBasisPoints, sellerCouponRefers } from './coupon-pricing';
export type { CouponTerms } from './coupon-pricing';
export { couponsFeature } from './feature';
export { deriveReferralKey, readReferralAttributions } from './referral-codes';
