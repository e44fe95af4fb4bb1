import { paths } from '../../../shared/paths';

/** Where the provider's hosted page sends the buyer back; Stripe fills in `{CHECKOUT_SESSION_ID}`. */
export function returnUrls(publicUrl: string) {
  return {
    successUrl: `${publicUrl}${paths.paymentSuccess()}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${publicUrl}${paths.paymentFailed()}`,
  };
}
