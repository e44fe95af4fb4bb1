import type { CouponDiscountKind } from '../../../shared/limits';
import { BASIS_POINTS, splitLine, type LineSplit } from '../payouts';

/**
 * How a cart is priced with a coupon and referrals. All amounts are integer cents.
 *
 * The rounding rule for discounts: a percentage coupon takes, from each line it covers, the
 * line's list price times the percentage, rounded half up to the cent; an amount coupon takes
 * its amount from each line it covers. Either way a line's discount never exceeds its price, so
 * no price goes below zero. Lines a coupon does not cover keep their list price.
 *
 * Each line is then split between the platform and its teacher by `splitLine` (revenue-split's
 * rule) at the line's fee rate: the normal one, or the referral one when the teacher brought the
 * buyer. So for every line `list − discount = price` and `fee + share = price`, and the order's
 * total is the sum of its lines' prices: what the buyer pays, to the cent.
 */

export type CouponTerms = {
  discountKind: CouponDiscountKind;
  /** 1 to 100 for a percentage; cents off each covered line for an amount. */
  discountValue: number;
};

export type ListedLine = {
  courseId: number;
  listPriceCents: number;
};

export type PricedLine<Line extends ListedLine> = Line &
  LineSplit & {
    discountCents: number;
    priceCents: number;
    referred: boolean;
    feeBasisPoints: number;
  };

export type PricingRules = {
  /** The coupon applied, with the courses it covers among the lines; none when the cart has no coupon. */
  coupon?: { terms: CouponTerms; coveredCourseIds: ReadonlySet<number> } | null;
  /** Lines whose teacher brought the buyer: their fee is `referralFeeBasisPoints`. */
  referredCourseIds?: ReadonlySet<number>;
  platformFeeBasisPoints: number;
  referralFeeBasisPoints: number;
};

/** The discount a coupon gives on one line of this list price. */
export function lineDiscountCents(listPriceCents: number, terms: CouponTerms): number {
  if (!Number.isSafeInteger(listPriceCents) || listPriceCents < 0) throw new RangeError(`list price must be a non-negative integer of cents, got ${listPriceCents}`);
  if (!Number.isSafeInteger(terms.discountValue) || terms.discountValue <= 0) throw new RangeError(`discount must be a positive integer, got ${terms.discountValue}`);
  if (terms.discountKind === 'percent') {
    if (terms.discountValue > 100) throw new RangeError(`a percentage is at most 100, got ${terms.discountValue}`);
    return Math.floor((listPriceCents * terms.discountValue + 50) / 100);
  }
  return Math.min(terms.discountValue, listPriceCents);
}

/**
 * Whether the seller's own coupon on a line it covers makes the line referred (the seller's
 * lower fee): only when its discount is at least `minDiscountPercent` of the line's list price
 * (REFERRAL_MIN_DISCOUNT_PERCENT), compared in integer cents, so a one-cent coupon of the seller's
 * own does not cut the platform's fee. A discount of nothing never refers.
 */
export function sellerCouponRefers(listPriceCents: number, terms: CouponTerms, minDiscountPercent: number): boolean {
  if (!Number.isInteger(minDiscountPercent) || minDiscountPercent < 0 || minDiscountPercent > 100) throw new RangeError(`the least discount is 0 to 100 percent, got ${minDiscountPercent}`);
  const discountCents = lineDiscountCents(listPriceCents, terms);
  return discountCents > 0 && discountCents * 100 >= minDiscountPercent * listPriceCents;
}

/** The referral fee rate from REFERRAL_TEACHER_PERCENT: the platform keeps what the teacher does not. */
export const referralFeeBasisPoints = (teacherPercent: number) => BASIS_POINTS - Math.round(teacherPercent * 100);

/** Prices every line: its discount, the price paid, its fee rate and the split of that price. */
export function priceLines<Line extends ListedLine>(lines: readonly Line[], rules: PricingRules): PricedLine<Line>[] {
  return lines.map((line) => {
    const covered = rules.coupon?.coveredCourseIds.has(line.courseId) ?? false;
    const discountCents = covered && rules.coupon ? lineDiscountCents(line.listPriceCents, rules.coupon.terms) : 0;
    const priceCents = line.listPriceCents - discountCents;
    const referred = rules.referredCourseIds?.has(line.courseId) ?? false;
    const feeBasisPoints = referred ? rules.referralFeeBasisPoints : rules.platformFeeBasisPoints;
    return { ...line, discountCents, priceCents, referred, feeBasisPoints, ...splitLine(priceCents, feeBasisPoints) };
  });
}

/** What the buyer pays for the priced lines, and what the coupon took off. */
export function cartTotals(lines: readonly { listPriceCents: number; discountCents: number; priceCents: number }[]) {
  return lines.reduce(
    (totals, line) => ({
      listTotalCents: totals.listTotalCents + line.listPriceCents,
      discountCents: totals.discountCents + line.discountCents,
      totalCents: totals.totalCents + line.priceCents,
    }),
    { listTotalCents: 0, discountCents: 0, totalCents: 0 },
  );
}
