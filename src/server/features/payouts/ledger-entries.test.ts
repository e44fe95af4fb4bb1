import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPayoutDouble, netTransferred, type PayoutDouble } from '../../../../test/helpers/payout-provider';
import { daysAfter, givePayoutAccount, payOrder, refundDouble, useLedgerDatabase } from '../../../../test/helpers/payouts';
import type { Database } from '../../db/client';
import { createCourse, createUser } from '../../db/factories';
import { ledgerEntries, orderItems, orders, payoutTransfers } from '../../db/schema';
import { isEnrolled, refundOrder, revokeOrder } from '../orders';
import { bucketBalances, teacherBalances } from './ledger-balances';
import { releaseHeldShares, runPayouts } from './transfers';

const HOLD = 14;
const paidAt = new Date('2026-03-01T10:00:00Z');

async function sale(db: Database) {
  const ana = (await createUser(db)).id;
  const ben = (await createUser(db)).id;
  const admin = (await createUser(db, { isAdmin: true })).id;
  const buyer = (await createUser(db)).id;
  const first = await createCourse(db, { ownerId: ana, priceCents: 1999 });
  const second = await createCourse(db, { ownerId: ana, priceCents: 1000 });
  const third = await createCourse(db, { ownerId: ben, priceCents: 4999 });
  const { orderId } = await payOrder(db, { userId: buyer, items: [first, second, third], paidAt });
  return { ana, ben, admin, buyer, first, second, third, orderId };
}

async function entriesOf(db: Database, orderId: string, kind: string) {
  return (await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).filter((entry) => entry.kind === kind);
}

async function expectBalanced(db: Database, double?: PayoutDouble) {
  const buckets = await bucketBalances(db);
  expect(Object.values(buckets).reduce((a, b) => a + b, 0)).toBe(0);
  for (const bucket of ['platform', 'pending', 'available', 'paid', 'refunded'] as const) expect(buckets[bucket]).toBeGreaterThanOrEqual(0);
  if (double) expect(netTransferred(double)).toBe(buckets.paid);
  const refundedLines = await db.select({ price: orderItems.priceCents, refundedAt: orderItems.refundedAt }).from(orderItems);
  expect(buckets.refunded).toBe(refundedLines.filter((line) => line.refundedAt).reduce((total, line) => total + line.price, 0));
}

