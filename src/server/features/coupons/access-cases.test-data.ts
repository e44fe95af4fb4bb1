import type { AccessRule } from '../../access-cases.test-support';

const couponBody = (code: string, courseIds: number[] | null) => ({ code, discountKind: 'percent', discountValue: 10, courseIds });
/** No coupon has this id: switching it is refused as not found, to its owner or anyone. */
const missingCouponId = 2_000_000_000;

export const accessRules: AccessRule[] = [
  {
    route: 'POST /api/coupons',
    request: () => ({ url: '/api/coupons', payload: couponBody('ACCESS-TEACHER', null) }),
    // Only the fixture course's owner has a course for an "all my courses" coupon.
    status: 403,
    except: { owner: 201 },
  },
  { route: 'PATCH /api/coupons/:id', request: () => ({ url: `/api/coupons/${missingCouponId}`, payload: { active: false } }), status: 404 },
  { route: 'POST /api/admin/coupons', request: (f) => ({ url: '/api/admin/coupons', payload: couponBody('ACCESS-SITE', [f.courseId]) }), status: 201 },
  { route: 'PATCH /api/admin/coupons/:id', request: () => ({ url: `/api/admin/coupons/${missingCouponId}`, payload: { active: false } }), status: 404 },
  // Public; no teacher holds this code, so every caller is told the link does not exist.
  { route: 'POST /api/referrals/visits', request: (f) => ({ url: '/api/referrals/visits', payload: { code: 'NOSUCHCD', courseId: f.courseId } }), status: 404 },
];
