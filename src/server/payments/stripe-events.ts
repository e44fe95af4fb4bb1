import Stripe from 'stripe';
import { AppError } from '../errors';
import type { BillingDetails } from '../../shared/schemas/invoices';
import type { ConnectedAccount, ProviderEvent, ProviderRefund, ProviderSession } from './provider';

/** Events older than this (by their signed timestamp) are refused as replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's enums are open-ended strings; keep only the values we act on. */
const oneOf = <T extends string>(value: string | null | undefined, known: readonly T[]): T | undefined =>
  known.find((candidate) => candidate === value);

/** Stripe's checkout session object, as far as we read it. */
export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const paymentIntent = session.payment_intent;
  return {
    id: session.id,
    orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
    status: oneOf(session.status, ['complete', 'expired'] as const) ?? 'open',
    paymentStatus: oneOf(session.payment_status, ['paid', 'no_payment_required'] as const) ?? 'unpaid',
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    paymentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
    url: session.url ?? null,
    billingDetails: toBillingDetails(session.customer_details),
    amountTax: session.total_details?.amount_tax ?? null,
  };
}

const text = (value: string | null | undefined, max: number) => (value?.trim() ? value.trim().slice(0, max) : null);

/**
 * What the buyer gave for the invoice on Stripe's page: the billing name (a business's legal
 * name when they buy as one), the address as printed lines, the tax IDs. Null when none.
 */
function toBillingDetails(details: Stripe.Checkout.Session.CustomerDetails | null | undefined): BillingDetails | null {
  if (!details) return null;
  const address = details.address;
  const lines = address
    ? [
        text(address.line1, 300),
        text(address.line2, 300),
        text([address.postal_code, address.city].filter(Boolean).join(' '), 300),
        text(address.state, 300),
        text(address.country, 300),
      ].filter((line): line is string => line !== null)
    : [];
  const taxIds = (details.tax_ids ?? [])
    .slice(0, 10)
    .map((taxId) => ({ type: String(taxId.type).slice(0, 40), value: String(taxId.value ?? '').slice(0, 100) }))
    .filter((taxId) => taxId.value !== '');
  const name = text(details.name, 300);
  if (!name && lines.length === 0 && taxIds.length === 0) return null;
  return { name, address: lines, taxIds };
}

/**
 * Verifies a `Stripe-Signature` header (`t=…,v1=…`, HMAC-SHA256 of `t.body`) with the
 * stripe SDK and returns the event. Both providers sign their events this way.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string): ProviderEvent {
  if (!signature) throw new AppError('INVALID_SIGNATURE', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('INVALID_SIGNATURE', 'The webhook signature is not valid or is too old');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new AppError('BAD_REQUEST', 'Not a Stripe event');
  }
  const object = event.data.object as { object?: string };
  const session = event.type.startsWith('checkout.session.') && object.object === 'checkout.session' ? toProviderSession(object as Stripe.Checkout.Session) : null;
  const refund = event.type === 'charge.refunded' && object.object === 'charge' ? toProviderRefund(object as Stripe.Charge) : null;
  const account = event.type === 'account.updated' && object.object === 'account' ? toConnectedAccount(object as Stripe.Account) : null;
  const createdAt = typeof event.created === 'number' ? new Date(event.created * 1000) : undefined;
  return { id: event.id, type: event.type, createdAt, session, refund, account };
}

/**
 * A connected account's state from Stripe's Account object. Onboarding not finished
 * (`details_submitted` false) is `pending`, unless Stripe rejected the account outright;
 * `enabled` once transfers can land (the `transfers` capability active, payouts on);
 * `restricted` when Stripe has disabled it or asks for more after the details were sent;
 * otherwise (submitted, under review) still `pending`.
 */
export function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  const requirements = account.requirements;
  const currentlyDue = (requirements?.currently_due ?? []).filter((item): item is string => typeof item === 'string');
  const disabledReason = requirements?.disabled_reason ?? null;
  const transfersActive = account.capabilities?.transfers === 'active';
  const state: ConnectedAccount['state'] =
    typeof disabledReason === 'string' && disabledReason.startsWith('rejected.')
      ? 'restricted'
      : !account.details_submitted
        ? 'pending'
        : transfersActive && account.payouts_enabled
          ? 'enabled'
          : disabledReason || currentlyDue.length > 0
            ? 'restricted'
            : 'pending';
  return { id: account.id, state, requirements: currentlyDue };
}

/** A refunded charge, as far as we read it; null without the payment it belongs to. */
function toProviderRefund(charge: Stripe.Charge): ProviderRefund | null {
  const paymentIntent = charge.payment_intent;
  const paymentId = typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null);
  return paymentId ? { paymentId, fullyRefunded: charge.refunded === true } : null;
}

/** Signs a payload the way Stripe does (used by the test provider, and by tests). */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
