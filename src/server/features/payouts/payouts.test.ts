import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser } from '../../../../test/helpers/auth';
import { createPayoutDouble } from '../../../../test/helpers/payout-provider';
import { daysAfter, givePayoutAccount, payOrder } from '../../../../test/helpers/payouts';
import { createCourse, createUser } from '../../db/factories';
import { csvCell, earningsCsv } from './earnings';
import { reconcileTransfers } from './reconciliation';
import { runPayouts } from './transfers';

const HOLD = 14;
const double = createPayoutDouble();

describe('earnings and the admin’s payouts', () => {
  const ctx = useTestApp({ PAYOUT_HOLD_DAYS: String(HOLD) }, { payoutProvider: double });
  beforeEach(() => double.reset());

  async function teacherWithSales() {
    const teacher = await signedInUser(ctx.app);
    const rival = (await createUser(ctx.db)).id;
    const buyer = (await createUser(ctx.db)).id;
    const formula = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1999, title: '=HYPERLINK("http://evil.example"), "curso"' });
    const plain = await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 1000, title: 'Python, desde cero' });
    const theirs = await createCourse(ctx.db, { ownerId: rival, priceCents: 4999 });
    const paidAt = new Date(Date.now() - (HOLD + 1) * 86_400_000);
    const { orderId } = await payOrder(ctx.db, { userId: buyer, items: [formula, plain, theirs], paidAt });
    const recent = await payOrder(ctx.db, { userId: buyer, items: [await createCourse(ctx.db, { ownerId: teacher.id, priceCents: 500 })], paidAt: new Date() });
    return { teacher, rival, buyer, formula, plain, theirs, orderId, recent, paidAt };
  }

  it('GET /api/payouts/earnings: the teacher’s own balances, sales, next transfer date and transfers; never another teacher’s', async () => {
    const { teacher, rival, orderId, recent, paidAt } = await teacherWithSales();
    await givePayoutAccount(ctx.db, double, teacher.id);
    await runPayouts(ctx.db, double, { now: new Date(), holdDays: HOLD });

    const response = await ctx.app.inject({ url: '/api/payouts/earnings', headers: teacher.headers });
    expect(response.statusCode).toBe(200);
    const earnings = response.json();
    expect(earnings).toMatchObject({ account: { state: 'enabled' }, currency: 'usd', holdDays: HOLD, balances: { pendingCents: 400, availableCents: 0, paidCents: 1599 + 800 } });
    expect(earnings.sales).toHaveLength(3);
    expect(earnings.sales.map((sale: { orderId: string }) => sale.orderId)).toEqual([recent.orderId, orderId, orderId]);
    expect(earnings.sales[0]).toMatchObject({ state: 'held', priceCents: 500, feeCents: 100, shareCents: 400, feeBasisPoints: 2000 });
    expect(earnings.sales.slice(1).map((sale: { state: string }) => sale.state)).toEqual(['transferred', 'transferred']);
    expect(new Date(earnings.nextTransferAt).getTime()).toBeGreaterThan(Date.now());
    expect(earnings.transfers).toMatchObject([{ orderId, amountCents: 2399, reversedCents: 0, status: 'sent' }]);
    expect(daysAfter(paidAt, HOLD).toISOString()).toBe(earnings.sales[1].availableAt);

    // Another signed-in user (the buyer, a rival) sees only their own: nothing of this teacher's.
    const other = await signedInUser(ctx.app);
    const theirs = (await ctx.app.inject({ url: '/api/payouts/earnings', headers: other.headers })).json();
    expect(theirs).toMatchObject({ account: { state: 'none', requirements: [] }, balances: { pendingCents: 0, availableCents: 0, paidCents: 0 }, sales: [], transfers: [], nextTransferAt: null });
    expect(rival).not.toBe(other.id);
    expect((await ctx.app.inject({ url: '/api/payouts/earnings' })).statusCode).toBe(401);
  });

  it('GET /api/payouts/earnings.csv: one row per sold line, quoted as RFC 4180 says, with formulas defused', async () => {
    const { teacher, formula } = await teacherWithSales();
    const response = await ctx.app.inject({ url: '/api/payouts/earnings.csv', headers: teacher.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="earnings.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('sold_at,order_id,course_id,title,price_cents,fee_basis_points,fee_cents,share_cents,state,available_at,list_price_cents,discount_cents,coupon_code,referred');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines.find((line) => line.includes(`,${formula.id},`))).toContain(`,"'=HYPERLINK(""http://evil.example""), ""curso""",1999,2000,400,1599,`);
    expect(response.body).toContain(',"Python, desde cero",1000,2000,200,800,');
  });

  it('csvCell quotes what needs quoting and defuses every formula lead', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', 'plain', 'a"b', 'a\nb'].map(csvCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", 'plain', '"a""b"', '"a\nb"']);
    expect(csvCell(-5)).toBe('-5');
    expect(earningsCsv([])).toBe('sold_at,order_id,course_id,title,price_cents,fee_basis_points,fee_cents,share_cents,state,available_at,list_price_cents,discount_cents,coupon_code,referred\r\n');
  });

  it('GET /api/admin/payouts: totals, every teacher’s balance and failed transfers; POST …/retry sends one with the same key, once', async () => {
    const { teacher, rival, orderId } = await teacherWithSales();
    await givePayoutAccount(ctx.db, double, teacher.id);
    double.failNext(1, 'Insufficient funds in Stripe account');
    await runPayouts(ctx.db, double, { now: new Date(), holdDays: HOLD });
    const admin = await signedInAdmin(ctx.app, ctx.db);

    const view = (await ctx.app.inject({ url: '/api/admin/payouts', headers: admin.headers })).json();
    expect(view.totals).toEqual({ grossCents: 1999 + 1000 + 4999 + 500, feesCents: 400 + 200 + 1000 + 100, refundsCents: 0, transferredCents: 0, pendingCents: 400, availableCents: 2399 + 3999 });
    expect(view.teachers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: teacher.id, accountState: 'enabled', pendingCents: 400, availableCents: 2399, paidCents: 0 }),
        expect.objectContaining({ id: rival, accountState: 'none', availableCents: 3999 }),
      ]),
    );
    expect(view.failedTransfers).toMatchObject([{ orderId, amountCents: 2399, status: 'failed', failureReason: 'Insufficient funds in Stripe account', attempts: 1, teacher: { id: teacher.id } }]);
    expect(view.reconciliation).toBeNull();
    const transferId = view.failedTransfers[0].id as string;
    const retry = () => ctx.app.inject({ method: 'POST', url: `/api/admin/payouts/transfers/${transferId}/retry`, headers: admin.headers, payload: {} });

    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/payouts/transfers/${transferId}/retry`, headers: teacher.headers, payload: {} })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/payouts', headers: teacher.headers })).statusCode).toBe(403);
    const retried = await retry();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: transferId, status: 'sent', failureReason: null });
    const again = await retry();
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYOUT_TRANSFER_NOT_RETRYABLE');
    expect(double.calls.filter((call) => call.idempotencyKey === `transfer-${transferId}`)).toHaveLength(2);
    expect([...double.transfers.values()].filter((transfer) => transfer.transferGroup === orderId)).toHaveLength(1);
  });

  it('the reconciliation flags transfers missing at the provider, unknown to the ledger, or of another amount, and the admin sees the last one', async () => {
    const { teacher } = await teacherWithSales();
    await givePayoutAccount(ctx.db, double, teacher.id);
    const [sent] = (await runPayouts(ctx.db, double, { now: new Date(), holdDays: HOLD })).transfers;
    const warnings: unknown[] = [];
    const log = { warn: (entry: unknown) => void warnings.push(entry) };
    expect(await reconcileTransfers(ctx.db, double, { log })).toMatchObject({ differences: [] });

    double.addForeignTransfer({ id: 'tr_foreign', destinationAccountId: 'acct_x', amountCents: 1234, currency: 'usd', transferGroup: null });
    double.transfers.get(sent!.providerTransferId!)!.reversedCents = 1;
    const result = await reconcileTransfers(ctx.db, double, { log });
    expect(result.differences).toEqual([
      { kind: 'amount-differs', transferId: sent!.id, providerTransferId: sent!.providerTransferId, ledgerCents: 2399, providerCents: 2398 },
      { kind: 'unknown-at-provider', transferId: null, providerTransferId: 'tr_foreign', ledgerCents: null, providerCents: 1234 },
    ]);
    expect(warnings).toHaveLength(2);
    double.transfers.delete(sent!.providerTransferId!);
    double.transfers.delete('tr_foreign');
    expect((await reconcileTransfers(ctx.db, double)).differences).toMatchObject([{ kind: 'missing-at-provider', transferId: sent!.id, ledgerCents: 2399, providerCents: null }]);

    const admin = await signedInAdmin(ctx.app, ctx.db);
    const view = (await ctx.app.inject({ url: '/api/admin/payouts', headers: admin.headers })).json();
    expect(view.reconciliation).toMatchObject({ differences: [{ kind: 'missing-at-provider' }] });
  });
});
