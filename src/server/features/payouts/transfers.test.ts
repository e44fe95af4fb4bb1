import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPayoutDouble } from '../../../../test/helpers/payout-provider';
import { daysAfter, givePayoutAccount, payOrder, setPayoutAccountState, useLedgerDatabase } from '../../../../test/helpers/payouts';
import { createCourse, createUser } from '../../db/factories';
import { ledgerEntries, payoutTransfers } from '../../db/schema';
import { recordOrderSale } from './ledger-entries';
import { sendTransfer } from './payout-transfers';
import { bucketBalances, platformTotals, teacherBalances } from './ledger-balances';
import { releaseHeldShares, runPayouts } from './transfers';

const HOLD = 14;
const paidAt = new Date('2026-03-01T10:00:00Z');

async function twoTeacherSale(db: Parameters<typeof createUser>[0]) {
  const ana = (await createUser(db)).id;
  const ben = (await createUser(db)).id;
  const buyer = (await createUser(db)).id;
  const first = await createCourse(db, { ownerId: ana, priceCents: 1999 });
  const second = await createCourse(db, { ownerId: ana, priceCents: 1000 });
  const third = await createCourse(db, { ownerId: ben, priceCents: 4999 });
  const { orderId, paymentId } = await payOrder(db, { userId: buyer, items: [first, second, third], paidAt });
  return { ana, ben, buyer, first, second, third, orderId, paymentId };
}

describe('the ledger of a sale', () => {
  const ctx = useLedgerDatabase();

  it('records each line’s sale and fee as the order is fulfilled, once, and the balances follow from the entries', async () => {
    const { ana, ben, orderId } = await twoTeacherSale(ctx.db);
    // Recording again (a replayed fulfilment) writes nothing more.
    await recordOrderSale(ctx.db, orderId);

    const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    expect(entries).toHaveLength(6);
    expect(entries.filter((entry) => entry.kind === 'sale').map((entry) => entry.amountCents).sort()).toEqual([1000, 1999, 4999]);
    // 20 %, half up: 399.8 → 400, 200, 999.8 → 1000.
    expect(entries.filter((entry) => entry.kind === 'fee').map((entry) => entry.amountCents).sort((a, b) => a - b)).toEqual([200, 400, 1000]);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 1599 + 800, availableCents: 0, paidCents: 0 });
    expect(await teacherBalances(ctx.db, ben)).toEqual({ pendingCents: 3999, availableCents: 0, paidCents: 0 });
    expect(await platformTotals(ctx.db)).toEqual({ grossCents: 7998, feesCents: 1600, refundsCents: 0, transferredCents: 0, pendingCents: 6398, availableCents: 0 });
    const buckets = await bucketBalances(ctx.db);
    expect(Object.values(buckets).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('refuses to change or delete an entry (append-only)', async () => {
    const { orderId } = await twoTeacherSale(ctx.db);
    await expect(ctx.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.orderId, orderId))).rejects.toThrow();
    await expect(ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).rejects.toThrow();
  });
});

