import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASIS_POINTS, platformFeeCents, splitLine } from './revenue-split';

const price = fc.integer({ min: 0, max: 10_000_000 });
const rate = fc.integer({ min: 0, max: BASIS_POINTS });

describe('the revenue split', () => {
  it('gives the teacher and the platform exactly the price, each a whole non-negative number of cents', () => {
    fc.assert(
      fc.property(price, rate, (priceCents, feeBasisPoints) => {
        const { feeCents, teacherShareCents } = splitLine(priceCents, feeBasisPoints);
        expect(Number.isInteger(feeCents) && Number.isInteger(teacherShareCents)).toBe(true);
        expect(feeCents).toBeGreaterThanOrEqual(0);
        expect(teacherShareCents).toBeGreaterThanOrEqual(0);
        expect(feeCents + teacherShareCents).toBe(priceCents);
      }),
    );
  });

  it('rounds the fee half up: never more than half a cent from the exact fee, and a half goes to the platform', () => {
    fc.assert(
      fc.property(price, rate, (priceCents, feeBasisPoints) => {
        // The exact fee in 1/10000 of a cent, in integers: fee × 10000 against price × rate.
        const exact = BigInt(priceCents) * BigInt(feeBasisPoints);
        const rounded = BigInt(platformFeeCents(priceCents, feeBasisPoints)) * BigInt(BASIS_POINTS);
        const half = BigInt(BASIS_POINTS / 2);
        expect(rounded - exact <= half && exact - rounded < half).toBe(true);
      }),
    );
    // The written examples: 20 % of $19.99 is 399.8 cents, of $0.05 is exactly 1, of $0.03 is 0.6 and of $0.02 is 0.4.
    expect([1999, 5, 3, 2].map((cents) => platformFeeCents(cents, 2000))).toEqual([400, 1, 1, 0]);
    // Half a cent (12.5 % of 4 cents) goes up.
    expect(platformFeeCents(4, 1250)).toBe(1);
  });

  it('refuses amounts and rates that are not whole cents and basis points in range', () => {
    for (const [priceCents, feeBasisPoints] of [
      [-1, 2000],
      [10.5, 2000],
      [100, -1],
      [100, 10_001],
      [100, 20.5],
    ] as const) {
      expect(() => splitLine(priceCents, feeBasisPoints)).toThrow(RangeError);
    }
  });
});
