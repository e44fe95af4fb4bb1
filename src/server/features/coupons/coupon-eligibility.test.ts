import { describe, expect, it } from 'vitest';
import { useLedgerDatabase } from '../../../../test/helpers/payouts';
import { createCourse, createUser, insertCoupon, orderWithCoupon } from '../../db/factories';
import { couponCandidates, couponProblem, couponUseCounts, coveredCourseIds, remainingUses, resolveCoupon, type CouponRecord, type CouponStanding } from './coupon-eligibility';

const now = new Date('2026-06-01T12:00:00Z');
const hour = 3_600_000;

function standing(coupon: Partial<CouponRecord> = {}, counts: Partial<Omit<CouponStanding, 'coupon'>> = {}): CouponStanding {
  return {
    coupon: {
      id: 1,
      code: 'CODE',
      ownerId: 'teacher',
      createdBy: 'teacher',
      discountKind: 'percent',
      discountValue: 10,
      allCourses: true,
      startsAt: new Date(now.getTime() - hour),
      endsAt: null,
      maxUses: null,
      maxUsesPerBuyer: 1,
      disabledAt: null,
      createdAt: now,
      ...coupon,
    },
    listedCourseIds: null,
    used: 0,
    heldByOthers: 0,
    usedByBuyer: 0,
    ...counts,
  };
}

const teacherLine = { courseId: 1, sellerId: 'teacher' };
const otherLine = { courseId: 2, sellerId: 'other' };

describe('a coupon’s rules', () => {
  it('covers a teacher’s own courses (all, or the named ones they still own), and any course for the site', () => {
    const lines = [teacherLine, otherLine, { courseId: 3, sellerId: 'teacher' }];
    expect([...coveredCourseIds({ ownerId: 'teacher', allCourses: true }, null, lines)]).toEqual([1, 3]);
    expect([...coveredCourseIds({ ownerId: 'teacher', allCourses: false }, [3, 2], lines)]).toEqual([3]);
    expect([...coveredCourseIds({ ownerId: null, allCourses: true }, null, lines)]).toEqual([1, 2, 3]);
    expect([...coveredCourseIds({ ownerId: null, allCourses: false }, [2], lines)]).toEqual([2]);
    expect([...coveredCourseIds({ ownerId: null, allCourses: false }, null, lines)]).toEqual([]);
  });

  it('answers the first problem in order: unknown, out of dates or off, used up, nothing covered, used by the buyer', () => {
    const lines = [teacherLine];
    expect(couponProblem(null, lines, now)).toBe('COUPON_NOT_FOUND');
    expect(couponProblem(standing(), lines, now)).toBeNull();
    expect(couponProblem(standing({ disabledAt: now }), lines, now)).toBe('COUPON_EXPIRED');
    expect(couponProblem(standing({ startsAt: new Date(now.getTime() + 1) }), lines, now)).toBe('COUPON_EXPIRED');
    expect(couponProblem(standing({ endsAt: now }), lines, now)).toBe('COUPON_EXPIRED');
    expect(couponProblem(standing({ endsAt: new Date(now.getTime() + 1) }), lines, now)).toBeNull();
    expect(couponProblem(standing({ maxUses: 3 }, { used: 2, heldByOthers: 1 }), lines, now)).toBe('COUPON_USED_UP');
    expect(couponProblem(standing({ maxUses: 3 }, { used: 2 }), lines, now)).toBeNull();
    expect(couponProblem(standing(), [otherLine], now)).toBe('COUPON_NOT_APPLICABLE');
    expect(couponProblem(standing(), [], now)).toBe('COUPON_NOT_APPLICABLE');
    expect(couponProblem(standing({ maxUsesPerBuyer: 2 }, { usedByBuyer: 1 }), lines, now)).toBeNull();
    expect(couponProblem(standing({ maxUsesPerBuyer: 2 }, { usedByBuyer: 2 }), lines, now)).toBe('COUPON_ALREADY_USED');
  });

  it('resolves a code held by several owners to the oldest coupon the buyer may use, or to the nearest miss', () => {
    const site = standing({ id: 1, ownerId: null, allCourses: false }, { listedCourseIds: [99] });
    const ended = standing({ id: 2, endsAt: now });
    const others = standing({ id: 3, ownerId: 'other', discountValue: 50 });
    const teachers = standing({ id: 4 });
    const lines = [teacherLine, otherLine];
    expect(resolveCoupon([site, others, teachers], lines, now)).toEqual({ standing: others, problem: null });
    expect(resolveCoupon([site, teachers], [teacherLine], now)).toEqual({ standing: teachers, problem: null });
    // None usable: the one covering a line wins over one that covers none, however far that one got.
    expect(resolveCoupon([site, ended], lines, now)).toEqual({ standing: ended, problem: 'COUPON_EXPIRED' });
    expect(resolveCoupon([site], lines, now)).toEqual({ standing: site, problem: 'COUPON_NOT_APPLICABLE' });
    // No coupon of the site's or the cart's sellers has the code: it is not for these courses.
    expect(resolveCoupon([], lines, now)).toEqual({ standing: null, problem: 'COUPON_NOT_APPLICABLE' });
  });

  it('leaves remaining uses open without a cap, and never below zero', () => {
    expect(remainingUses(null, { uses: 5, heldUses: 1 })).toBeNull();
    expect(remainingUses(5, { uses: 2, heldUses: 1 })).toBe(2);
    expect(remainingUses(1, { uses: 2, heldUses: 0 })).toBe(0);
  });
});

