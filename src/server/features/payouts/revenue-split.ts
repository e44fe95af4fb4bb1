/**
 * How a sale is split between the platform and the course's teacher. All amounts are integer
 * cents; the fee rate is in basis points (1/100 of a percent, `PLATFORM_FEE_PERCENT` × 100).
 *
 * The one rounding rule: the platform's fee on a line is the line's price times the rate,
 * rounded half up to the cent; the teacher's share is the price minus the fee. So for every
 * line, and therefore for every order, the shares plus the fees are exactly what the buyer paid.
 */

export const BASIS_POINTS = 10_000;

export type LineSplit = { feeCents: number; teacherShareCents: number };

/** The platform's fee on one line, rounded half up to the cent (integer arithmetic only). */
export function platformFeeCents(priceCents: number, feeBasisPoints: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`price must be a non-negative integer of cents, got ${priceCents}`);
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > BASIS_POINTS) {
    throw new RangeError(`fee must be 0 to ${BASIS_POINTS} basis points, got ${feeBasisPoints}`);
  }
  return Math.floor((priceCents * feeBasisPoints + BASIS_POINTS / 2) / BASIS_POINTS);
}

export function splitLine(priceCents: number, feeBasisPoints: number): LineSplit {
  const feeCents = platformFeeCents(priceCents, feeBasisPoints);
  return { feeCents, teacherShareCents: priceCents - feeCents };
}
