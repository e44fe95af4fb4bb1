/**
 * The payment provider seam. Two implementations: Stripe (Checkout Sessions + signed
 * webhooks) and a built-in test provider with its own hosted page, the default when no
 * Stripe key is configured. Both speak Stripe's session and event vocabulary, so the
 * webhook route, the confirmation call and fulfilment run the same code for either.
 */

import type { Language } from '../../shared/languages';
import type { BillingDetails } from '../../shared/schemas/invoices';

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
  /** The billing name, address and tax IDs the buyer gave on the hosted page (Stripe: `customer_details`), when any. */
  billingDetails?: BillingDetails | null;
  /** Tax the provider added on top of the order's amount (Stripe Tax: `total_details.amount_tax`); `amountTotal` includes it. */
  amountTax?: number | null;
};

/** A refund made at the provider (Stripe's `charge.refunded`), from the admin's action or the provider's dashboard. */
export type ProviderRefund = {
  /** The payment refunded (Stripe: the PaymentIntent), as stored on the order when it was paid. */
  paymentId: string;
  /** Whether the whole payment has been given back; a partial refund is left for a person. */
  fullyRefunded: boolean;
};

/** A teacher's connected account (Stripe Connect, Express) as the provider reports it. */
export type ConnectedAccount = {
  id: string;
  /** `enabled`: transfers may land (Stripe: the `transfers` capability is active); `restricted`: the provider needs more details; `pending`: onboarding not finished. */
  state: 'pending' | 'enabled' | 'restricted';
  /** What the provider still asks for (Stripe: `requirements.currently_due`). */
  requirements: string[];
};

/** A transfer to a connected account, as the provider reports it (for the daily reconciliation). */
export type ProviderTransfer = {
  id: string;
  destinationAccountId: string;
  amountCents: number;
  /** How much of it has been reversed back to the platform. */
  reversedCents: number;
  currency: string;
  /** Our order id (Stripe's `transfer_group`). */
  transferGroup: string | null;
  createdAt: Date;
};

/** A signature-verified provider event. `session` is set for `checkout.session.*` events, `refund` for `charge.refunded`, `account` for `account.updated`. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** When the provider created the event (Stripe's `created`); events may arrive out of order. */
  createdAt?: Date;
  session: ProviderSession | null;
  refund?: ProviderRefund | null;
  account?: ConnectedAccount | null;
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
  /**
   * Ends an open session, so it can no longer be paid (Stripe: `checkout.sessions.expire`), and
   * answers the session as it is then. A session no longer open is left as it is and answered
   * too: `complete` when the buyer paid before the expiry reached the provider (the order must
   * then be settled as paid), `expired` when it had ended already. The same `idempotencyKey`
   * answers the first result again.
   */
  expireSession(sessionId: string, idempotencyKey: string): Promise<ProviderSession>;
  /**
   * Gives back part or all of the order's payment (the admin's refund of some lines or of the
   * whole order; without `request`, all of it). The same `idempotencyKey` never refunds twice.
   */
  refund(order: RefundableOrder, request?: { amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /**
   * Checks the `Stripe-Signature` header against the raw body and returns the event;
   * throws `INVALID_SIGNATURE` (400) for a missing, forged or stale signature.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/**
 * Marketplace payouts (Stripe Connect with Express accounts; separate charges and transfers):
 * teachers' connected accounts, and transfers of their shares after the hold. Every call that
 * moves money takes an idempotency key, so a retry after a crash never moves it twice.
 */
export interface PayoutProvider {
  /** Opens a connected account for a teacher (Stripe: an Express account with the `transfers` capability). */
  createConnectedAccount(input: { teacherId: string; email: string; idempotencyKey: string }): Promise<ConnectedAccount>;
  /** A single-use link to the provider's hosted onboarding for that account (Stripe: an account link). */
  createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  /**
   * Moves a teacher's share of one order to their account: `transferGroup` is the order, and
   * `sourcePaymentId` its payment, whose charge funds the transfer (Stripe: `source_transaction`).
   */
  createTransfer(input: {
    destinationAccountId: string;
    amountCents: number;
    currency: string;
    transferGroup: string;
    sourcePaymentId: string;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
  /** Takes part or all of a transfer back (a refund after the teacher was paid). */
  reverseTransfer(input: { transferId: string; amountCents: number; idempotencyKey: string }): Promise<{ reversalId: string }>;
  /** The transfers made since a moment, for the daily reconciliation with the ledger. */
  listTransfers(input: { createdSince: Date }): Promise<ProviderTransfer[]>;
  /** The platform's own balance at the provider (Stripe: available and pending, in the currency). */
  retrieveBalance(currency: string): Promise<{ availableCents: number; pendingCents: number }>;
}

/** What the app is given: one provider for buyers' payments and teachers' payouts. */
export type MarketplaceProvider = PaymentProvider & PayoutProvider;

/** The order is paid when the provider says the session is complete and paid. */
export const isPaid = (session: ProviderSession) =>
  session.status === 'complete' && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required');
