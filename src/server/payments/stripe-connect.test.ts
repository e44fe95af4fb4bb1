import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useStripeFake } from '../../../test/helpers/stripe-fake';
import { AppError } from '../errors';
import type { MarketplaceProvider } from './provider';
import { verifyStripeEvent } from './stripe-events';
import { createStripeProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_connect_fake';
const WEBHOOK_SECRET = 'whsec_connect_fake_secret';

const quiet = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet, level: 'silent' } as unknown as FastifyBaseLogger;

/**
 * The Stripe adapter's Connect calls, with the real `stripe` SDK talking HTTP to the local
 * Stripe stand-in, which checks them as Stripe does.
 */
describe('Stripe Connect (real SDK against the local Stripe stand-in)', () => {
  const { fake, env } = useStripeFake(SECRET_KEY, WEBHOOK_SECRET);
  let stripe: MarketplaceProvider;
  const provider = () => (stripe ??= createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }, quiet));

  /** A paid checkout of `amount` cents: the PaymentIntent the order stores. */
  async function paidPayment(amount = 10_000) {
    const orderId = crypto.randomUUID();
    const { sessionId } = await provider().createCheckoutSession({
      orderId,
      customerEmail: 'buyer@example.com',
      currency: 'usd',
      lines: [{ courseId: 1, title: 'Python', unitAmountCents: amount, imageUrl: null }],
      amountTotal: amount,
      expiresAt: new Date(Date.now() + 3_600_000),
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/ko',
    });
    fake.pay(sessionId);
    return { orderId, paymentId: fake.session(sessionId).payment_intent!, order: { id: orderId, amountTotal: amount, providerSessionId: sessionId, providerPaymentId: fake.session(sessionId).payment_intent } };
  }

  async function enabledAccount(teacherId = 'teacher-1') {
    const account = await provider().createConnectedAccount({ teacherId, email: `${teacherId}@example.com`, idempotencyKey: `account-${teacherId}` });
    fake.onboard(account.id, 'approved');
    return account.id;
  }

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('opens an Express account with the transfers capability once per idempotency key, pending until onboarding is done', async () => {
    const first = await provider().createConnectedAccount({ teacherId: 'teacher-1', email: 'ana@example.com', idempotencyKey: 'account-teacher-1' });
    expect(first.id).toMatch(/^acct_/);
    expect(first.state).toBe('pending');
    expect(first.requirements).toContain('external_account');
    const again = await provider().createConnectedAccount({ teacherId: 'teacher-1', email: 'ana@example.com', idempotencyKey: 'account-teacher-1' });
    expect(again.id).toBe(first.id);
    expect(fake.accounts.size).toBe(1);
    expect(fake.account(first.id)).toMatchObject({ type: 'express', email: 'ana@example.com', metadata: { teacherId: 'teacher-1' } });
    const create = fake.requests.find((request) => request.path === '/v1/accounts')!;
    expect(create.body).toMatchObject({ type: 'express', capabilities: { transfers: { requested: 'true' } } });
    expect(create.idempotencyKey).toBe('account-teacher-1');

    // The same key for another teacher is Stripe's idempotency error, not a second account.
    expect((await refusal(provider().createConnectedAccount({ teacherId: 'teacher-2', email: 'bo@example.com', idempotencyKey: 'account-teacher-1' }))).message).toContain('idempotency');
    expect(fake.accounts.size).toBe(1);
  });

  it('answers an account onboarding link with the return and refresh URLs', async () => {
    const account = await provider().createConnectedAccount({ teacherId: 't', email: 't@example.com', idempotencyKey: 'account-t' });
    const link = await provider().createOnboardingLink({ accountId: account.id, refreshUrl: 'http://localhost:3000/api/payouts/onboarding/refresh', returnUrl: 'http://localhost:3000/coursescreated/earnings?onboarding=done' });
    expect(fake.accountLinks).toEqual([{ account: account.id, refresh_url: 'http://localhost:3000/api/payouts/onboarding/refresh', return_url: 'http://localhost:3000/coursescreated/earnings?onboarding=done', url: link.url }]);
    expect(fake.requests.at(-1)!.body.type).toBe('account_onboarding');
    await refusal(provider().createOnboardingLink({ accountId: 'acct_unknown', refreshUrl: 'http://localhost/r', returnUrl: 'http://localhost/d' }));
  });

  it('reads the account state Stripe reports: pending, enabled once transfers are active, restricted when it asks for more', async () => {
    const account = await provider().createConnectedAccount({ teacherId: 't', email: 't@example.com', idempotencyKey: 'account-t' });
    expect(await provider().retrieveConnectedAccount(account.id)).toMatchObject({ state: 'pending' });
    const approved = fake.onboard(account.id, 'approved');
    expect(await provider().retrieveConnectedAccount(account.id)).toEqual({ id: account.id, state: 'enabled', requirements: [] });
    // The signed event carries the same account.
    expect(verifyStripeEvent(Buffer.from(approved.body), approved.signature, WEBHOOK_SECRET).account).toEqual({ id: account.id, state: 'enabled', requirements: [] });
    fake.onboard(account.id, 'rejected');
    expect(await provider().retrieveConnectedAccount(account.id)).toEqual({ id: account.id, state: 'restricted', requirements: ['individual.verification.document'] });
  });

  it("transfers a teacher's share from the order's charge, tied to the order, once per idempotency key", async () => {
    const { orderId, paymentId } = await paidPayment(10_000);
    const destination = await enabledAccount();
    const input = { destinationAccountId: destination, amountCents: 8_000, currency: 'usd', transferGroup: orderId, sourcePaymentId: paymentId, idempotencyKey: 'transfer-1' };
    const { transferId } = await provider().createTransfer(input);
    expect(transferId).toMatch(/^tr_/);
    expect(fake.transfers.get(transferId)).toMatchObject({ amount: 8_000, currency: 'usd', destination, transfer_group: orderId, source_transaction: fake.chargeOfIntent(paymentId)!.id });
    // A retry after a crash: the same key answers the same transfer, and nothing moves twice.
    expect(await provider().createTransfer(input)).toEqual({ transferId });
    expect(fake.transfers.size).toBe(1);
    // The same key with another amount is refused.
    expect((await refusal(provider().createTransfer({ ...input, amountCents: 100 }))).message).toContain('idempotency');
  });

  it("refuses a transfer Stripe would refuse: not a positive whole amount, a currency not in lowercase, an unknown or not enabled destination, more than the charge has left", async () => {
    const { orderId, paymentId } = await paidPayment(10_000);
    const destination = await enabledAccount();
    const base = { destinationAccountId: destination, amountCents: 1_000, currency: 'usd', transferGroup: orderId, sourcePaymentId: paymentId };
    let key = 0;
    const attempt = (change: Partial<typeof base>) => provider().createTransfer({ ...base, ...change, idempotencyKey: `transfer-${++key}` });
    for (const change of [{ amountCents: 0 }, { amountCents: -5 }, { amountCents: 10.5 }, { currency: 'USD' }, { currency: 'dollars' }, { destinationAccountId: 'acct_nobody' }]) {
      expect((await refusal(attempt(change))).code, JSON.stringify(change)).toBe('PAYMENT_PROVIDER_ERROR');
    }
    const pending = await provider().createConnectedAccount({ teacherId: 'new', email: 'new@example.com', idempotencyKey: 'account-new' });
    expect((await refusal(attempt({ destinationAccountId: pending.id }))).message).toContain('insufficient_capabilities_for_transfer');
    // The charge funds at most what the buyer paid, across transfers, less what was refunded.
    await attempt({ amountCents: 6_000 });
    expect((await refusal(attempt({ amountCents: 4_001 }))).message).toContain('transfer_source_balance_parameters_mismatch');
    await provider().refund({ id: orderId, amountTotal: 10_000, providerSessionId: null, providerPaymentId: paymentId }, { amountCents: 1_000, idempotencyKey: 'refund-a' });
    await refusal(attempt({ amountCents: 3_001 }));
    await attempt({ amountCents: 3_000 });
    expect(fake.transferableRest(fake.chargeOfIntent(paymentId)!.id)).toBe(0);
    // A payment never made has no charge to transfer from.
    await refusal(attempt({ sourcePaymentId: 'pi_unknown' }));
    expect([...fake.transfers.values()].map((transfer) => transfer.amount)).toEqual([6_000, 3_000]);
  });

  it('reverses part or all of a transfer, never more than is left of it, once per idempotency key', async () => {
    const { orderId, paymentId } = await paidPayment(10_000);
    const destination = await enabledAccount();
    const { transferId } = await provider().createTransfer({ destinationAccountId: destination, amountCents: 8_000, currency: 'usd', transferGroup: orderId, sourcePaymentId: paymentId, idempotencyKey: 'transfer-x' });
    const first = await provider().reverseTransfer({ transferId, amountCents: 3_000, idempotencyKey: 'reversal-a' });
    expect(first.reversalId).toMatch(/^trr_/);
    expect(await provider().reverseTransfer({ transferId, amountCents: 3_000, idempotencyKey: 'reversal-a' })).toEqual(first);
    expect(fake.transfers.get(transferId)!.amount_reversed).toBe(3_000);
    await refusal(provider().reverseTransfer({ transferId, amountCents: 5_001, idempotencyKey: 'reversal-b' }));
    await refusal(provider().reverseTransfer({ transferId, amountCents: 0, idempotencyKey: 'reversal-c' }));
    await provider().reverseTransfer({ transferId, amountCents: 5_000, idempotencyKey: 'reversal-d' });
    expect(fake.transfers.get(transferId)).toMatchObject({ amount_reversed: 8_000, reversed: true });
    await refusal(provider().reverseTransfer({ transferId: 'tr_unknown', amountCents: 1, idempotencyKey: 'reversal-e' }));
  });

  it('refunds an amount under the given key, never more than the rest of the payment; without one, the whole rest under refund-<order>', async () => {
    const { order, paymentId } = await paidPayment(10_000);
    const partial = await provider().refund(order, { amountCents: 2_500, idempotencyKey: `refund-${order.id}-1` });
    expect(await provider().refund(order, { amountCents: 2_500, idempotencyKey: `refund-${order.id}-1` })).toEqual(partial);
    expect((await refusal(provider().refund(order, { amountCents: 7_501, idempotencyKey: `refund-${order.id}-2` }))).message).toContain('refund');
    await provider().refund(order);
    expect(fake.refunds.map((refund) => refund.amount)).toEqual([2_500, 7_500]);
    expect(fake.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey)).toContain(`refund-${order.id}`);
    expect(fake.chargeOfIntent(paymentId)!.amount_refunded).toBe(10_000);
    await refusal(provider().refund(order, { amountCents: 1, idempotencyKey: `refund-${order.id}-3` }));
  });

  it('lists every transfer since a moment, following the pages, and reads the balance', async () => {
    const { orderId, paymentId } = await paidPayment(30_000);
    const destination = await enabledAccount();
    for (let index = 0; index < 105; index++) {
      await provider().createTransfer({ destinationAccountId: destination, amountCents: 100 + index, currency: 'usd', transferGroup: orderId, sourcePaymentId: paymentId, idempotencyKey: `transfer-${index}` });
    }
    const { transferId } = await provider().createTransfer({ destinationAccountId: destination, amountCents: 50, currency: 'usd', transferGroup: orderId, sourcePaymentId: paymentId, idempotencyKey: 'transfer-last' });
    await provider().reverseTransfer({ transferId, amountCents: 20, idempotencyKey: 'reversal-last' });
    const listed = await provider().listTransfers({ createdSince: new Date(Date.now() - 60_000) });
    expect(listed).toHaveLength(106);
    expect(new Set(listed.map((transfer) => transfer.id)).size).toBe(106);
    expect(listed.find((transfer) => transfer.id === transferId)).toMatchObject({ destinationAccountId: destination, amountCents: 50, reversedCents: 20, currency: 'usd', transferGroup: orderId });
    expect(fake.requests.filter((request) => request.path === '/v1/transfers' && request.method === 'GET').length).toBeGreaterThan(1);
    expect(await provider().listTransfers({ createdSince: new Date(Date.now() + 60_000) })).toEqual([]);

    const transferred = listed.reduce((sum, transfer) => sum + transfer.amountCents - transfer.reversedCents, 0);
    fake.pendingBalance = 1_234;
    expect(await provider().retrieveBalance('usd')).toEqual({ availableCents: 30_000 - transferred, pendingCents: 1_234 });
    expect(await provider().retrieveBalance('eur')).toEqual({ availableCents: 0, pendingCents: 0 });
  });
});