describe('refunds by line', () => {
  const ctx = useLedgerDatabase();

  it('before the hold ends: refunds that line’s price, takes back only its course, and gives back its share from pending and its fee', async () => {
    const { ana, admin, buyer, first, second, third, orderId } = await sale(ctx.db);
    const { provider, refunds } = refundDouble();

    const result = await refundOrder(ctx.db, admin, orderId, provider, { courseIds: [first.id] });

    expect([...refunds.entries()]).toEqual([[`refund-${orderId}-${first.id}`, { orderId, amountCents: 1999 }]]);
    expect(result.paymentStatus).toBe('paid');
    expect(result.items.find((item) => item.courseId === first.id)!.refundedAt).not.toBeNull();
    expect(result.items.filter((item) => item.refundedAt === null)).toHaveLength(2);
    expect(await isEnrolled(ctx.db, buyer, first.id)).toBe(false);
    expect(await isEnrolled(ctx.db, buyer, second.id)).toBe(true);
    expect(await isEnrolled(ctx.db, buyer, third.id)).toBe(true);
    expect((await entriesOf(ctx.db, orderId, 'refund')).map((entry) => [entry.idempotencyKey, entry.fromBucket, entry.amountCents]).sort()).toEqual([
      [`refund-fee:${orderId}:${first.id}`, 'platform', 400],
      [`refund-share:${orderId}:${first.id}`, 'pending', 1599],
    ]);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 800, availableCents: 0, paidCents: 0 });
    await expectBalanced(ctx.db);

    // The same line again is refused before the provider is asked.
    await expect(refundOrder(ctx.db, admin, orderId, provider, { courseIds: [first.id] })).rejects.toMatchObject({ code: 'ORDER_LINE_ALREADY_REFUNDED' });
    await expect(refundOrder(ctx.db, admin, orderId, provider, { courseIds: [999_999] })).rejects.toMatchObject({ code: 'ORDER_LINE_NOT_FOUND' });
    expect(refunds.size).toBe(1);

    // The rest: the order is refunded as a whole, for what is left of the payment.
    const rest = await refundOrder(ctx.db, admin, orderId, provider);
    expect(rest.paymentStatus).toBe('refunded');
    expect(refunds.get(`refund-${orderId}-${[second.id, third.id].sort((a, b) => a - b).join('-')}`)).toEqual({ orderId, amountCents: 5999 });
    expect(await isEnrolled(ctx.db, buyer, third.id)).toBe(false);
    await expectBalanced(ctx.db);
    expect((await bucketBalances(ctx.db)).refunded).toBe(7998);
  });

  it('after the hold, before the transfer (no enabled account): the share goes back from available', async () => {
    const { ana, admin, second, orderId } = await sale(ctx.db);
    // Ana has no payout account: the job releases her shares and transfers nothing.
    expect((await runPayouts(ctx.db, createPayoutDouble(), { now: daysAfter(paidAt, HOLD), holdDays: HOLD })).transfers).toEqual([]);
    await refundOrder(ctx.db, admin, orderId, refundDouble().provider, { courseIds: [second.id] });
    const [share] = (await entriesOf(ctx.db, orderId, 'refund')).filter((entry) => entry.idempotencyKey.startsWith('refund-share'));
    expect(share).toMatchObject({ fromBucket: 'available', amountCents: 800 });
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 1599, paidCents: 0 });
    await expectBalanced(ctx.db);
  });

  it('after the transfer: reverses the teacher’s share of that line at the provider (once) and in the ledger', async () => {
    const double = createPayoutDouble();
    const { ana, admin, first, orderId } = await sale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    const [transfer] = (await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD), holdDays: HOLD })).transfers;

    await refundOrder(ctx.db, admin, orderId, refundDouble().provider, { courseIds: [first.id], payouts: double });

    expect([...double.reversals.values()]).toEqual([expect.objectContaining({ transferId: transfer!.providerTransferId, amountCents: 1599, idempotencyKey: `reversal-${orderId}-${first.id}` })]);
    expect(await entriesOf(ctx.db, orderId, 'reversal')).toMatchObject([{ idempotencyKey: `reversal:${orderId}:${first.id}`, fromBucket: 'paid', toBucket: 'refunded', amountCents: 1599, transferId: transfer!.id }]);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 800 });
    await expectBalanced(ctx.db, double);
    // Later runs reverse nothing more.
    await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 5), holdDays: HOLD });
    expect(double.reversals.size).toBe(1);
    await expectBalanced(ctx.db, double);
  });

  it('a reversal the provider refused is made by the next transfer run', async () => {
    const double = createPayoutDouble();
    const { ana, admin, first, orderId } = await sale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD), holdDays: HOLD });
    const refusing = { ...double, reverseTransfer: () => Promise.reject(new Error('provider unavailable')) };
    await refundOrder(ctx.db, admin, orderId, refundDouble().provider, { courseIds: [first.id], payouts: refusing });
    expect(await entriesOf(ctx.db, orderId, 'reversal')).toEqual([]);

    await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 1), holdDays: HOLD });
    expect(double.reversals.size).toBe(1);
    await expectBalanced(ctx.db, double);
  });

  it('a refund while a transfer is pending (left by a crash) finishes that transfer first, then reverses', async () => {
    const double = createPayoutDouble();
    const { ana, admin, first, orderId } = await sale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    // The hold ends; the crash comes before the job's transfer step.
    await releaseHeldShares(ctx.db, { now: daysAfter(paidAt, HOLD), holdDays: HOLD });
    const [pending] = await ctx.db.insert(payoutTransfers).values({ orderId, teacherId: ana, amountCents: 2399, currency: 'usd' }).returning();

    await refundOrder(ctx.db, admin, orderId, refundDouble().provider, { courseIds: [first.id], payouts: double });

    expect(await ctx.db.select().from(payoutTransfers)).toMatchObject([{ id: pending!.id, status: 'sent', amountCents: 2399 }]);
    expect(double.reversals.size).toBe(1);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 800 });
    await expectBalanced(ctx.db, double);
  });

  it('a refund of a line whose transfer failed lowers that transfer to what is still available (and drops it when nothing is)', async () => {
    const double = createPayoutDouble();
    const { ana, admin, first, second, orderId } = await sale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    double.failNext(1);
    const [failed] = (await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD), holdDays: HOLD })).transfers;
    expect(failed).toMatchObject({ status: 'failed', amountCents: 2399 });

    await refundOrder(ctx.db, admin, orderId, refundDouble().provider, { courseIds: [first.id] });
    expect(await ctx.db.select().from(payoutTransfers)).toMatchObject([{ id: failed!.id, status: 'failed', amountCents: 800 }]);
    await expectBalanced(ctx.db);
    await refundOrder(ctx.db, admin, orderId, refundDouble().provider, { courseIds: [second.id] });
    expect(await ctx.db.select().from(payoutTransfers)).toEqual([]);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 0 });
    await expectBalanced(ctx.db);
  });

  it('a whole refund reported by the provider (its dashboard) refunds every line; the next run reverses what was transferred', async () => {
    const double = createPayoutDouble();
    const { ana, ben, orderId } = await sale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD), holdDays: HOLD });

    expect((await revokeOrder(ctx.db, orderId)).revoked).toBe(true);
    expect((await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).every((line) => line.refundedAt)).toBe(true);
    // Ben was never paid: his share is back at once. Ana's waits for its reversal.
    expect(await teacherBalances(ctx.db, ben)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 0 });

    await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 1), holdDays: HOLD });
    expect(double.reversals.size).toBe(2);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 0 });
    expect((await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentStatus).toBe('refunded');
    await expectBalanced(ctx.db, double);
  });
});
