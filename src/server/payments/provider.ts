/**
 * The payment provider seam. Two implementations: Stripe (Checkout Sessions + signed
 * webhooks) and a built-in test provider with its own hosted page, the default when no
 * Stripe key is configured. Both speak Stripe's session and event vocabulary, so the
 * webhook route, the confirmation call and fulfilment run the same code for either.
 */

import type { Language } from '../../shared/languages';

export type ProviderName = 'stripe' | 'test';

export type CheckoutLine = {
  courseId: number;
  title: string;
  unitAmountCents: number;
  imageUrl: string | null;
};

export type CreateCheckoutInput = {
  orderId: string;
  customerEmail: string;
  currency: 'usd';
  lines: CheckoutLine[];
  amountTotal: number;
  expiresAt: Date;
  /** Absolute; `{CHECKOUT_SESSION_ID}` is replaced by the provider with the session id. */
  successUrl: string;
  cancelUrl: string;
  /** The language of the hosted page (the buyer's interface language). */
  locale?: Language;
};

/** What the provider says about one checkout session (Stripe's fields, camel-cased). */
export type ProviderSession = {
  id: string;
  /** Our order id, as given to the provider at creation (`client_reference_id`). */
  orderId: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number | null;
  currency: string | null;
  /** The provider's payment id (Stripe: the PaymentIntent), needed for refunds. */
  paymentId: string | null;
  /** The hosted page, while the session is open. */
  url: string | null;
};

/** A refund made at the provider (Stripe's `charge.refunded`), from the admin's action or the provider's dashboard. */
export type ProviderRefund = {
  /** The payment refunded (Stripe: the PaymentIntent), as stored on the order when it was paid. */
  paymentId: string;
  /** Whether the whole payment has been given back; a partial refund is left for a person. */
  fullyRefunded: boolean;
};

/** A signature-verified provider event. `session` is set for `checkout.session.*` events, `refund` for `charge.refunded`. */
export type ProviderEvent = {
  id: string;
  type: string;
  session: ProviderSession | null;
  refund?: ProviderRefund | null;
};

export type RefundableOrder = {
  id: string;
  amountTotal: number;
  providerSessionId: string | null;
  providerPaymentId: string | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Creates a hosted checkout session; the browser is sent to `url`. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider for the session's current state (never trusts the browser). */
  retrieveSession(sessionId: string): Promise<ProviderSession>;
  /** Refunds the order's payment in full (the admin's refund action). */
  refund(order: RefundableOrder): Promise<{ refundId: string }>;
  /**
   * Checks the `Stripe-Signature` header against the raw body and returns the event;
   * throws `INVALID_SIGNATURE` (400) for a missing, forged or stale signature.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** The order is paid when the provider says the session is complete and paid. */
export const isPaid = (session: ProviderSession) =>
  session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
