import type { Coupon, Referrals } from '../../shared/schemas/coupons';

/** A coupon as the API lists it: 50 % off every course of its owner, active, 3 of 100 uses. */
export function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  const code = overrides.code ?? 'MITAD';
  return {
    id: 1,
    code,
    discountKind: 'percent',
    discountValue: 50,
    courses: null,
    startsAt: '2026-11-01T10:00:00.000Z',
    endsAt: null,
    maxUses: 100,
    maxUsesPerBuyer: 1,
    status: 'active',
    uses: 3,
    heldUses: 0,
    remainingUses: 97,
    revenueCents: 3000,
    discountCents: 3000,
    link: `/allcourses?cupon=${code}`,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeReferrals(overrides: Partial<Referrals> = {}): Referrals {
  return {
    code: 'LAURA7',
    teacherPercent: 97,
    windowDays: 7,
    items: [{ courseId: 42, title: 'Python desde cero', link: '/course/42?ref=LAURA7', visits: 12, sales: 2, revenueCents: 4000, teacherShareCents: 3880 }],
    ...overrides,
  };
}