describe('the hold and the transfers', () => {
  const ctx = useLedgerDatabase();

  it('releases shares once the hold has passed, not a moment before', async () => {
    const { ana } = await twoTeacherSale(ctx.db);
    expect(await releaseHeldShares(ctx.db, { now: daysAfter(paidAt, HOLD - 0.001), holdDays: HOLD })).toBe(0);
    expect(await releaseHeldShares(ctx.db, { now: daysAfter(paidAt, HOLD), holdDays: HOLD })).toBe(3);
    expect(await releaseHeldShares(ctx.db, { now: daysAfter(paidAt, HOLD + 1), holdDays: HOLD })).toBe(0);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 2399, paidCents: 0 });
  });

  it('transfers one amount per order and teacher with an enabled account, tied to the order and its payment; the other teacher’s share waits until enabled', async () => {
    const double = createPayoutDouble();
    const { ana, ben, orderId, paymentId } = await twoTeacherSale(ctx.db);
    const anaAccount = await givePayoutAccount(ctx.db, double, ana, 'enabled');
    const benAccount = await givePayoutAccount(ctx.db, double, ben, 'pending');

    // Still in the hold: nothing moves.
    expect((await runPayouts(ctx.db, double, { now: daysAfter(paidAt, 3), holdDays: HOLD })).transfers).toEqual([]);

    const run = await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 1), holdDays: HOLD });
    expect(run.transfers).toHaveLength(1);
    expect(run.transfers[0]).toMatchObject({ teacherId: ana, orderId, amountCents: 2399, status: 'sent', attempts: 1 });
    const [sent] = [...double.transfers.values()];
    expect(sent).toMatchObject({ destinationAccountId: anaAccount, amountCents: 2399, currency: 'usd', transferGroup: orderId, sourcePaymentId: paymentId, idempotencyKey: `transfer-${run.transfers[0]!.id}` });
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 2399 });
    expect(await teacherBalances(ctx.db, ben)).toEqual({ pendingCents: 0, availableCents: 3999, paidCents: 0 });

    // A second run moves nothing; once Ben's account is enabled, his share goes.
    expect((await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 2), holdDays: HOLD })).transfers).toEqual([]);
    await setPayoutAccountState(ctx.db, ben, 'enabled');
    const later = await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 30), holdDays: HOLD });
    expect(later.transfers).toMatchObject([{ teacherId: ben, amountCents: 3999, status: 'sent' }]);
    expect([...double.transfers.values()].map((transfer) => transfer.destinationAccountId)).toEqual([anaAccount, benAccount]);
    expect(await platformTotals(ctx.db)).toMatchObject({ transferredCents: 2399 + 3999, feesCents: 1600, pendingCents: 0, availableCents: 0 });
  });

  it('marks a refused transfer failed with the reason and keeps the share available; the retry uses the same key', async () => {
    const double = createPayoutDouble();
    const { ana } = await twoTeacherSale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    double.failNext(1, 'Your destination account needs to have at least one of the following capabilities enabled: transfers');

    const [failed] = (await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD), holdDays: HOLD })).transfers;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, failureReason: expect.stringContaining('capabilities') });
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 2399, paidCents: 0 });
    // The job leaves a failed transfer to the admin's retry.
    expect((await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 1), holdDays: HOLD })).transfers).toEqual([]);

    const retried = await sendTransfer(ctx.db, double, failed!.id);
    expect(retried).toMatchObject({ status: 'sent', attempts: 2, failureReason: null });
    expect(double.calls.filter((call) => call.method === 'createTransfer').map((call) => call.idempotencyKey)).toEqual([`transfer-${failed!.id}`, `transfer-${failed!.id}`]);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 2399 });
  });

  it.each([
    ['after the pending row was written, before the provider was called', false],
    ['after the provider made the transfer, before it was marked sent', true],
  ])('a process that dies %s: the next run sends it with the same key, and the teacher is paid exactly once', async (_moment, providerActed) => {
    const double = createPayoutDouble();
    const { ana } = await twoTeacherSale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    // The dying process: its provider call (made, or not yet) never comes back, and nothing after it runs.
    let reached!: () => void;
    const atTheCall = new Promise<void>((resolve) => (reached = resolve));
    const dying = {
      ...double,
      createTransfer: async (input: Parameters<typeof double.createTransfer>[0]) => {
        if (providerActed) await double.createTransfer(input);
        reached();
        return new Promise<never>(() => {});
      },
    };
    void runPayouts(ctx.db, dying, { now: daysAfter(paidAt, HOLD), holdDays: HOLD });
    await atTheCall;
    const [pending] = await ctx.db.select().from(payoutTransfers);
    expect(pending).toMatchObject({ status: 'pending' });
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'))).toEqual([]);

    // The restarted process's first run.
    await runPayouts(ctx.db, double, { now: daysAfter(paidAt, HOLD + 1), holdDays: HOLD });

    expect(double.transfers.size).toBe(1);
    expect(new Set(double.calls.filter((call) => call.method === 'createTransfer').map((call) => call.idempotencyKey))).toEqual(new Set([`transfer-${pending!.id}`]));
    const rows = await ctx.db.select().from(payoutTransfers);
    expect(rows).toMatchObject([{ id: pending!.id, status: 'sent', providerTransferId: [...double.transfers.keys()][0] }]);
    const transferEntries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'));
    expect(transferEntries).toMatchObject([{ transferId: pending!.id, amountCents: 2399, fromBucket: 'available', toBucket: 'paid' }]);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 2399 });
  });

  it('two runs at once (two app processes) still make one transfer per order and teacher, and one ledger entry', async () => {
    const double = createPayoutDouble();
    const { ana, ben } = await twoTeacherSale(ctx.db);
    await givePayoutAccount(ctx.db, double, ana);
    await givePayoutAccount(ctx.db, double, ben);
    const now = daysAfter(paidAt, HOLD);
    await Promise.all([runPayouts(ctx.db, double, { now, holdDays: HOLD }), runPayouts(ctx.db, double, { now, holdDays: HOLD }), runPayouts(ctx.db, double, { now, holdDays: HOLD })]);

    expect(double.transfers.size).toBe(2);
    expect(await ctx.db.select().from(payoutTransfers)).toHaveLength(2);
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'transfer'))).toHaveLength(2);
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'hold_released'))).toHaveLength(3);
    expect(await teacherBalances(ctx.db, ana)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 2399 });
    expect(await teacherBalances(ctx.db, ben)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 3999 });
  });
});
