import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toasts';
import { applyCartCoupon } from '../../entities/cart/apply-cart-coupon';
import { cartKeys } from '../../entities/cart/cart-keys';
import { i18n } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { forgetCoupon, keptCoupon, markCouponTried } from '../../lib/coupon-link';

/**
 * Sends the code a link left to the signed-in buyer's cart, and says how it went. A code that
 * gives nothing on the cart as it is (COUPON_NOT_FOUND: the server answers alike for an unknown
 * code and one for other courses, so a link followed before adding its course is not told apart
 * from a wrong one) waits for the next course the buyer adds, as does a code refused for too many
 * tries (RATE_LIMITED); any other refusal is said once and the code dropped.
 */
export async function applyKeptCoupon(queryClient: QueryClient, cartCourseIds: number[]): Promise<void> {
  // Read again: the buyer may have typed or removed a code in the cart meanwhile; an old one is dropped.
  const kept = keptCoupon();
  if (!kept) return;
  try {
    const cart = await applyCartCoupon(kept.code);
    queryClient.setQueryData(cartKeys.all, cart);
    forgetCoupon();
    toast.success(i18n.t('cart:coupon.linkApplied', { code: cart.coupon?.code ?? kept.code }));
  } catch (error) {
    if (isApiError(error) && (error.code === 'COUPON_NOT_FOUND' || error.code === 'RATE_LIMITED')) {
      if (kept.triedWith === null && error.code === 'COUPON_NOT_FOUND') toast.success(i18n.t('cart:coupon.linkWaiting', { code: kept.code }));
      markCouponTried(kept, cartCourseIds);
      return;
    }
    // No answer (offline) or no session any more: kept, tried again when the session or the cart changes.
    if (!isApiError(error) || error.code === 'NETWORK' || error.status === 401) return;
    forgetCoupon();
    toast.error(i18n.t('cart:coupon.linkRefused', { code: kept.code, reason: errorMessage(error) }));
  }
}
