import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, testProviderRecords } from '../db/schema';
import { AppError } from '../errors';
import { stripeAccountObject, type StripeAccountObject } from './connect-objects';
import type { PayoutProvider, ProviderTransfer, RefundableOrder } from './provider';
import { signStripePayload, toConnectedAccount } from './stripe-events';
import type Stripe from 'stripe';

/** Where the app serves the test provider's hosted onboarding page. */
export const TEST_ONBOARDING_PATH = '/test-onboarding';

/** Like Stripe's account links, an onboarding link is single-use and short-lived; past it, the page sends the teacher to the refresh URL. */
export const ONBOARDING_LINK_TTL_MS = 5 * 60_000;

/** Posts a signed event to the app's webhook route; answers the HTTP status. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<number>;

export type TestConnectOptions = {
  db: Database;
  publicUrl: string;
  webhookSecret: string;
  deliver: WebhookDelivery;
  log: FastifyBaseLogger;
};

/** One onboarding link as the hosted page shows it. */
export type TestOnboardingView = { linkId: string; account: StripeAccountObject; returnUrl: string; refreshUrl: string; usable: boolean };

export type OnboardingDecision = 'approve' | 'reject';

type Kind = 'account' | 'account_link' | 'transfer' | 'reversal' | 'refund';
type StoredObject = Record<string, unknown> & { id: string };
type RecordData<T extends StoredObject = StoredObject> = { object: T; request?: string };

type TransferObject = StoredObject & { amount: number; currency: string; destination: string; source_transaction: string; transfer_group: string; created: number };
type ReversalObject = StoredObject & { amount: number; transfer: string };
type RefundObject = StoredObject & { amount: number; payment_intent: string };
type LinkObject = StoredObject & { account: string; refresh_url: string; return_url: string; expires_at: number; used: boolean };

const newId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/** The same parameters in any key order, which an idempotency key is compared by. */
const fingerprint = (what: string, params: Record<string, unknown>) =>
  `${what} ${JSON.stringify(Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))))}`;

/** A refusal worded like the Stripe adapter's (the code is Stripe's), so both fail the same way. */
const refused = (what: string, code: string) => new AppError('PAYMENT_PROVIDER_ERROR', `The payment provider refused this request (${what}: ${code})`);

/**
 * The test provider's side of Connect: teachers' accounts with an onboarding page the tester
 * approves or rejects (then a signed `account.updated`, as Stripe sends it), and transfers,
 * reversals and refunds checked as Stripe checks them. Everything is a row of
 * `test_provider_records`, so it survives a restart, and a retried call with the same
 * idempotency key answers the first result (with other parameters, it is refused).
 */
