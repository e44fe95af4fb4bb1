import type { Counter } from '../../db/rate-limit-counter';
import { AppError } from '../../errors';

/**
 * Coupon codes tried, counted per account and per client address before the code is looked up:
 * a right code and a wrong one count alike, so a guesser cannot tell them apart by the limit, and
 * parallel requests cannot outrun the count. The counters are the auth layer's (the database's
 * `rate_limits` under a prefix of their own, or Redis), shared by every process.
 */
export type CouponAttemptLimits = { perAccount: number; perAddress: number; windowSeconds: number };

const KEY_PREFIX = 'coupon-attempts:';

export class CouponAttemptsLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many coupon codes tried; try again later');
  }
}

/** Counts one code tried by this account from this address; past either limit, refuses it. */
export async function countCouponAttempt(counter: Counter, limits: CouponAttemptLimits, who: { userId: string; clientAddress: string }): Promise<void> {
  const window = limits.windowSeconds;
  const byAddress = await counter.consume(`${KEY_PREFIX}address:${who.clientAddress}`, { window, max: limits.perAddress });
  if (!byAddress.allowed) throw new CouponAttemptsLimitedError(byAddress.retryAfter ?? window);
  const byAccount = await counter.consume(`${KEY_PREFIX}account:${who.userId}`, { window, max: limits.perAccount });
  if (!byAccount.allowed) throw new CouponAttemptsLimitedError(byAccount.retryAfter ?? window);
}
