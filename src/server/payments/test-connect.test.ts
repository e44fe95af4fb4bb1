import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createCourse, createOrder, createTeacher, createUser } from '../db/factories';
import { AppError } from '../errors';
import { createTestProvider, type TestProvider } from './test-provider';

const quiet = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet, level: 'silent' } as unknown as FastifyBaseLogger;

/**
 * The built-in test provider's Connect side: Stripe's checks on transfers, reversals and refunds,
 * idempotency keys honoured, and everything kept in the database, so a new process (another
 * provider on the same database) answers a retried call with the first one's result.
 */
describe('test provider: Connect offline', () => {
  const ctx = useTestApp();
  const events: string[] = [];

  const newProvider = (): TestProvider =>
    createTestProvider({
      db: ctx.db,
      publicUrl: 'http://localhost:3000',
      webhookSecret: 'whsec_test_connect',
      log: quiet,
      successUrl: 'http://localhost:3000/ok',
      cancelUrl: 'http://localhost:3000/ko',
      deliver: async (body) => {
        events.push(body);
        return 200;
      },
    });

  async function paidOrder(priceCents = 10_000) {
    const owner = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: owner, priceCents });
    const buyer = await createUser(ctx.db);
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [course], paidAt: new Date() });
    return order;
  }

  async function enabledAccount(provider: TestProvider, teacherId = 'teacher-1') {
    const account = await provider.createConnectedAccount({ teacherId, email: `${teacherId}@example.com`, idempotencyKey: `account-${teacherId}` });
    const { url } = await provider.createOnboardingLink({ accountId: account.id, refreshUrl: 'http://localhost:3000/r', returnUrl: 'http://localhost:3000/d' });
    await provider.decideOnboarding(url.split('/').at(-1)!, 'approve');
    return account.id;
  }

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  };

  it("sends Stripe's Account object in a signed account.updated once onboarding is decided", async () => {
    events.length = 0;
    const provider = newProvider();
    const accountId = await enabledAccount(provider);
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!) as { type: string; data: { object: Record<string, unknown> } };
    expect(event.type).toBe('account.updated');
    expect(event.data.object).toMatchObject({ id: accountId, object: 'account', type: 'express', details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' }, metadata: { teacherId: 'teacher-1' } });
    expect(await provider.retrieveConnectedAccount(accountId)).toEqual({ id: accountId, state: 'enabled', requirements: [] });
  });

  it('keeps transfers, reversals and refunds across a restart, and answers a retried key with the first result', async () => {
    const order = await paidOrder(10_000);
    const before = newProvider();
    const destination = await enabledAccount(before);
    const transfer = { destinationAccountId: destination, amountCents: 8_000, currency: 'usd', transferGroup: order.id, sourcePaymentId: order.providerPaymentId!, idempotencyKey: 'transfer-1' };
    const { transferId } = await before.createTransfer(transfer);
    expect(transferId).toMatch(/^tr_test_/);
    const reversal = await before.reverseTransfer({ transferId, amountCents: 2_000, idempotencyKey: 'reversal-1' });
    const refund = await before.refund(order, { amountCents: 2_000, idempotencyKey: 'refund-1' });

    const after = newProvider();
    expect(await after.createTransfer(transfer)).toEqual({ transferId });
    expect(await after.reverseTransfer({ transferId, amountCents: 2_000, idempotencyKey: 'reversal-1' })).toEqual(reversal);
    expect(await after.refund(order, { amountCents: 2_000, idempotencyKey: 'refund-1' })).toEqual(refund);
    expect(await after.listTransfers({ createdSince: new Date(Date.now() - 60_000) })).toEqual([
      { id: transferId, destinationAccountId: destination, amountCents: 8_000, reversedCents: 2_000, currency: 'usd', transferGroup: order.id, createdAt: expect.any(Date) },
    ]);
    expect(await after.listTransfers({ createdSince: new Date(Date.now() + 60_000) })).toEqual([]);
    // Paid 10,000; refunded 2,000; transferred 8,000 less 2,000 reversed.
    expect(await after.retrieveBalance('usd')).toEqual({ availableCents: 2_000, pendingCents: 0 });

    // The same key with other parameters is refused, as Stripe refuses it.
    expect(await refusal(after.createTransfer({ ...transfer, amountCents: 1 }))).toContain('idempotency_key_in_use');
    expect(await refusal(after.refund(order, { amountCents: 1, idempotencyKey: 'transfer-1' }))).toContain('idempotency_key_in_use');
  });

  it("checks transfers as Stripe does: whole positive amount, lowercase currency, an enabled destination, a payment that still covers it", async () => {
    const order = await paidOrder(10_000);
    const provider = newProvider();
    const destination = await enabledAccount(provider);
    const base = { destinationAccountId: destination, amountCents: 1_000, currency: 'usd', transferGroup: order.id, sourcePaymentId: order.providerPaymentId! };
    let key = 0;
    const attempt = (change: Partial<typeof base>) => provider.createTransfer({ ...base, ...change, idempotencyKey: `k-${++key}` });
    expect(await refusal(attempt({ amountCents: 0 }))).toContain('amount_invalid');
    expect(await refusal(attempt({ amountCents: 10.5 }))).toContain('amount_invalid');
    expect(await refusal(attempt({ currency: 'USD' }))).toContain('currency_invalid');
    expect(await refusal(attempt({ destinationAccountId: 'acct_test_nobody' }))).toContain('resource_missing');
    const pending = await provider.createConnectedAccount({ teacherId: 'new', email: 'new@example.com', idempotencyKey: 'account-new' });
    expect(await refusal(attempt({ destinationAccountId: pending.id }))).toContain('insufficient_capabilities_for_transfer');
    expect(await refusal(attempt({ sourcePaymentId: 'pi_test_unknown' }))).toContain('resource_missing');
    await attempt({ amountCents: 6_000 });
    await provider.refund(order, { amountCents: 3_000, idempotencyKey: 'refund-part' });
    expect(await refusal(attempt({ amountCents: 1_001 }))).toContain('transfer_source_balance_parameters_mismatch');
    await attempt({ amountCents: 1_000 });
    // Refunds: never more than the rest of the payment; without an amount, all of the rest.
    expect(await refusal(provider.refund(order, { amountCents: 7_001, idempotencyKey: 'refund-big' }))).toContain('amount_too_large');
    await provider.refund(order);
    expect(await refusal(provider.refund(order, { amountCents: 1, idempotencyKey: 'refund-more' }))).toContain('charge_already_refunded');
  });

  it('reverses no more than is left of a transfer; parallel transfers never overdraw the payment', async () => {
    const order = await paidOrder(10_000);
    const provider = newProvider();
    const destination = await enabledAccount(provider);
    const results = await Promise.allSettled(
      [1, 2, 3].map((index) =>
        provider.createTransfer({ destinationAccountId: destination, amountCents: 4_000, currency: 'usd', transferGroup: order.id, sourcePaymentId: order.providerPaymentId!, idempotencyKey: `parallel-${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    const { transferId } = (results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ transferId: string }>).value;
    await provider.reverseTransfer({ transferId, amountCents: 4_000, idempotencyKey: 'rev-all' });
    expect(await refusal(provider.reverseTransfer({ transferId, amountCents: 1, idempotencyKey: 'rev-more' }))).toContain('amount_too_large');
    expect(await refusal(provider.reverseTransfer({ transferId: 'tr_test_unknown', amountCents: 1, idempotencyKey: 'rev-x' }))).toContain('resource_missing');
  });
});