export function createTestConnect(options: TestConnectOptions) {
  const { db, publicUrl, webhookSecret, deliver, log } = options;

  /** One writer at a time: the checks of what is left of a payment or a transfer cannot race. */
  async function inTurn<T>(run: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('test-payment-provider'))`);
      return run(tx);
    });
  }

  async function load<T extends StoredObject>(tx: Database, kind: Kind, id: string): Promise<T | null> {
    const [row] = await tx
      .select({ data: testProviderRecords.data })
      .from(testProviderRecords)
      .where(and(eq(testProviderRecords.id, id), eq(testProviderRecords.kind, kind)));
    return row ? (row.data as RecordData<T>).object : null;
  }

  async function all<T extends StoredObject>(tx: Database, kind: Kind, since?: Date): Promise<T[]> {
    const rows = await tx
      .select({ data: testProviderRecords.data })
      .from(testProviderRecords)
      .where(and(eq(testProviderRecords.kind, kind), since ? gte(testProviderRecords.createdAt, since) : undefined))
      .orderBy(testProviderRecords.createdAt);
    return rows.map((row) => (row.data as RecordData<T>).object);
  }

  /**
   * Runs `create` once per idempotency key: a second call with the key and the same parameters
   * answers the stored object; with other parameters, Stripe's `idempotency_key_in_use`.
   */
  async function once<T extends StoredObject>(kind: Kind, key: string, request: string, create: (tx: Database) => Promise<T>): Promise<T> {
    return inTurn(async (tx) => {
      const [earlier] = await tx.select().from(testProviderRecords).where(eq(testProviderRecords.idempotencyKey, key));
      if (earlier) {
        const data = earlier.data as RecordData<T>;
        if (earlier.kind !== kind || data.request !== request) throw refused(kind, 'idempotency_key_in_use');
        return data.object;
      }
      const object = await create(tx);
      await tx.insert(testProviderRecords).values({ id: object.id, kind, idempotencyKey: key, data: { object, request } });
      return object;
    });
  }

  const unreversed = (transfer: TransferObject, reversals: ReversalObject[]) =>
    transfer.amount - reversals.filter((reversal) => reversal.transfer === transfer.id).reduce((sum, reversal) => sum + reversal.amount, 0);

  /** A test order's taken payment: what it brought in, less what was refunded of it. */
  async function paymentRest(tx: Database, paymentId: string) {
    const [order] = await tx
      .select({ amountTotal: orders.amountTotal })
      .from(orders)
      .where(and(eq(orders.provider, 'test'), eq(orders.providerPaymentId, paymentId)));
    if (!order) return null;
    const refunded = (await all<RefundObject>(tx, 'refund')).filter((refund) => refund.payment_intent === paymentId).reduce((sum, refund) => sum + refund.amount, 0);
    return { amount: order.amountTotal, rest: order.amountTotal - refunded };
  }

  /** The event Stripe would send, signed the way Stripe signs it, through the app's webhook route. */
  async function notify(type: string, object: object) {
    const created = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: newId('evt_test_'),
      object: 'event',
      api_version: '2025-01-01',
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    try {
      const status = await deliver(payload, signStripePayload(payload, webhookSecret));
      if (status >= 300) log.warn({ status, type }, 'test provider: webhook not accepted');
    } catch (error) {
      log.warn({ err: error, type }, 'test provider: webhook delivery failed');
    }
  }

  const payouts: PayoutProvider = {
    async createConnectedAccount({ teacherId, email, idempotencyKey }) {
      const account = await once('account', idempotencyKey, fingerprint('account', { teacherId, email }), async () =>
        stripeAccountObject({ id: newId('acct_test_'), email, metadata: { teacherId }, created: Math.floor(Date.now() / 1000), stage: 'opened' }),
      );
      return toConnectedAccount(account as unknown as Stripe.Account);
    },

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      if (!(await load(db, 'account', accountId))) throw refused('create onboarding link', 'resource_missing');
      for (const url of [refreshUrl, returnUrl]) if (!/^https?:\/\//.test(url)) throw refused('create onboarding link', 'url_invalid');
      const link: LinkObject = { id: newId('link_test_'), account: accountId, refresh_url: refreshUrl, return_url: returnUrl, expires_at: Date.now() + ONBOARDING_LINK_TTL_MS, used: false };
      await db.insert(testProviderRecords).values({ id: link.id, kind: 'account_link', data: { object: link } });
      return { url: `${publicUrl}${TEST_ONBOARDING_PATH}/${encodeURIComponent(link.id)}` };
    },

    async retrieveConnectedAccount(accountId: string) {
      const account = await load<StripeAccountObject & StoredObject>(db, 'account', accountId);
      if (!account) throw refused('retrieve connected account', 'resource_missing');
      return toConnectedAccount(account as unknown as Stripe.Account);
    },

    async createTransfer(input) {
      const { destinationAccountId, amountCents, currency, transferGroup, sourcePaymentId, idempotencyKey } = input;
      const request = fingerprint('transfer', { destinationAccountId, amountCents, currency, transferGroup, sourcePaymentId });
      const transfer = await once<TransferObject>('transfer', idempotencyKey, request, async (tx) => {
        if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw refused('transfer', 'amount_invalid');
        if (!/^[a-z]{3}$/.test(currency)) throw refused('transfer', 'currency_invalid');
        const destination = await load<StripeAccountObject & StoredObject>(tx, 'account', destinationAccountId);
        if (!destination) throw refused('transfer', 'resource_missing');
        if (destination.capabilities.transfers !== 'active') throw refused('transfer', 'insufficient_capabilities_for_transfer');
        const payment = await paymentRest(tx, sourcePaymentId);
        if (!payment) throw refused('transfer', 'resource_missing');
        const reversals = await all<ReversalObject>(tx, 'reversal');
        const funded = (await all<TransferObject>(tx, 'transfer'))
          .filter((earlier) => earlier.source_transaction === sourcePaymentId)
          .reduce((sum, earlier) => sum + unreversed(earlier, reversals), 0);
        if (amountCents > payment.rest - funded) throw refused('transfer', 'transfer_source_balance_parameters_mismatch');
        return {
          id: newId('tr_test_'),
          object: 'transfer',
          amount: amountCents,
          currency,
          destination: destinationAccountId,
          source_transaction: sourcePaymentId,
          transfer_group: transferGroup,
          created: Math.floor(Date.now() / 1000),
        };
      });
      return { transferId: transfer.id };
    },

    async reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      const reversal = await once<ReversalObject>('reversal', idempotencyKey, fingerprint('reversal', { transferId, amountCents }), async (tx) => {
        if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw refused('transfer reversal', 'amount_invalid');
        const transfer = await load<TransferObject>(tx, 'transfer', transferId);
        if (!transfer) throw refused('transfer reversal', 'resource_missing');
        if (amountCents > unreversed(transfer, await all<ReversalObject>(tx, 'reversal'))) throw refused('transfer reversal', 'amount_too_large');
        return { id: newId('trr_test_'), object: 'transfer_reversal', amount: amountCents, currency: transfer.currency, transfer: transferId };
      });
      return { reversalId: reversal.id };
    },

    async listTransfers({ createdSince }) {
      const reversals = await all<ReversalObject>(db, 'reversal');
      const transfers = await all<TransferObject>(db, 'transfer', createdSince);
      return transfers.map(
        (transfer): ProviderTransfer => ({
          id: transfer.id,
          destinationAccountId: transfer.destination,
          amountCents: transfer.amount,
          reversedCents: transfer.amount - unreversed(transfer, reversals),
          currency: transfer.currency,
          transferGroup: transfer.transfer_group,
          createdAt: new Date(transfer.created * 1000),
        }),
      );
    },

    async retrieveBalance(currency: string) {
      const [paid] = await db
        .select({ total: sql<string>`coalesce(sum(${orders.amountTotal}), 0)` })
        .from(orders)
        .where(and(eq(orders.provider, 'test'), eq(orders.currency, currency), isNotNull(orders.providerPaymentId)));
      const refunds = (await all<RefundObject>(db, 'refund')).filter((refund) => refund.currency === currency).reduce((sum, refund) => sum + refund.amount, 0);
      const reversals = await all<ReversalObject>(db, 'reversal');
      const transferred = (await all<TransferObject>(db, 'transfer')).filter((transfer) => transfer.currency === currency).reduce((sum, transfer) => sum + unreversed(transfer, reversals), 0);
      // Test payments settle at once: nothing is ever pending.
      return { availableCents: Number(paid?.total ?? 0) - refunds - transferred, pendingCents: 0 };
    },
  };

  return {
    payouts,

    /** Gives back part or all of a test payment, once per key, never more than is left of it. */
    async refund(order: RefundableOrder, request?: { amountCents: number; idempotencyKey: string }) {
      const paymentId = order.providerPaymentId;
      if (!paymentId) throw new AppError('CONFLICT', 'This order has no payment to refund');
      const key = request?.idempotencyKey ?? `refund-${order.id}`;
      const refund = await once<RefundObject>('refund', key, fingerprint('refund', { paymentId, amountCents: request?.amountCents ?? null }), async (tx) => {
        const payment = await paymentRest(tx, paymentId);
        if (!payment) throw refused('refund', 'resource_missing');
        const amount = request?.amountCents ?? payment.rest;
        if (payment.rest === 0) throw refused('refund', 'charge_already_refunded');
        if (!Number.isSafeInteger(amount) || amount <= 0) throw refused('refund', 'amount_invalid');
        if (amount > payment.rest) throw refused('refund', 'amount_too_large');
        const [row] = await tx.select({ currency: orders.currency }).from(orders).where(eq(orders.providerPaymentId, paymentId));
        return { id: newId('re_test_'), object: 'refund', amount, currency: row?.currency ?? 'usd', payment_intent: paymentId, status: 'succeeded', metadata: { orderId: order.id } };
      });
      return { refundId: refund.id };
    },

    /** The hosted onboarding page's view of a link, or null for an unknown one. */
    async loadOnboarding(linkId: string, now = Date.now()): Promise<TestOnboardingView | null> {
      const link = await load<LinkObject>(db, 'account_link', linkId);
      if (!link) return null;
      const account = await load<StripeAccountObject & StoredObject>(db, 'account', link.account);
      if (!account) return null;
      return { linkId, account, returnUrl: link.return_url, refreshUrl: link.refresh_url, usable: !link.used && link.expires_at > now };
    },

    /**
     * The tester's choice on the onboarding page: the account is approved (transfers active) or
     * held back for a document, the link is spent, and the app hears it from a signed
     * `account.updated`, as from Stripe. Answers where the browser goes next: the return URL, or
     * the refresh URL for a link already used or expired (as Stripe does).
     */
    async decideOnboarding(linkId: string, decision: OnboardingDecision, now = Date.now()): Promise<{ redirectTo: string } | null> {
      const outcome = await inTurn(async (tx) => {
        const link = await load<LinkObject>(tx, 'account_link', linkId);
        if (!link) return null;
        if (link.used || link.expires_at <= now) return { redirectTo: link.refresh_url, account: null };
        const account = await load<StripeAccountObject & StoredObject>(tx, 'account', link.account);
        if (!account) return null;
        const updated = stripeAccountObject({ id: account.id, email: account.email, metadata: account.metadata, created: account.created, stage: decision === 'approve' ? 'approved' : 'rejected' });
        await tx.update(testProviderRecords).set({ data: sql`jsonb_set(${testProviderRecords.data}, '{object}', ${JSON.stringify(updated)}::jsonb)` }).where(eq(testProviderRecords.id, account.id));
        await tx
          .update(testProviderRecords)
          .set({ data: { object: { ...link, used: true } } })
          .where(eq(testProviderRecords.id, link.id));
        return { redirectTo: link.return_url, account: updated };
      });
      if (!outcome) return null;
      if (outcome.account) await notify('account.updated', outcome.account);
      return { redirectTo: outcome.redirectTo };
    },
  };
}

export type TestConnect = ReturnType<typeof createTestConnect>;
