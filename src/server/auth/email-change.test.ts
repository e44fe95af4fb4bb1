import { and, eq } from 'drizzle-orm';
import { signJWT } from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/helpers/app';
import { signedInUser, TEST_PASSWORD, type TestUser } from '../../../test/helpers/auth';
import { accounts, mailOutbox, pendingEmailChanges, sessions, users } from '../db/schema';

let nextAddress = 1;
const freshAddress = () => `10.40.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

describe('changing the e-mail address', () => {
  const ctx = useTestApp({ ADMIN_EMAILS: 'boss@example.com' });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': freshAddress(), ...headers }, payload });
  /** `currentPassword: null` sends none. */
  const requestChange = (user: Pick<TestUser, 'headers'>, newEmail: string, currentPassword: string | null = TEST_PASSWORD) =>
    post('/api/users/me/email-change', currentPassword === null ? { newEmail } : { newEmail, currentPassword }, user.headers);
  const openLink = (step: 'approve' | 'confirm', token: string) => post(`/api/email-change/${step}`, { token });
  const signIn = (email: string, password = TEST_PASSWORD) => post('/api/auth/sign-in/email', { email, password });

  const mailTo = (recipient: string, kind?: string) =>
    ctx.db
      .select({ kind: mailOutbox.kind, data: mailOutbox.data })
      .from(mailOutbox)
      .where(kind ? and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.kind, kind)) : eq(mailOutbox.recipient, recipient));
  async function linkTokenTo(recipient: string, kind: 'approve-email-change' | 'confirm-new-email' | 'password-reset'): Promise<string> {
    const mails = await mailTo(recipient, kind);
    expect(mails, `a ${kind} e-mail to ${recipient}`).not.toHaveLength(0);
    return (mails.at(-1)!.data as { token: string }).token;
  }
  const account = async (id: string) =>
    (await ctx.db.select({ email: users.email, emailVerified: users.emailVerified, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)))[0]!;

  /** Asks for the change and opens the approval link: what is left is the new address's verification. */
  async function approvedChange(user: TestUser, newEmail: string): Promise<string> {
    expect((await requestChange(user, newEmail)).statusCode).toBe(202);
    expect((await openLink('approve', await linkTokenTo(user.email, 'approve-email-change'))).statusCode).toBe(200);
    return linkTokenTo(newEmail, 'confirm-new-email');
  }

  it('a stolen session without the password cannot start a change, nor use better-auth’s own endpoint', async () => {
    const user = await signedInUser(ctx.app);
    const withoutPassword = await requestChange(user, 'thief@example.com', null);
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { currentPassword: ['validation.passwordRequired'] } } });
    const wrongPassword = await requestChange(user, 'thief@example.com', 'Wr0ngPass1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    const betterAuths = await post('/api/auth/change-email', { newEmail: 'thief@example.com' }, user.headers);
    expect(betterAuths.statusCode).toBe(404);

    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
    expect(await ctx.db.select().from(pendingEmailChanges)).toEqual([]);
    expect((await account(user.id)).email).toBe(user.email);
  });

  it('mails the current address an approval link, and changes nothing before it is approved', async () => {
    const user = await signedInUser(ctx.app);
    const asked = await requestChange(user, 'New.Address@Example.com');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ newEmail: 'new.address@example.com' });

    const toOwner = await mailTo(user.email);
    expect(toOwner).toEqual([{ kind: 'approve-email-change', data: { token: expect.any(String), newEmail: 'new.address@example.com' } }]);
    expect(await mailTo('new.address@example.com')).toEqual([]);
    expect(await account(user.id)).toMatchObject({ email: user.email });
    expect((await signIn('new.address@example.com')).statusCode).toBe(401);
    expect((await signIn(user.email)).statusCode).toBe(200);
  });

  it('after approval the new address must verify before it signs in or gets a password reset; then it is the account’s', async () => {
    const user = await signedInUser(ctx.app);
    const token = await approvedChange(user, 'later@example.com');

    expect(await account(user.id)).toMatchObject({ email: user.email });
    expect((await signIn('later@example.com')).statusCode).toBe(401);
    expect((await post('/api/auth/request-password-reset', { email: 'later@example.com', redirectTo: '/reset-password' })).statusCode).toBe(200);
    expect(await mailTo('later@example.com', 'password-reset')).toEqual([]);

    const confirmed = await openLink('confirm', token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'later@example.com' });
    expect(await account(user.id)).toMatchObject({ email: 'later@example.com', emailVerified: true });
    expect((await signIn('later@example.com')).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(401);
    expect(await ctx.db.select().from(pendingEmailChanges)).toEqual([]);
  });

  it('the verification link’s answer waits until this process’s kept sessions know the new address', async () => {
    const user = await signedInUser(ctx.app);
    const token = await approvedChange(user, 'kept@example.com');
    const caughtUp = vi.spyOn(ctx.app.sessionInvalidation, 'sync');
    try {
      expect((await openLink('confirm', token)).statusCode).toBe(200);
      expect(caughtUp).toHaveBeenCalledTimes(1);
    } finally {
      caughtUp.mockRestore();
    }
  });

  it('the new address does not inherit the old one’s verified status: it is verified by its own link, and only then promoted', async () => {
    const user = await signedInUser(ctx.app);
    await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    const token = await approvedChange(user, 'boss@example.com');
    // Approved by the old address, but the new one has proved nothing yet: still the old account, not an admin.
    expect(await account(user.id)).toEqual({ email: user.email, emailVerified: true, isAdmin: false });
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).json()).toMatchObject({ email: user.email, isAdmin: false });

    expect((await openLink('confirm', token)).statusCode).toBe(200);
    expect(await account(user.id)).toEqual({ email: 'boss@example.com', emailVerified: true, isAdmin: true });

    // An account whose old address was never verified gets a verified one: the new address proved itself.
    const unverified = await signedInUser(ctx.app);
    expect((await openLink('confirm', await approvedChange(unverified, 'proved@example.com'))).statusCode).toBe(200);
    expect(await account(unverified.id)).toMatchObject({ email: 'proved@example.com', emailVerified: true });
  });

  it('dies when the password is changed', async () => {
    const user = await signedInUser(ctx.app);
    const token = await approvedChange(user, 'after-change@example.com');
    const changed = await post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'N3wPassw0rd' }, user.headers);
    expect(changed.statusCode).toBe(200);

    const refused = await openLink('confirm', token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect((await account(user.id)).email).toBe(user.email);
  });

  it('dies when the password is changed even if the asking session survived (a password set in the database)', async () => {
    const user = await signedInUser(ctx.app);
    expect((await requestChange(user, 'kept-session@example.com')).statusCode).toBe(202);
    const token = await linkTokenTo(user.email, 'approve-email-change');
    await ctx.db.update(accounts).set({ password: 'another-hash' }).where(eq(accounts.userId, user.id));
    expect((await openLink('approve', token)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect(await mailTo('kept-session@example.com')).toEqual([]);
  });

  it('dies when the password is reset by e-mail', async () => {
    const user = await signedInUser(ctx.app);
    expect((await requestChange(user, 'after-reset@example.com')).statusCode).toBe(202);
    const approval = await linkTokenTo(user.email, 'approve-email-change');
    expect((await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const reset = await post('/api/auth/reset-password', { token: await linkTokenTo(user.email, 'password-reset'), newPassword: 'N3wPassw0rd' });
    expect(reset.statusCode).toBe(200);

    expect((await openLink('approve', approval)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect(await mailTo('after-reset@example.com')).toEqual([]);
  });

  it('dies when the asking session signs out', async () => {
    const asker = await signedInUser(ctx.app);
    const token = await approvedChange(asker, 'sessions@example.com');

    expect((await post('/api/auth/sign-out', {}, asker.headers)).statusCode).toBe(200);
    expect((await openLink('confirm', token)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect((await account(asker.id)).email).toBe(asker.email);
  });

  // Sessions end without a request too: they expire, and an account's oldest is deleted when it
  // passes its cap (better-auth's revoke endpoints are not offered: see auth-endpoints.ts).
  it.each(['expires', 'is deleted'] as const)('dies when the asking session %s', async (ending) => {
    const asker = await signedInUser(ctx.app);
    const token = await approvedChange(asker, 'sessions@example.com');

    const askers = eq(sessions.userId, asker.id);
    if (ending === 'expires') await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(askers);
    else await ctx.db.delete(sessions).where(askers);
    expect((await openLink('confirm', token)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect((await account(asker.id)).email).toBe(asker.email);
  });

  it('dies when an admin disables the account', async () => {
    const user = await signedInUser(ctx.app);
    const token = await approvedChange(user, 'disabled@example.com');
    await ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await openLink('confirm', token)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect((await account(user.id)).email).toBe(user.email);
  });

  it('dies an hour after it was asked for, approved or not, and says the link expired', async () => {
    const user = await signedInUser(ctx.app);
    expect((await requestChange(user, 'slow@example.com')).statusCode).toBe(202);
    const approval = await linkTokenTo(user.email, 'approve-email-change');
    const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await ctx.db.update(pendingEmailChanges).set({ createdAt: anHourAgo });
    const expired = await openLink('approve', approval);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { code: 'EXPIRED_ACTION_CODE' } });
    expect(await mailTo('slow@example.com')).toEqual([]);

    const other = await signedInUser(ctx.app);
    const token = await approvedChange(other, 'slower@example.com');
    await ctx.db.update(pendingEmailChanges).set({ createdAt: anHourAgo }).where(eq(pendingEmailChanges.userId, other.id));
    expect((await openLink('confirm', token)).json()).toMatchObject({ error: { code: 'EXPIRED_ACTION_CODE' } });
    expect((await account(other.id)).email).toBe(other.email);
  });

  it('each link works once, even opened twice at the same moment', async () => {
    const user = await signedInUser(ctx.app);
    expect((await requestChange(user, 'once@example.com')).statusCode).toBe(202);
    const approval = await linkTokenTo(user.email, 'approve-email-change');
    const approvals = await Promise.all([openLink('approve', approval), openLink('approve', approval)]);
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(await mailTo('once@example.com', 'confirm-new-email')).toHaveLength(1);
    expect((await openLink('approve', approval)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });

    const token = await linkTokenTo('once@example.com', 'confirm-new-email');
    const confirmations = await Promise.all([openLink('confirm', token), openLink('confirm', token)]);
    expect(confirmations.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect((await openLink('confirm', token)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    // The approval link is not the verification link, nor the other way round.
    expect((await openLink('confirm', approval)).statusCode).toBe(400);
  });

  it('stores the links hashed: what the table holds opens nothing', async () => {
    const user = await signedInUser(ctx.app);
    expect((await requestChange(user, 'hashed@example.com')).statusCode).toBe(202);
    const [row] = await ctx.db.select().from(pendingEmailChanges);
    const token = await linkTokenTo(user.email, 'approve-email-change');
    expect(row!.approvalTokenHash).not.toContain(token);
    expect((await openLink('approve', row!.approvalTokenHash!)).statusCode).toBe(400);
  });

  it('a new request replaces the change under way: the first one’s links open nothing', async () => {
    const user = await signedInUser(ctx.app);
    const firstToken = await approvedChange(user, 'first@example.com');
    expect((await requestChange(user, 'second@example.com')).statusCode).toBe(202);
    expect((await openLink('confirm', firstToken)).json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect(await ctx.db.select({ newEmail: pendingEmailChanges.newEmail }).from(pendingEmailChanges)).toEqual([{ newEmail: 'second@example.com' }]);

    // Two requests at the same moment: both are answered, one change is left, and only its link works.
    const racer = await signedInUser(ctx.app);
    const answers = await Promise.all([requestChange(racer, 'race-a@example.com'), requestChange(racer, 'race-b@example.com')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    const left = await ctx.db.select({ newEmail: pendingEmailChanges.newEmail }).from(pendingEmailChanges).where(eq(pendingEmailChanges.userId, racer.id));
    expect(left).toHaveLength(1);
    const tokens = (await mailTo(racer.email, 'approve-email-change')).map((mail) => (mail.data as { token: string }).token);
    const opened = await Promise.all(tokens.map((token) => openLink('approve', token)));
    expect(opened.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(opened.find((response) => response.statusCode === 200)!.json()).toEqual({ newEmail: left[0]!.newEmail });
  });

  it('refuses an address that has an account (whatever its case) and the account’s own, changing nothing', async () => {
    const user = await signedInUser(ctx.app);
    const other = await signedInUser(ctx.app, 'taken@example.com');
    const taken = await requestChange(user, '  Taken@EXAMPLE.com ');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'EMAIL_TAKEN' } });
    const same = await requestChange(user, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { newEmail: ['validation.emailUnchanged'] } } });
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);

    // Someone signs up with the address while the change waits for its verification: the account keeps its own.
    const token = await approvedChange(user, 'raced@example.com');
    await ctx.db.update(users).set({ email: 'raced@example.com' }).where(eq(users.id, other.id));
    const raced = await openLink('confirm', token);
    expect(raced.statusCode).toBe(409);
    expect(raced.json()).toMatchObject({ error: { code: 'EMAIL_TAKEN' } });
    expect((await account(user.id)).email).toBe(user.email);
  });

  it('an account without a password changes its e-mail only right after signing in', async () => {
    const user = await signedInUser(ctx.app);
    await ctx.db.delete(accounts).where(eq(accounts.userId, user.id));
    await ctx.db.update(sessions).set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) }).where(eq(sessions.userId, user.id));
    const stale = await requestChange(user, 'social@example.com', null);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'REAUTHENTICATION_REQUIRED' } });
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);

    await ctx.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await requestChange(user, 'social@example.com', null)).statusCode).toBe(202);
  });

  it('reset links mailed to the old address die with the change', async () => {
    const user = await signedInUser(ctx.app);
    expect((await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' })).statusCode).toBe(200);
    const resetToken = await linkTokenTo(user.email, 'password-reset');
    expect((await openLink('confirm', await approvedChange(user, 'moved@example.com'))).statusCode).toBe(200);

    const reset = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'N3wPassw0rd' });
    expect(reset.statusCode).toBe(400);
    expect((await signIn('moved@example.com')).statusCode).toBe(200);
  });

  it('a link of better-auth’s own e-mail change, mailed before it was turned off, changes nothing', async () => {
    const user = await signedInUser(ctx.app);
    const secret = (await ctx.app.auth.$context).secret;
    const token = await signJWT({ email: user.email, updateTo: 'old-flow@example.com', requestType: 'change-email-verification', userId: user.id }, secret, 3600);
    const opened = await ctx.app.inject({ url: `/api/auth/verify-email?token=${token}`, headers: { 'x-forwarded-for': freshAddress() } });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect((await account(user.id)).email).toBe(user.email);
  });

  it('counts its e-mails in the account’s hourly allowance, and its password checks as password attempts', async () => {
    const user = await signedInUser(ctx.app);
    const answers: number[] = [];
    for (let attempt = 0; attempt <= ctx.config.mail.perAccountPerHour; attempt++) answers.push((await requestChange(user, `many-${attempt}@example.com`)).statusCode);
    expect(answers).toEqual([...Array(ctx.config.mail.perAccountPerHour).fill(202), 429]);
    expect(await mailTo(user.email)).toHaveLength(ctx.config.mail.perAccountPerHour);

    const guesser = await signedInUser(ctx.app);
    const guesses: number[] = [];
    for (let attempt = 0; attempt <= ctx.config.passwordAttemptsPerAccount; attempt++) guesses.push((await requestChange(guesser, 'guess@example.com', `Wr0ngPass${attempt}`)).statusCode);
    expect(guesses).toEqual([...Array(ctx.config.passwordAttemptsPerAccount).fill(401), 429]);
    const rightOne = await requestChange(guesser, 'guess@example.com');
    expect(rightOne.statusCode).toBe(429);
    expect(Number(rightOne.headers['retry-after'])).toBeGreaterThan(0);
  });
});
