import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { courses, orderItems, orders, testProviderRecords } from '../db/schema';
import { AppError } from '../errors';
import type { CreateCheckoutInput, MarketplaceProvider, ProviderSession, RefundableOrder } from './provider';
import { signStripePayload, verifyStripeEvent } from './stripe-events';
import { checkCard, type CardInput, type CardCheck } from './test-cards';
import { createTestConnect, type TestConnect, type WebhookDelivery } from './test-connect';

export type { WebhookDelivery } from './test-connect';

/** Where the app serves the test provider's hosted checkout page. */
export const TEST_CHECKOUT_PATH = '/test-checkout';

export type TestProviderOptions = {
  db: Database;
  publicUrl: string;
  webhookSecret: string;
  deliver: WebhookDelivery;
  log: FastifyBaseLogger;
  successUrl: string;
  cancelUrl: string;
};

/** One session as the hosted page shows it. */
export type TestCheckoutSession = {
  session: ProviderSession;
  expiresAt: Date;
  lines: { courseId: number; title: string; unitAmountCents: number; imageUrl: string | null }[];
  successUrl: string;
  cancelUrl: string;
};

export type TestPaymentResult =
  | { outcome: 'paid'; redirectTo: string }
  | { outcome: 'closed'; session: TestCheckoutSession }
  | Exclude<CardCheck, { outcome: 'approved' }>;

/** The provider's own record that a session was expired through `expireSession`. */
const EXPIRED_KIND = 'checkout_session_expired';
const expiredRecordId = (sessionId: string) => `expired:${sessionId}`;

async function expiredAtProvider(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: testProviderRecords.id })
    .from(testProviderRecords)
    .where(and(eq(testProviderRecords.id, expiredRecordId(sessionId)), eq(testProviderRecords.kind, EXPIRED_KIND)));
  return row !== undefined;
}

/** Locks the session's order row: a payment and an expiry of one session take their turns, as they do at Stripe. */
const lockSession = (tx: Database, sessionId: string) =>
  tx
    .select({ id: orders.id, providerPaymentId: orders.providerPaymentId })
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.provider, 'test')))
    .for('update');

const newId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export type TestProvider = MarketplaceProvider & {
  /** The hosted page's view of a session, or null for an unknown id. */
  loadSession(sessionId: string): Promise<TestCheckoutSession | null>;
  /** The hosted page's form: check the card, take the payment, notify the app. */
  pay(sessionId: string, card: CardInput, now?: Date): Promise<TestPaymentResult | null>;
} & Pick<TestConnect, 'loadOnboarding' | 'decideOnboarding'>;

/**
 * The built-in provider, so the whole purchase works offline. A session is the order row that
 * it was created for (`provider = 'test'`), and the provider's record of a taken payment is the
 * order's `provider_payment_id`, set when the card is accepted and before the app is notified.
 * As at Stripe, a session stays payable until its `expires_at` or until it is expired through
 * `expireSession` (kept as a `checkout_session_expired` row of `test_provider_records`), whatever
 * the order's status says: an order the app abandoned is still payable at the provider until
 * the app expires its session there. The app learns of the payment only
 * through the signed `checkout.session.completed` event (Stripe's format and signature,
 * through the same webhook route), or by asking `retrieveSession` from the success page.
 * Connect (teachers' accounts and onboarding, transfers, reversals) and refunds are kept in
 * `test_provider_records` (test-connect.ts).
 */
