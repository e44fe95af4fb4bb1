import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, paymentEvents } from '../../db/schema';
import { isPaid, type ProviderEvent, type ProviderName, type ProviderRefund, type ProviderSession } from '../../payments/provider';
import { applyReportedAccount } from '../payouts';
import { expireOrder, failOrder, fulfilOrder, revokeOrder } from './fulfilment';


export type SessionOutcome = 'fulfilled' | 'already-settled' | 'not-paid' | 'expired' | 'failed' | 'refunded' | 'account-updated' | 'ignored';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Settles an order from what the provider says about its session. The session must come
 * from the provider (a verified event or a server-side retrieve), never from the browser.
 * It grants only when the session belongs to this order and provider and the amount and
 * currency are exactly the order's.
 */
export async function applyProviderSession(db: Database, providerName: ProviderName, session: ProviderSession, log: FastifyBaseLogger): Promise<SessionOutcome> {
  if (!session.orderId || !uuidPattern.test(session.orderId)) {
    log.warn({ sessionId: session.id }, 'payment session without an order reference: ignored');
    return 'ignored';
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, session.orderId));
  if (!order || order.provider !== providerName || (order.providerSessionId !== null && order.providerSessionId !== session.id)) {
    log.warn({ sessionId: session.id, orderId: session.orderId }, 'payment session does not match an order of this provider: ignored');
    return 'ignored';
  }

  if (isPaid(session)) {
    // Stripe Tax adds the tax on top: the order's amount plus the tax reported, exactly, and never less.
    const tax = session.amountTax ?? 0;
    if (!Number.isInteger(tax) || tax < 0 || session.amountTotal !== order.amountTotal + tax || (session.currency ?? '').toLowerCase() !== order.currency) {
      // Never grant on a payment of another amount: leave the order for a person to look at.
      log.warn({ orderId: order.id, paid: session.amountTotal, tax, currency: session.currency, expected: order.amountTotal }, 'paid amount differs from the order: not granted');
      return 'ignored';
    }
    const result = await db.transaction(async (tx) => {
      // The billing details and the tax the invoice prints, written with the payment (never after it).
      await tx
        .update(orders)
        .set({ billingDetails: session.billingDetails ?? null, taxCents: tax })
        .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ['unpaid', 'expired', 'failed'])));
      return fulfilOrder(tx as unknown as Database, order.id, { providerPaymentId: session.paymentId });
    });
    if (result.fulfilled) log.info({ orderId: order.id, courseIds: result.courseIds }, 'order fulfilled');
    return result.fulfilled ? 'fulfilled' : 'already-settled';
  }
  if (session.status === 'expired') return (await expireOrder(db, order.id)) ? 'expired' : 'already-settled';
  return 'not-paid';
}

/** The checkout events that move an order; the rest are acknowledged and ignored. */
const handledEvents = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * A payment given back at the provider, whoever started it (the admin's refund, or someone in
 * the provider's dashboard): the order is revoked, and with it the buyer's access, at once.
 * After the admin's own refund the order is already revoked and nothing changes.
 */
async function applyProviderRefund(db: Database, providerName: ProviderName, refund: ProviderRefund, log: FastifyBaseLogger): Promise<SessionOutcome> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, providerName), eq(orders.providerPaymentId, refund.paymentId)));
  if (!order) {
    log.warn({ paymentId: refund.paymentId }, 'refund of a payment that matches no order: ignored');
    return 'ignored';
  }
  if (!refund.fullyRefunded) {
    // Courses are not split by amount: a partial refund keeps the access and waits for a person.
    log.warn({ orderId: order.id, paymentId: refund.paymentId }, 'partial refund: access kept');
    return 'ignored';
  }
  const result = await revokeOrder(db, order.id);
  if (result.revoked) log.info({ orderId: order.id, courseIds: result.courseIds }, 'order refunded at the provider: access revoked');
  return result.revoked ? 'refunded' : 'already-settled';
}

/**
 * Handles one verified provider event, once: the event id goes into `payment_events` in
 * the same transaction as its effect, so a duplicate or replayed delivery (even 20 at
 * once) finds it recorded and changes nothing. If the effect fails, nothing is recorded
 * and the provider's retry gets another chance.
 */
export async function handleProviderEvent(db: Database, providerName: ProviderName, event: ProviderEvent, log: FastifyBaseLogger): Promise<SessionOutcome | 'duplicate'> {
  const { session, refund, account } = event;
  if (!(handledEvents.has(event.type) && session) && !(event.type === 'charge.refunded' && refund) && !(event.type === 'account.updated' && account)) return 'ignored';
  return db.transaction(async (tx) => {
    const recorded = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate' as const;
    const txDb = tx as unknown as Database;
    if (refund) return applyProviderRefund(txDb, providerName, refund, log);
    if (account) {
      // A teacher's payout account moved on at the provider (onboarding done, or more details asked for).
      const applied = await applyReportedAccount(txDb, providerName, account, event.createdAt);
      if (applied !== 'updated') log.warn({ accountId: account.id, applied }, 'account.updated for an account no teacher holds, or older than its state: ignored');
      return applied === 'updated' ? ('account-updated' as const) : ('ignored' as const);
    }
    if (!session) return 'ignored' as const;
    if (event.type === 'checkout.session.async_payment_failed') {
      if (!session.orderId || !uuidPattern.test(session.orderId)) return 'ignored' as const;
      const [order] = await tx.select({ provider: orders.provider }).from(orders).where(eq(orders.id, session.orderId));
      if (order?.provider !== providerName) return 'ignored' as const;
      return (await failOrder(txDb, session.orderId)) ? ('failed' as const) : ('already-settled' as const);
    }
    return applyProviderSession(txDb, providerName, session, log);
  });
}