describe('a coupon’s uses, from the orders that carry it', () => {
  const ctx = useLedgerDatabase();

  it('finds a code in any letter case, and counts paid and refunded orders as used, open checkouts as held, the rest not at all', async () => {
    const teacher = await createUser(ctx.db);
    const buyer = await createUser(ctx.db);
    const someone = await createUser(ctx.db);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher.id, code: 'Verano-26', maxUses: 10 });
    const untouched = await insertCoupon(ctx.db, { createdBy: teacher.id, code: 'OTRO' });
    const teachersLine = [{ courseId: 1, sellerId: teacher.id }];
    expect((await couponCandidates(ctx.db, 'vERANO-26', buyer.id, teachersLine)).map((found) => found.coupon.id)).toEqual([coupon.id]);
    expect(await couponCandidates(ctx.db, 'verano26', buyer.id, teachersLine)).toEqual([]);
    // Only the site's coupons and the cart's sellers' are candidates: a cart without the teacher's courses finds none.
    expect(await couponCandidates(ctx.db, 'vERANO-26', buyer.id, [{ courseId: 1, sellerId: someone.id }])).toEqual([]);

    const soon = new Date(Date.now() + hour);
    const gone = new Date(Date.now() - 1000);
    await orderWithCoupon(ctx.db, coupon, buyer.id, { paymentStatus: 'paid' });
    await orderWithCoupon(ctx.db, coupon, someone.id, { paymentStatus: 'refunded' });
    await orderWithCoupon(ctx.db, coupon, someone.id, { paymentStatus: 'unpaid', expiresAt: soon });
    await orderWithCoupon(ctx.db, coupon, buyer.id, { paymentStatus: 'unpaid', expiresAt: soon });
    // Checkouts that ended unpaid hold nothing: past their expiry, expired, or failed.
    await orderWithCoupon(ctx.db, coupon, someone.id, { paymentStatus: 'unpaid', expiresAt: gone });
    await orderWithCoupon(ctx.db, coupon, someone.id, { paymentStatus: 'expired', expiresAt: soon });
    await orderWithCoupon(ctx.db, coupon, someone.id, { paymentStatus: 'failed', expiresAt: soon });

    const counts = await couponUseCounts(ctx.db, [coupon.id, untouched.id]);
    expect(counts.get(coupon.id)).toEqual({ uses: 2, heldUses: 2 });
    expect(counts.get(untouched.id)).toEqual({ uses: 0, heldUses: 0 });
    expect(remainingUses(coupon.maxUses, counts.get(coupon.id)!)).toBe(6);
    expect(await couponUseCounts(ctx.db, [])).toEqual(new Map());

    // For the buyer: their own open checkout is not held against them (their next checkout replaces it).
    const [mine] = await couponCandidates(ctx.db, coupon.code, buyer.id, teachersLine, { lock: true });
    expect(mine).toMatchObject({ used: 2, heldByOthers: 1, usedByBuyer: 1, listedCourseIds: null });
  });

  it('reads the courses a coupon names', async () => {
    const teacher = await createUser(ctx.db);
    const first = await createCourse(ctx.db, { ownerId: teacher.id }, { videos: false });
    const second = await createCourse(ctx.db, { ownerId: teacher.id }, { videos: false });
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher.id, courseIds: [first.id, second.id] });
    const [found] = await couponCandidates(ctx.db, coupon.code, teacher.id, [{ courseId: first.id, sellerId: teacher.id }]);
    expect(found!.listedCourseIds?.sort()).toEqual([first.id, second.id].sort());
  });
});
