import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { as } from '../../../../test/helpers/commerce';
import { createCourse, createTeacher } from '../../db/factories';
import { paymentEvents, payoutAccounts, testProviderRecords, users } from '../../db/schema';

/**
 * A teacher's payout account with the built-in test provider: opened once, onboarded on the
 * provider's page served by the app, and its state moved only by the signed `account.updated`
 * that page sends through the webhook route.
 */
describe('payout onboarding (built-in test provider)', () => {
  const ctx = useTestApp();

  async function teacher(): Promise<TestUser> {
    const user = await signedInUser(ctx.app);
    await createCourse(ctx.db, { ownerId: user.id });
    return user;
  }
  const start = (user: TestUser) => ctx.app.inject({ method: 'POST', url: '/api/payouts/onboarding', headers: as(user) });
  const refresh = (user: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/payouts/onboarding/refresh', headers: as(user) });
  const accountOf = async (userId: string) => (await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];
  const pathOf = (url: string) => new URL(url).pathname;
  const decide = (url: string, decision: string, lang = 'en') =>
    ctx.app.inject({ method: 'POST', url: `${pathOf(url)}?lang=${lang}`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.config.publicUrl }, payload: `decision=${decision}` });

  it('refuses someone who has created no course, with a translated code, and opens nothing', async () => {
    const buyer = await signedInUser(ctx.app);
    const response = await start(buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PAYOUTS_NEED_A_COURSE');
    expect(await ctx.db.select().from(payoutAccounts)).toEqual([]);
    expect(await ctx.db.select().from(testProviderRecords)).toEqual([]);
  });

  it("opens the teacher's account once and answers a link to the provider's onboarding page, marked TEST in both languages", async () => {
    const user = await teacher();
    const first = await start(user);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const { url } = first.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${ctx.config.publicUrl}/test-onboarding/link_test_`));
    const account = await accountOf(user.id);
    expect(account).toMatchObject({ provider: 'test', state: 'pending' });
    expect(account!.providerAccountId).toMatch(/^acct_test_/);
    expect(account!.requirements).toContain('external_account');

    // Starting again resumes the same account with a new link.
    const again = (await start(user)).json() as { url: string };
    expect(again.url).not.toBe(url);
    expect(await ctx.db.select().from(payoutAccounts)).toHaveLength(1);

    const english = await ctx.app.inject({ url: `${pathOf(url)}?lang=en` });
    expect(english.statusCode).toBe(200);
    expect(english.headers['cache-control']).toBe('no-store');
    expect(english.body).toContain('TEST MODE');
    expect(english.body).toContain('>Approve<');
    expect(english.body).toContain('>Reject<');
    expect(english.body).toContain(account!.providerAccountId);
    const spanish = await ctx.app.inject({ url: pathOf(url), headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('MODO DE PRUEBA');
    expect(spanish.body).toContain('>Aprobar<');
    expect(spanish.body).toContain('>Rechazar<');
    for (const english of ['Approve', 'Reject', 'TEST MODE', 'Account']) expect(spanish.body).not.toContain(english);
    expect((await ctx.app.inject({ url: '/test-onboarding/link_test_unknown' })).statusCode).toBe(404);
  });

  it('a double click opens one account', async () => {
    const user = await teacher();
    const answers = await Promise.all([start(user), start(user), start(user)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await ctx.db.select().from(payoutAccounts)).toHaveLength(1);
    expect((await ctx.db.select().from(testProviderRecords)).filter((record) => record.kind === 'account')).toHaveLength(1);
  });

  it('approving on the provider page enables the account through a signed account.updated, once, and returns to the earnings page', async () => {
    const user = await teacher();
    const { url } = (await start(user)).json() as { url: string };
    const approved = await decide(url, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${ctx.config.publicUrl}/coursescreated/earnings?onboarding=done`);
    expect(await accountOf(user.id)).toMatchObject({ state: 'enabled', requirements: [] });
    expect((await ctx.db.select().from(paymentEvents)).map((event) => event.type)).toEqual(['account.updated']);
    expect(await ctx.app.payouts.retrieveConnectedAccount((await accountOf(user.id))!.providerAccountId)).toMatchObject({ state: 'enabled' });

    // The link is spent: opening or posting it again sends the teacher to the refresh URL, and changes nothing.
    const reopened = await ctx.app.inject({ url: pathOf(url) });
    expect(reopened.statusCode).toBe(302);
    expect(reopened.headers.location).toBe(`${ctx.config.publicUrl}/api/payouts/onboarding/refresh`);
    const rejectedLate = await decide(url, 'reject');
    expect(rejectedLate.headers.location).toBe(`${ctx.config.publicUrl}/api/payouts/onboarding/refresh`);
    expect(await accountOf(user.id)).toMatchObject({ state: 'enabled' });
    expect(await ctx.db.select().from(paymentEvents)).toHaveLength(1);

    // The refresh URL redirects to a fresh link of the same account.
    const refreshed = await refresh(user);
    expect(refreshed.statusCode).toBe(302);
    expect(refreshed.headers['cache-control']).toBe('private, no-store');
    expect(refreshed.headers.location).toMatch(new RegExp(`^${ctx.config.publicUrl}/test-onboarding/link_test_`));
    expect((await ctx.app.inject({ url: pathOf(refreshed.headers.location!) })).statusCode).toBe(200);
  });

  it('rejecting restricts the account with what the provider asks for; an unknown decision changes nothing', async () => {
    const user = await teacher();
    const { url } = (await start(user)).json() as { url: string };
    expect((await decide(url, 'approve-all-the-things')).statusCode).toBe(400);
    expect(await accountOf(user.id)).toMatchObject({ state: 'pending' });
    const rejected = await decide(url, 'reject', 'es');
    expect(rejected.statusCode).toBe(303);
    expect(await accountOf(user.id)).toMatchObject({ state: 'restricted', requirements: ['individual.verification.document'] });
    // Onboarding again (a new link) can still approve it.
    const next = (await start(user)).json() as { url: string };
    await decide(next.url, 'approve');
    expect(await accountOf(user.id)).toMatchObject({ state: 'enabled', requirements: [] });
  });

  it("refresh without an account is 404 with a translated code, and nobody reaches another teacher's account", async () => {
    const first = await teacher();
    const second = await teacher();
    const missing = await refresh(second);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PAYOUT_ACCOUNT_NOT_FOUND');

    await start(first);
    expect((await refresh(second)).statusCode).toBe(404);
    await start(second);
    const accounts = await ctx.db.select().from(payoutAccounts);
    expect(accounts).toHaveLength(2);
    expect(new Set(accounts.map((account) => account.providerAccountId)).size).toBe(2);
    // The account opened for each carries that teacher's e-mail and id at the provider.
    for (const user of [first, second]) {
      const record = await ctx.db.select().from(testProviderRecords).where(eq(testProviderRecords.id, (await accountOf(user.id))!.providerAccountId));
      expect((record[0]!.data as { object: { email: string; metadata: { teacherId: string } } }).object).toMatchObject({ email: user.email, metadata: { teacherId: user.id } });
    }
  });

  it('a teacher made with the factories (no session) is refused like anyone without a session', async () => {
    const id = await createTeacher(ctx.db);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/payouts/onboarding', headers: { origin: ctx.config.publicUrl } });
    expect(response.statusCode).toBe(401);
    expect(await ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(await ctx.db.select().from(payoutAccounts)).toEqual([]);
  });
});
