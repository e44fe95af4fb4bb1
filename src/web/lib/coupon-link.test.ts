import { describe, expect, it } from 'vitest';
import { couponFromSearch, forgetCoupon, keepCoupon, keptCoupon, markCouponTried, referralFromSearch } from './coupon-link';

describe('a coupon link\'s code', () => {
  it('is read from ?cupon= or ?coupon=, trimmed; anything that cannot be a code is ignored', () => {
    expect(couponFromSearch('?cupon=MITAD')).toBe('MITAD');
    expect(couponFromSearch('?lang=en&coupon=%20half-50_%20')).toBe('half-50_');
    expect(couponFromSearch('?cupon=<script>')).toBeNull();
    expect(couponFromSearch(`?cupon=${'A'.repeat(65)}`)).toBeNull();
    expect(couponFromSearch('?cupon=')).toBeNull();
    expect(couponFromSearch('?ref=LAURA7')).toBeNull();
    expect(referralFromSearch('?ref=LAURA7')).toBe('LAURA7');
    expect(referralFromSearch('?ref=a%20b')).toBeNull();
  });

  it('is kept until used, remembers the cart it was refused for, and is dropped after a week or when malformed', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    keepCoupon('MITAD', now);
    const kept = keptCoupon(now + 1000);
    expect(kept).toEqual({ code: 'MITAD', savedAt: now, triedWith: null });
    markCouponTried(kept!, [42]);
    expect(keptCoupon(now)?.triedWith).toEqual([42]);
    expect(keptCoupon(now + 8 * 24 * 3600 * 1000)).toBeNull();
    // Dropped, not only hidden.
    expect(keptCoupon(now)).toBeNull();

    window.localStorage.setItem('marketplace.couponLink', '{"code":"<x>","savedAt":1,"triedWith":null}');
    expect(keptCoupon(now)).toBeNull();
    window.localStorage.setItem('marketplace.couponLink', 'not json');
    expect(keptCoupon(now)).toBeNull();
    keepCoupon('OTRO', now);
    forgetCoupon();
    expect(keptCoupon(now)).toBeNull();
  });
});