export function createTestProvider(options: TestProviderOptions): TestProvider {
  const { db, publicUrl, webhookSecret, deliver, log } = options;
  const connect = createTestConnect({ db, publicUrl, webhookSecret, deliver, log });

  async function loadSession(sessionId: string): Promise<TestCheckoutSession | null> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.providerSessionId, sessionId), eq(orders.provider, 'test')));
    if (!order) return null;
    const lines = await db
      .select({ courseId: orderItems.courseId, title: orderItems.title, unitAmountCents: orderItems.priceCents, imageUrl: courses.imageUrl })
      .from(orderItems)
      .innerJoin(courses, eq(courses.id, orderItems.courseId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.title));
    const paid = order.providerPaymentId !== null;
    const expired = !paid && (order.expiresAt.getTime() <= Date.now() || (await expiredAtProvider(db, sessionId)));
    const url = `${publicUrl}${TEST_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}`;
    return {
      session: {
        id: sessionId,
        orderId: order.id,
        status: paid ? 'complete' : expired ? 'expired' : 'open',
        paymentStatus: paid ? 'paid' : 'unpaid',
        amountTotal: lines.reduce((sum, line) => sum + line.unitAmountCents, 0),
        currency: order.currency,
        paymentId: order.providerPaymentId,
        url: paid || expired ? null : url,
      },
      expiresAt: order.expiresAt,
      lines,
      successUrl: options.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)),
      cancelUrl: options.cancelUrl,
    };
  }

  /** The event Stripe would send, signed the way Stripe signs it. */
  function completedEvent(session: ProviderSession, view: TestCheckoutSession): string {
    const created = Math.floor(Date.now() / 1000);
    return JSON.stringify({
      id: newId('evt_test_'),
      object: 'event',
      api_version: '2025-01-01',
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_total: session.amountTotal,
          amount_subtotal: session.amountTotal,
          currency: session.currency,
          client_reference_id: session.orderId,
          metadata: { orderId: session.orderId },
          payment_intent: session.paymentId,
          success_url: view.successUrl,
          cancel_url: view.cancelUrl,
          url: null,
          livemode: false,
          created,
        },
      },
    });
  }

  return {
    name: 'test',

    async createCheckoutSession(input: CreateCheckoutInput) {
      if (input.lines.length === 0 || input.amountTotal <= 0) throw new AppError('BAD_REQUEST', 'Nothing to pay');
      const sessionId = newId('cs_test_');
      const language = input.locale ? `?lang=${input.locale}` : '';
      return { sessionId, url: `${publicUrl}${TEST_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}${language}` };
    },

    async retrieveSession(sessionId: string) {
      const view = await loadSession(sessionId);
      if (!view) throw new AppError('ORDER_NOT_FOUND', 'The payment provider does not know this checkout session');
      return view.session;
    },

    async expireSession(sessionId: string, idempotencyKey: string) {
      await db.transaction(async (tx) => {
        const [order] = await lockSession(tx as unknown as Database, sessionId);
        if (!order) throw new AppError('ORDER_NOT_FOUND', 'The payment provider does not know this checkout session');
        // A paid session stays complete; an expiry of one already expired changes nothing.
        if (order.providerPaymentId !== null) return;
        await tx
          .insert(testProviderRecords)
          .values({ id: expiredRecordId(sessionId), kind: EXPIRED_KIND, data: { sessionId, idempotencyKey } })
          .onConflictDoNothing();
      });
      return (await loadSession(sessionId))!.session;
    },

    refund(order: RefundableOrder, request?: { amountCents: number; idempotencyKey: string }) {
      return connect.refund(order, request);
    },

    ...connect.payouts,
    loadOnboarding: connect.loadOnboarding,
    decideOnboarding: connect.decideOnboarding,

    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      return verifyStripeEvent(rawBody, signature, webhookSecret);
    },

    loadSession,

    async pay(sessionId: string, card: CardInput, now = new Date()) {
      const view = await loadSession(sessionId);
      if (!view) return null;
      if (view.session.status !== 'open') return { outcome: 'closed', session: view };
      const check = checkCard(card, now);
      if (check.outcome !== 'approved') return check;

      // Take the payment once, and only while the session is open: a second submit of the same
      // session finds it already taken, and an expiry that came first leaves it closed. The order's
      // own status is the app's business: a session the app abandoned but has not expired here yet
      // is still paid, as Stripe would take it.
      const paymentId = newId('pi_test_');
      const taken = await db.transaction(async (tx) => {
        const [order] = await lockSession(tx as unknown as Database, sessionId);
        if (!order || order.providerPaymentId !== null || (await expiredAtProvider(tx as unknown as Database, sessionId))) return [];
        return tx
          .update(orders)
          .set({ providerPaymentId: paymentId })
          .where(and(eq(orders.id, order.id), isNull(orders.providerPaymentId)))
          .returning({ id: orders.id });
      });
      if (taken.length === 0) {
        const latest = (await loadSession(sessionId))!;
        return latest.session.status === 'complete' ? { outcome: 'paid', redirectTo: latest.successUrl } : { outcome: 'closed', session: latest };
      }

      const paidSession: ProviderSession = { ...view.session, status: 'complete', paymentStatus: 'paid', paymentId, url: null };
      const payload = completedEvent(paidSession, view);
      try {
        const status = await deliver(payload, signStripePayload(payload, webhookSecret));
        if (status >= 300) log.warn({ status, sessionId }, 'test provider: webhook not accepted; the success page will confirm the payment');
      } catch (error) {
        log.warn({ err: error, sessionId }, 'test provider: webhook delivery failed; the success page will confirm the payment');
      }
      return { outcome: 'paid', redirectTo: view.successUrl };
    },
  };
}
