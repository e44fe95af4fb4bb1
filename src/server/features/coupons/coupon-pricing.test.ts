import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals, lineDiscountCents, priceLines, referralFeeBasisPoints, sellerCouponRefers, type CouponTerms } from './coupon-pricing';

const terms: fc.Arbitrary<CouponTerms> = fc.oneof(
  fc.record({ discountKind: fc.constant('percent' as const), discountValue: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ discountKind: fc.constant('amount' as const), discountValue: fc.integer({ min: 1, max: 20_000 }) }),
);
const cart = fc.uniqueArray(fc.record({ courseId: fc.integer({ min: 1, max: 40 }), listPriceCents: fc.integer({ min: 0, max: 10_000 }) }), {
  minLength: 1,
  maxLength: 12,
  selector: (line) => line.courseId,
});

describe('pricing a cart with a coupon and referrals', () => {
  it('always adds up to the cent: list − discount = price ≥ 0, fee + share = price, and the total is the sum of the prices', () => {
    fc.assert(
      fc.property(
        cart,
        fc.option(terms, { nil: null }),
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        (lines, coupon, covers, refers, platformFeeBasisPoints, teacherPercent) => {
          const coveredCourseIds = new Set(lines.filter((line) => covers(line.courseId)).map((line) => line.courseId));
          const referredCourseIds = new Set(lines.filter((line) => refers(line.courseId)).map((line) => line.courseId));
          const priced = priceLines(lines, {
            coupon: coupon ? { terms: coupon, coveredCourseIds } : null,
            referredCourseIds,
            platformFeeBasisPoints,
            referralFeeBasisPoints: referralFeeBasisPoints(teacherPercent),
          });
          for (const line of priced) {
            expect(line.listPriceCents - line.discountCents).toBe(line.priceCents);
            expect(line.priceCents).toBeGreaterThanOrEqual(0);
            expect(line.discountCents).toBeGreaterThanOrEqual(0);
            expect(line.feeCents + line.teacherShareCents).toBe(line.priceCents);
            expect(line.feeCents).toBeGreaterThanOrEqual(0);
            expect(line.teacherShareCents).toBeGreaterThanOrEqual(0);
            // Only the covered lines are discounted; only the referred ones take the referral rate.
            if (!coupon || !coveredCourseIds.has(line.courseId)) expect(line.discountCents).toBe(0);
            expect(line.feeBasisPoints).toBe(referredCourseIds.has(line.courseId) ? referralFeeBasisPoints(teacherPercent) : platformFeeBasisPoints);
          }
          const totals = cartTotals(priced);
          expect(totals.totalCents).toBe(priced.reduce((sum, line) => sum + line.feeCents + line.teacherShareCents, 0));
          expect(totals.listTotalCents - totals.discountCents).toBe(totals.totalCents);
          expect(totals.listTotalCents).toBe(lines.reduce((sum, line) => sum + line.listPriceCents, 0));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rounds a percentage half up to the cent, and never takes more than the price', () => {
    expect(lineDiscountCents(1999, { discountKind: 'percent', discountValue: 50 })).toBe(1000);
    expect(lineDiscountCents(1998, { discountKind: 'percent', discountValue: 50 })).toBe(999);
    expect(lineDiscountCents(333, { discountKind: 'percent', discountValue: 15 })).toBe(50);
    expect(lineDiscountCents(1999, { discountKind: 'percent', discountValue: 100 })).toBe(1999);
    expect(lineDiscountCents(500, { discountKind: 'amount', discountValue: 800 })).toBe(500);
    expect(lineDiscountCents(0, { discountKind: 'percent', discountValue: 30 })).toBe(0);
  });

  it('gives the teacher REFERRAL_TEACHER_PERCENT of a referred line, and the platform the rest', () => {
    const [line] = priceLines([{ courseId: 1, listPriceCents: 2000 }], {
      referredCourseIds: new Set([1]),
      platformFeeBasisPoints: 2000,
      referralFeeBasisPoints: referralFeeBasisPoints(97),
    });
    expect(line).toMatchObject({ priceCents: 2000, feeCents: 60, teacherShareCents: 1940, referred: true, feeBasisPoints: 300 });
  });

  describe('the seller’s own coupon as a referral (REFERRAL_MIN_DISCOUNT_PERCENT)', () => {
    const percent = (discountValue: number): CouponTerms => ({ discountKind: 'percent', discountValue });
    const amount = (discountValue: number): CouponTerms => ({ discountKind: 'amount', discountValue });

    it.each([
      // list price, coupon, least percent, referred, why
      [2000, amount(1), 10, false, 'a 1-cent coupon is 0.05 %'],
      [2000, amount(199), 10, false, 'one cent short of 10 %'],
      [2000, amount(200), 10, true, 'exactly 10 %'],
      [2000, percent(9), 10, false, '9 %'],
      [2000, percent(10), 10, true, '10 %'],
      [1999, percent(10), 10, true, '199.9 rounds to 200, which is 10.005 %'],
      [1994, percent(10), 10, false, '199.4 rounds to 199, which is 9.98 %'],
      [2000, amount(1), 0, true, 'no floor: any discount'],
      [0, percent(50), 0, false, 'a free line takes nothing off'],
      [2000, percent(100), 100, true, 'a floor of 100 %: only a free line'],
      [2000, percent(99), 100, false, '99 % under a floor of 100 %'],
    ] as const)('list %i with %o and a floor of %i %%: referred %s (%s)', (listPriceCents, terms, floor, referred, _why) => {
      expect(sellerCouponRefers(listPriceCents, terms, floor)).toBe(referred);
    });

    it('makes a line referred exactly when discount × 100 ≥ floor × list price, and the split still adds up to the cent', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 100_000 }), terms, fc.integer({ min: 0, max: 100 }), (listPriceCents, couponTerms, floor) => {
          const discountCents = lineDiscountCents(listPriceCents, couponTerms);
          const referred = sellerCouponRefers(listPriceCents, couponTerms, floor);
          expect(referred).toBe(discountCents > 0 && discountCents * 100 >= floor * listPriceCents);
          const [line] = priceLines([{ courseId: 1, listPriceCents }], {
            coupon: { terms: couponTerms, coveredCourseIds: new Set([1]) },
            referredCourseIds: new Set(referred ? [1] : []),
            platformFeeBasisPoints: 2000,
            referralFeeBasisPoints: 300,
          });
          expect(line!.feeBasisPoints).toBe(referred ? 300 : 2000);
          expect(line!.discountCents + line!.priceCents).toBe(listPriceCents);
          expect(line!.feeCents + line!.teacherShareCents).toBe(line!.priceCents);
        }),
      );
    });

    it('refuses a floor that is not a whole percent from 0 to 100', () => {
      for (const floor of [-1, 101, 2.5]) expect(() => sellerCouponRefers(1000, percent(10), floor)).toThrow(RangeError);
    });
  });

  it('refuses what no coupon can be: a percentage over 100, a discount of 0, a negative price', () => {
    expect(() => lineDiscountCents(100, { discountKind: 'percent', discountValue: 101 })).toThrow(RangeError);
    expect(() => lineDiscountCents(100, { discountKind: 'amount', discountValue: 0 })).toThrow(RangeError);
    expect(() => lineDiscountCents(-1, { discountKind: 'amount', discountValue: 5 })).toThrow(RangeError);
  });
});
