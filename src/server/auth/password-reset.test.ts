import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/helpers/app';
import { signUpThroughApi, TEST_PASSWORD } from '../../../test/helpers/auth';
import { useSmtpServer } from '../../../test/helpers/smtp';
import { mailOutbox, sessions, verifications } from '../db/schema';

let nextAddress = 1;
/** Each request from its own client address unless a test says otherwise, so per-address limits stay out of the way. */
const freshAddress = () => `10.20.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

describe('password reset by e-mail', () => {
  const smtp = useSmtpServer();
  const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0' }));

  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': freshAddress(), ...headers },
      payload,
    });

  async function resetLinkFor(email: string): Promise<string> {
    smtp.received.length = 0;
    expect((await post('request-password-reset', { email })).statusCode).toBe(200);
    await ctx.app.mail.deliverNow();
    const mail = smtp.received.find((received) => received.to.includes(email) && /contraseña|password/i.test(received.subject));
    expect(mail, `a reset e-mail to ${email}`).toBeDefined();
    return /(http:\/\/\S+\/reset-password\?token=[\w%-]+)/.exec(mail!.text)![1]!;
  }
  const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

  it('answers the same whether or not the address has an account, and mails a link only to a real one', async () => {
    const user = await signUpThroughApi(ctx.app);
    const known = await post('request-password-reset', { email: user.email });
    const unknown = await post('request-password-reset', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'));
    expect(rows.map((row) => row.recipient)).toEqual([user.email]);
  });

  it('the link sets a new password with the product rules, ends every session, and works once', async () => {
    const user = await signUpThroughApi(ctx.app);
    const link = await resetLinkFor(user.email);
    expect(link.startsWith(`${ctx.config.publicUrl}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);

    // A password the rules refuse changes nothing and keeps the link usable.
    const weak = await post('reset-password', { token, newPassword: 'nouppercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { newPassword: ['validation.passwordUppercase'] } } });

    const reset = await post('reset-password', { token, newPassword: 'NewPass123' });
    expect(reset.statusCode).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const oldSession = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: user.headers });
    expect(oldSession.json()).toBeNull();

    expect((await post('sign-in/email', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('sign-in/email', { email: user.email, password: 'NewPass123' })).statusCode).toBe(200);

    const again = await post('reset-password', { token, newPassword: 'Another123' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
  });

  it('tells an expired link from a used one', async () => {
    const user = await signUpThroughApi(ctx.app);
    const token = tokenOf(await resetLinkFor(user.email));
    await ctx.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(verifications.identifier, `reset-password:${token}`));
    const expired = await post('reset-password', { token, newPassword: 'NewPass123' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { code: 'EXPIRED_ACTION_CODE' } });
    const made = await post('reset-password', { token: 'not-a-real-token-at-all', newPassword: 'NewPass123' });
    expect(made.json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
    expect((await post('sign-in/email', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  /** Sends a request (each from a new address) until it is refused with 429, as strangers spending what they share. */
  async function untilRefused(path: string, payload: object) {
    for (let attempt = 0; attempt < 3 * ctx.config.passwordAttemptsPerAccount; attempt++) {
      if ((await post(path, payload)).statusCode === 429) return;
    }
    throw new Error(`${path} was never refused`);
  }
  const spendSignInBudget = (email: string) => untilRefused('sign-in/email', { email, password: 'Wr0ngPass1' });
  const cookiesOf = (response: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((response.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  const knownDeviceCookie = (cookies: string) => cookies.split('; ').find((cookie) => cookie.includes('known_device_')) ?? '';

  it('a completed reset clears what strangers spent: the owner signs in right after, and the resetting client stays known', async () => {
    const user = await signUpThroughApi(ctx.app);
    await spendSignInBudget(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    // Strangers also use up the reset mails anyone but the owner may ask for.
    await untilRefused('request-password-reset', { email: user.email });

    const reset = await post('reset-password', { token, newPassword: 'NewPass123' });
    expect(reset.statusCode).toBe(200);
    const signedIn = await post('sign-in/email', { email: user.email, password: 'NewPass123' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await post('request-password-reset', { email: user.email })).statusCode).toBe(200);

    // Strangers start again at once; the browser that reset the password is a known device of the account.
    await spendSignInBudget(user.email);
    const fromResettingClient = await post('sign-in/email', { email: user.email, password: 'NewPass123' }, { cookie: knownDeviceCookie(cookiesOf(reset)) });
    expect(fromResettingClient.statusCode, fromResettingClient.body).toBe(200);
  });

  it('strangers asking for reset and verification mails do not use up the owner’s: signed in or on a known device, the owner still gets them', async () => {
    const owner = await signUpThroughApi(ctx.app);
    for (const path of ['request-password-reset', 'send-verification-email']) await untilRefused(path, { email: owner.email });
    await ctx.db.delete(mailOutbox).where(eq(mailOutbox.recipient, owner.email));

    // Signed in: "send the verification link again".
    const resend = await post('send-verification-email', { email: owner.email }, { cookie: owner.cookie });
    expect(resend.statusCode, resend.body).toBe(200);
    // Signed out, on the browser that signed up: "I forgot my password".
    const forgot = await post('request-password-reset', { email: owner.email }, { cookie: knownDeviceCookie(owner.cookie) });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const queued = await ctx.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.recipient, owner.email));
    expect(queued.map((row) => row.kind).sort()).toEqual(['password-reset', 'verify-email']);
  });

  it('limits reset requests per account from any number of addresses, known address or not', async () => {
    const user = await signUpThroughApi(ctx.app);
    for (const email of [user.email, 'unknown-person@example.com']) {
      const answers: number[] = [];
      for (let attempt = 0; attempt < ctx.config.mail.perAccountPerHour + 1; attempt++) answers.push((await post('request-password-reset', { email })).statusCode);
      expect(answers).toEqual([...Array(ctx.config.mail.perAccountPerHour).fill(200), 429]);
    }
    const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'));
    expect(queued).toHaveLength(ctx.config.mail.perAccountPerHour);
  });

  it('limits reset requests per client address', async () => {
    const address = { 'x-forwarded-for': '10.99.0.1' };
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) answers.push((await post('request-password-reset', { email: `someone${attempt}@example.com` }, address)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
