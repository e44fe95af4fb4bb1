/**
 * A coupon code that came with a link (`?cupon=CODE` or `?coupon=CODE` on any page), kept in
 * localStorage until the visitor is signed in and it reaches their cart: through signing up,
 * a social provider's round trip, or a later visit. Read with no library: every page carries it.
 */
const storageKey = 'marketplace.couponLink';
/** A link followed long ago does not surprise a much later cart. */
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;
/** What a code can look like (couponLimits.codePattern, with room for the server to say "not found"). */
const plausibleCode = /^[A-Za-z0-9_-]{1,64}$/;

export type KeptCoupon = {
  code: string;
  savedAt: number;
  /**
   * The cart's courses when the server last answered "not for the courses in your cart"
   * (COUPON_NOT_APPLICABLE), or null before any try: the code is tried again once the cart
   * holds a course not in this list.
   */
  triedWith: number[] | null;
};

/** The parameters a link may carry; `ref` counts only on a course page. */
export const linkParameters = ['cupon', 'coupon', 'ref'] as const;

/** A code from `?cupon=` or `?coupon=`, or null when none (or one that cannot be a code). */
export function couponFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = (params.get('cupon') ?? params.get('coupon'))?.trim();
  return code && plausibleCode.test(code) ? code : null;
}

/** The referral code of `?ref=`, or null. */
export function referralFromSearch(search: string): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim();
  return code && plausibleCode.test(code) ? code : null;
}

function write(kept: KeptCoupon | null) {
  try {
    if (kept) window.localStorage.setItem(storageKey, JSON.stringify(kept));
    else window.localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, full): the code is typed in the cart instead.
  }
}

/** Keeps a code from a link, replacing any code kept before. */
export const keepCoupon = (code: string, now = Date.now()) => write({ code, savedAt: now, triedWith: null });

/** Remembers the cart the code was refused for, to try again once the cart changes. */
export const markCouponTried = (kept: KeptCoupon, courseIds: number[]) => write({ ...kept, triedWith: courseIds });

export const forgetCoupon = () => write(null);

/** The kept code, or null when none, expired or malformed (a malformed or expired one is dropped). */
export function keptCoupon(now = Date.now()): KeptCoupon | null {
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
  if (!stored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = null;
  }
  const { code, savedAt, triedWith } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const valid =
    typeof code === 'string' &&
    plausibleCode.test(code) &&
    typeof savedAt === 'number' &&
    savedAt <= now &&
    now - savedAt <= maxAgeMs &&
    (triedWith === null || (Array.isArray(triedWith) && triedWith.every((id) => Number.isInteger(id))));
  if (!valid) {
    forgetCoupon();
    return null;
  }
  return { code, savedAt, triedWith: triedWith as number[] | null };
}
