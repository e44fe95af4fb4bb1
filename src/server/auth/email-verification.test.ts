import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/helpers/app';
import { signUpThroughApi } from '../../../test/helpers/auth';
import { useSmtpServer } from '../../../test/helpers/smtp';
import { mailOutbox, users } from '../db/schema';

let nextAddress = 1;
const freshAddress = () => `10.30.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

describe('verifying the e-mail address', () => {
  const smtp = useSmtpServer();
  const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0', ADMIN_EMAILS: 'boss@example.com' }));

  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': freshAddress(), ...headers },
      payload,
    });
  const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/users/me', headers });
  const openLink = (link: string) => {
    const url = new URL(link);
    return ctx.app.inject({ url: `/api/auth/verify-email${url.search}`, headers: { 'x-forwarded-for': freshAddress() } });
  };

  async function lastLinkTo(email: string): Promise<{ link: string; subject: string }> {
    await ctx.app.mail.deliverNow();
    const mail = smtp.received.filter((received) => received.to.includes(email)).at(-1);
    expect(mail, `an e-mail to ${email}`).toBeDefined();
    return { link: /(http:\/\/\S+\/verify-email\?token=[\w.%-]+)/.exec(mail!.text)![1]!, subject: mail!.subject };
  }

  it('sign-up mails a link in the sign-up language; the account works before it is opened, and is verified after', async () => {
    const signedUp = await post('sign-up/email', { email: 'nora@example.com', password: 'Passw0rd12', language: 'en' });
    expect(signedUp.statusCode).toBe(200);
    const cookie = (signedUp.headers['set-cookie'] as string[]).map((value) => value.split(';')[0]).join('; ');
    expect((await me({ cookie })).statusCode).toBe(200);

    const { link, subject } = await lastLinkTo('nora@example.com');
    expect(subject).toBe('Confirm your e-mail address');
    expect(link.startsWith(`${ctx.config.publicUrl}/verify-email?token=`)).toBe(true);
    expect((await openLink(link)).statusCode).toBe(200);
    const [row] = await ctx.db.select({ emailVerified: users.emailVerified, language: users.language }).from(users).where(eq(users.email, 'nora@example.com'));
    expect(row).toEqual({ emailVerified: true, language: 'en' });
  });

  it('a sign-up without a language gets Spanish, and a made-up link is refused as INVALID_ACTION_CODE', async () => {
    const user = await signUpThroughApi(ctx.app);
    const { subject } = await lastLinkTo(user.email);
    expect(subject).toBe('Confirma tu correo electrónico');
    const forged = await ctx.app.inject({ url: '/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'INVALID_ACTION_CODE' } });
  });

  it('opening the link makes an ADMIN_EMAILS address an admin on its next request, not before', async () => {
    const boss = await signUpThroughApi(ctx.app, 'boss@example.com');
    expect((await me(boss.headers)).json()).toMatchObject({ isAdmin: false });
    const { link } = await lastLinkTo('boss@example.com');
    expect((await openLink(link)).statusCode).toBe(200);
    expect((await me(boss.headers)).json()).toMatchObject({ isAdmin: true });
  });

  it('"send again" mails a new link to the signed-in user, limited per account', async () => {
    const user = await signUpThroughApi(ctx.app);
    const answers: number[] = [];
    for (let attempt = 0; attempt < ctx.config.mail.perAccountPerHour + 1; attempt++) {
      answers.push((await post('send-verification-email', { email: user.email }, { cookie: user.cookie })).statusCode);
    }
    expect(answers).toEqual([...Array(ctx.config.mail.perAccountPerHour).fill(200), 429]);
    // The sign-up's own e-mail, and one per accepted request.
    const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(queued).toHaveLength(1 + ctx.config.mail.perAccountPerHour);
  });

  it('keeps the user’s language in step with the web app', async () => {
    const user = await signUpThroughApi(ctx.app);
    const changed = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: user.headers, payload: { language: 'en' } });
    expect(changed.statusCode).toBe(200);
    const refused = await ctx.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: user.headers, payload: { language: 'fr' } });
    expect(refused.statusCode).toBe(400);
    const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe('en');
  });
});
