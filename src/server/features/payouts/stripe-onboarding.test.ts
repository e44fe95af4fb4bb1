import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { StripeFake, useStripeFake, type SignedEvent } from '../../../../test/helpers/stripe-fake';
import { createCourse } from '../../db/factories';
import { paymentEvents, payoutAccounts } from '../../db/schema';

const SECRET_KEY = 'sk_test_payouts_fake';
const WEBHOOK_SECRET = 'whsec_payouts_fake_secret';

/**
 * Onboarding with Stripe (the real SDK against the local Stripe stand-in): the Express account
 * and its account link, then the state moved only by verified `account.updated` events, each once.
 */
describe('payout onboarding with Stripe Connect', () => {
  const { fake, env } = useStripeFake(SECRET_KEY, WEBHOOK_SECRET);
  const ctx = useTestApp(env);

  const deliver = (event: SignedEvent) =>
    ctx.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.body });

  async function onboardedTeacher(): Promise<{ user: TestUser; accountId: string }> {
    const user = await signedInUser(ctx.app);
    await createCourse(ctx.db, { ownerId: user.id });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/payouts/onboarding', headers: as(user) });
    expect(response.statusCode).toBe(200);
    const row = (await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id)))[0]!;
    expect(response.json().url).toBe(fake.accountLinks.at(-1)!.url);
    return { user, accountId: row.providerAccountId };
  }

  const stateOf = async (userId: string) => (await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];

  it('opens an Express account with the key account-<user> and links to its onboarding, which returns to the earnings page', async () => {
    const { user, accountId } = await onboardedTeacher();
    expect(accountId).toMatch(/^acct_/);
    expect(fake.account(accountId)).toMatchObject({ type: 'express', email: user.email, metadata: { teacherId: user.id } });
    expect(fake.requests.find((request) => request.path === '/v1/accounts')!.idempotencyKey).toBe(`account-${user.id}`);
    expect(fake.accountLinks.at(-1)).toMatchObject({
      account: accountId,
      return_url: `${ctx.config.publicUrl}/coursescreated/earnings?onboarding=done`,
      refresh_url: `${ctx.config.publicUrl}/api/payouts/onboarding/refresh`,
    });
    expect(await stateOf(user.id)).toMatchObject({ provider: 'stripe', state: 'pending' });

    const refreshed = await ctx.app.inject({ url: '/api/payouts/onboarding/refresh', headers: as(user) });
    expect(refreshed.statusCode).toBe(302);
    expect(refreshed.headers.location).toBe(fake.accountLinks.at(-1)!.url);
    expect(fake.accounts.size).toBe(1);
  });

  it('follows account.updated once: enabled, then restricted with what Stripe asks for; a replay changes nothing', async () => {
    const { user, accountId } = await onboardedTeacher();
    const approved = fake.onboard(accountId, 'approved');
    expect((await deliver(approved)).json().outcome).toBe('account-updated');
    expect(await stateOf(user.id)).toMatchObject({ state: 'enabled', requirements: [] });

    const restricted = fake.onboard(accountId, 'rejected');
    expect((await deliver(restricted)).json().outcome).toBe('account-updated');
    expect(await stateOf(user.id)).toMatchObject({ state: 'restricted', requirements: ['individual.verification.document'] });

    // The earlier event delivered again (Stripe retries, or someone replays it) is recorded already.
    expect((await deliver(approved)).json().outcome).toBe('duplicate');
    expect(await stateOf(user.id)).toMatchObject({ state: 'restricted' });
    expect((await ctx.db.select().from(paymentEvents)).map((event) => event.type)).toEqual(['account.updated', 'account.updated']);
 
    // Stripe does not deliver in order: an event created before the one the state came from changes nothing.
    const now = Math.floor(Date.now() / 1000);
    const newer = fake.onboard(accountId, 'approved', now + 2);
    expect((await deliver(newer)).json().outcome).toBe('account-updated');
    const older = fake.onboard(accountId, 'rejected', now + 1);
    expect((await deliver(older)).json().outcome).toBe('ignored');
    expect(await stateOf(user.id)).toMatchObject({ state: 'enabled', requirements: [] });
  });

  it('refuses a forged or stale account.updated, and ignores one for an account no teacher holds', async () => {
    const { user, accountId } = await onboardedTeacher();
    const forger = new StripeFake({ secretKey: SECRET_KEY, webhookSecret: 'whsec_attacker' });
    forger.accounts.set(accountId, fake.account(accountId));
    const forged = await deliver(forger.onboard(accountId, 'approved'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('INVALID_SIGNATURE');
    const stale = await deliver(fake.onboard(accountId, 'approved', Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(400);
    expect(await stateOf(user.id)).toMatchObject({ state: 'pending' });
    expect(await ctx.db.select().from(paymentEvents)).toEqual([]);

    const stranger = fake.signedEvent('account.updated', { ...fake.account(accountId), id: 'acct_of_someone_else', details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
    expect((await deliver(stranger)).json().outcome).toBe('ignored');
    expect(await stateOf(user.id)).toMatchObject({ state: 'pending' });
  });

  it('answers 502 when Stripe is down, and a later try opens the account once', async () => {
    const user = await signedInUser(ctx.app);
    await createCourse(ctx.db, { ownerId: user.id });
    fake.failNext = 10;
    const down = await ctx.app.inject({ method: 'POST', url: '/api/payouts/onboarding', headers: as(user) });
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await stateOf(user.id)).toBeUndefined();
    fake.failNext = 0;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/payouts/onboarding', headers: as(user) })).statusCode).toBe(200);
    expect(fake.accounts.size).toBe(1);
  });
});
