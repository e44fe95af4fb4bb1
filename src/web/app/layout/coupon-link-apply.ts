import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toasts';
import { applyCartCoupon } from '../../entities/cart/apply-cart-coupon';
import { cartKeys } from '../../entities/cart/cart-keys';
import { i18n } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { forgetCoupon, keptCoupon, markCouponTried, type KeptCoupon } from '../../lib/coupon-link';

/**
 * Sends the code a link left to the signed-in buyer's cart, and says how it went. A code "not
 * for the courses in your cart" (an empty cart, or other courses) waits for the next course the
 * buyer adds; any other refusal is said once and the code dropped. Answers what to wait for (null: nothing until the next page).
 */
export async function applyKeptCoupon(queryClient: QueryClient, cartCourseIds: number[]): Promise<KeptCoupon | null> {
  // Read again: the buyer may have typed or removed a code in the cart meanwhile.
  const kept = keptCoupon();
  if (!kept) return null;
  try {
    const cart = await applyCartCoupon(kept.code);
    queryClient.setQueryData(cartKeys.all, cart);
    forgetCoupon();
    toast.success(i18n.t('cart:coupon.linkApplied', { code: cart.coupon?.code ?? kept.code }));
    return null;
  } catch (error) {
    if (isApiError(error) && error.code === 'COUPON_NOT_APPLICABLE') {
      if (kept.triedWith === null) toast.success(i18n.t('cart:coupon.linkWaiting', { code: kept.code }));
      markCouponTried(kept, cartCourseIds);
      return { ...kept, triedWith: cartCourseIds };
    }
    // No answer (offline) or no session any more: kept in storage, tried again on the next page.
    if (!isApiError(error) || error.code === 'NETWORK' || error.status === 401) return null;
    forgetCoupon();
    toast.error(i18n.t('cart:coupon.linkRefused', { code: kept.code, reason: errorMessage(error) }));
    return null;
  }
}
