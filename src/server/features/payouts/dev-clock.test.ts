import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { testDatabase } from '../../../../test/helpers/database';
import { createPayoutDouble } from '../../../../test/helpers/payout-provider';
import { daysAfter, givePayoutAccount, payOrder } from '../../../../test/helpers/payouts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createCourse, createUser } from '../../db/factories';
import { teacherBalances } from './ledger-balances';

const HOLD = 14;
const double = createPayoutDouble();
const url = '/api/dev/payouts/run';
const headers = { origin: TEST_ORIGIN };

describe('the payouts’ development clock (POST /api/dev/payouts/run)', () => {
  const ctx = useTestApp({ PAYOUT_HOLD_DAYS: String(HOLD) }, { payoutProvider: double });
  beforeEach(() => double.reset());

  async function sale() {
    const teacher = (await createUser(ctx.db)).id;
    const waiting = (await createUser(ctx.db)).id;
    const buyer = (await createUser(ctx.db)).id;
    const paidAt = new Date();
    const mine = await createCourse(ctx.db, { ownerId: teacher, priceCents: 1999 });
    const theirs = await createCourse(ctx.db, { ownerId: waiting, priceCents: 2799 });
    const { orderId } = await payOrder(ctx.db, { userId: buyer, items: [mine, theirs], paidAt });
    await givePayoutAccount(ctx.db, double, teacher);
    return { teacher, waiting, orderId, paidAt };
  }

  it('runs the transfer job once as of the given moment: nothing before the hold ends, then the enabled teacher is paid and the other keeps the share', async () => {
    const { teacher, waiting, orderId, paidAt } = await sale();

    const early = await ctx.app.inject({ method: 'POST', url, headers, payload: { at: daysAfter(paidAt, HOLD - 1).toISOString() } });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ at: daysAfter(paidAt, HOLD - 1).toISOString(), released: 0, transfers: [] });
    expect(double.transfers.size).toBe(0);

    const after = await ctx.app.inject({ method: 'POST', url, headers, payload: { at: daysAfter(paidAt, HOLD + 1).toISOString() } });
    expect(after.statusCode).toBe(200);
    // 20 %, half up: 1999 → fee 400, share 1599; 2799 → fee 560, share 2239.
    expect(after.json()).toMatchObject({ released: 2, transfers: [{ orderId, teacherId: teacher, amountCents: 1599, status: 'sent', failureReason: null }] });
    expect(await teacherBalances(ctx.db, teacher)).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 1599 });
    expect(await teacherBalances(ctx.db, waiting)).toEqual({ pendingCents: 0, availableCents: 2239, paidCents: 0 });

    // Run again at the same moment: nothing is paid twice.
    const again = await ctx.app.inject({ method: 'POST', url, headers, payload: { at: daysAfter(paidAt, HOLD + 1).toISOString() } });
    expect(again.json()).toMatchObject({ released: 0, transfers: [] });
    expect(double.transfers.size).toBe(1);
  });

  it('refuses a moment that is not an ISO date-time', async () => {
    const response = await ctx.app.inject({ method: 'POST', url, headers, payload: { at: 'tomorrow' } });
    expect(response.statusCode).toBe(400);
  });

  it('answers nobody but this machine', async () => {
    const { paidAt } = await sale();
    // Through a proxy on this machine (TRUST_PROXY=loopback), the client is the forwarded address.
    const response = await ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'x-forwarded-for': '203.0.113.7' }, payload: { at: daysAfter(paidAt, HOLD + 1).toISOString() } });
    expect(response.statusCode).toBe(404);
    expect(double.transfers.size).toBe(0);
  });

  it('is not served by a production server, even one allowed test payments', async () => {
    const config = {
      ...loadConfig({ DATA_DIR: ctx.dataDir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', NODE_ENV: 'production', SEED_DEMO_DATA: 'false', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true', MAIL_POLL_INTERVAL_MS: '0' }),
      webDistDir: undefined,
    };
    const production = await buildApp(config, { database: await testDatabase(), logger: false, payoutProvider: double });
    try {
      const { paidAt } = await sale();
      const response = await production.inject({ method: 'POST', url, headers: { origin: config.publicUrl }, payload: { at: daysAfter(paidAt, HOLD + 1).toISOString() } });
      expect(response.statusCode).toBe(404);
      expect(production.apiRoutes.map((route) => route.url)).not.toContain(url);
      expect(double.transfers.size).toBe(0);
    } finally {
      await production.close();
    }
  });

  it('is not served with the Stripe provider, even in development', async () => {
    const config = {
      ...loadConfig({ DATA_DIR: ctx.dataDir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', STRIPE_SECRET_KEY: 'sk_test_dev_clock', STRIPE_WEBHOOK_SECRET: 'whsec_dev_clock', MAIL_POLL_INTERVAL_MS: '0' }),
      webDistDir: undefined,
    };
    const withStripe = await buildApp(config, { database: await testDatabase(), logger: false, payoutProvider: double });
    try {
      expect(withStripe.apiRoutes.map((route) => route.url)).not.toContain(url);
    } finally {
      await withStripe.close();
    }
  });
});
