import { couponStorageKey as storageKey } from './coupon-link-key';

/**
 * A coupon code that came with a link (`?cupon=CODE` or `?coupon=CODE` on any page), kept in
 * localStorage until the visitor is signed in and it reaches their cart: through signing up,
 * a social provider’s round trip, or a later visit. Checked by hand, without zod: small enough for any page.
 */
/** A link followed long ago does not surprise a much later cart. */
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;
/** What a code can look like (couponLimits.codePattern, with room for the server to say "not found"). */
const plausibleCode = /^[A-Za-z0-9_-]{1,64}$/;

export type KeptCoupon = {
  code: string;
  savedAt: number;
  /**
   * The cart's courses when the server last answered that the code gives nothing on the cart
   * (COUPON_NOT_FOUND) or that too many codes were tried, or null before any try: the code is
   * tried again once the cart holds a course not in this list.
   */
  triedWith: number[] | null;
};

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

const listeners = new Set<() => void>();

function write(kept: KeptCoupon | null) {
  try {
    if (kept) window.localStorage.setItem(storageKey, JSON.stringify(kept));
    else window.localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, full): the code is typed in the cart instead.
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: told of every change, here or in another tab. */
export function subscribeKeptCoupon(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored text as it is (a stable snapshot: equal while unchanged). */
export function keptCouponSnapshot(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** The kept code in `stored`, whatever its age; null when malformed. */
export function parseKeptCoupon(stored: string | null): KeptCoupon | null {
  if (!stored) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  const { code, savedAt, triedWith } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const valid =
    typeof code === 'string' &&
    plausibleCode.test(code) &&
    typeof savedAt === 'number' &&
    (triedWith === null || (Array.isArray(triedWith) && triedWith.every((id) => Number.isInteger(id))));
  return valid ? { code, savedAt, triedWith: triedWith as number[] | null } : null;
}

/** Keeps a code from a link, replacing any code kept before. */
export const keepCoupon = (code: string, now = Date.now()) => write({ code, savedAt: now, triedWith: null });

/** Remembers the cart the code was refused for, to try again once the cart changes. */
export const markCouponTried = (kept: KeptCoupon, courseIds: number[]) => write({ ...kept, triedWith: courseIds });

export const forgetCoupon = () => write(null);

/** The kept code, or null when none, expired or malformed (a malformed or expired one is dropped). */
export function keptCoupon(now = Date.now()): KeptCoupon | null {
  const stored = keptCouponSnapshot();
  const kept = parseKeptCoupon(stored);
  if (kept && kept.savedAt <= now && now - kept.savedAt <= maxAgeMs) return kept;
  if (stored) forgetCoupon();
  return null;
}
