import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals, lineDiscountCents, priceLines, referralFeeBasisPoints, type CouponTerms } from './coupon-pricing';

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

  it('refuses what no coupon can be: a percentage over 100, a discount of 0, a negative price', () => {
    expect(() => lineDiscountCents(100, { discountKind: 'percent', discountValue: 101 })).toThrow(RangeError);
    expect(() => lineDiscountCents(100, { discountKind: 'amount', discountValue: 0 })).toThrow(RangeError);
    expect(() => lineDiscountCents(-1, { discountKind: 'amount', discountValue: 5 })).toThrow(RangeError);
  });
});
