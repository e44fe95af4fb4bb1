import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { signedInUser, TEST_PASSWORD } from '../../../../test/helpers/auth';
import { contactMessages, mailOutbox, sessions, users } from '../../db/schema';

let nextAddress = 1;
/** Each post from its own client address unless a test says otherwise, so per-address limits stay out of the way. */
const freshAddress = () => `10.30.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * The public forms posted by the browser itself (JavaScript off, or not loaded yet): answered with
 * a 303, through the same rules as the app's JSON calls, never putting what was typed in the URL.
 */
describe('public forms posted without JavaScript', () => {
  const ctx = useTestApp(() => ({ PASSWORD_ATTEMPTS_PER_ACCOUNT: '3' }));

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/forms/${path}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshAddress(), ...headers },
      payload: form(fields),
    });

  const cookiesOf = (response: { headers: Record<string, unknown> }) => {
    const header = response.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? (header as string[]) : [String(header)];
  };
  const sessionCookieOf = (response: { headers: Record<string, unknown> }) => cookiesOf(response).find((cookie) => cookie.startsWith('marketplace.session_token='));

  async function sessionFor(cookie: string) {
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: cookie.split(';')[0]! } });
    return session.json() as { user: { email: string } } | null;
  }

  it('sign-in: the right password sets the session cookie (HttpOnly, SameSite=Lax) and goes on to the page named by next', async () => {
    const user = await signedInUser(ctx.app);
    const response = await post('sign-in', { email: user.email, password: TEST_PASSWORD, next: '/shop' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/shop');
    const cookie = sessionCookieOf(response);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await sessionFor(cookie!))?.user.email).toBe(user.email);
  });

  it('sign-in: a wrong password comes back to the sign-in form with the invalid-credentials notice, no cookie, and nothing typed in the URL', async () => {
    const user = await signedInUser(ctx.app);
    const response = await post('sign-in', { email: user.email, password: 'Wrong0pass!', next: '/shop' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/register?mode=signin&next=%2Fshop&notice=INVALID_CREDENTIALS');
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('sign-in: `next` off the site is dropped (no open redirect)', async () => {
    const user = await signedInUser(ctx.app);
    const response = await post('sign-in', { email: user.email, password: TEST_PASSWORD, next: '//evil.example/' });
    expect(response.headers.location).toBe('/');
  });

  it("sign-in: wrong passwords posted by the form count against the account's attempts like the app's, and lock the app's call out too", async () => {
    const user = await signedInUser(ctx.app);
    // PASSWORD_ATTEMPTS_PER_ACCOUNT is 3 here; each post comes from another address.
    for (let attempt = 0; attempt < 3; attempt++) await post('sign-in', { email: user.email, password: 'Wrong0pass!' });
    const formAttempt = await post('sign-in', { email: user.email, password: TEST_PASSWORD });
    expect(formAttempt.headers.location).toBe('/register?mode=signin&notice=RATE_LIMITED');
    expect(sessionCookieOf(formAttempt)).toBeUndefined();
    const appAttempt = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(appAttempt.statusCode).toBe(429);
  });

  it('sign-up: the password rules refuse a weak password (no account), a good one creates the account in the page\'s language and signs in', async () => {
    const email = `form-${nextAddress}@example.com`;
    const weak = await post('sign-up', { email, password: 'nouppercase1', language: 'en' });
    expect(weak.headers.location).toBe('/register?notice=VALIDATION_FAILED');
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const created = await post('sign-up', { email, password: TEST_PASSWORD, language: 'en' });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/');
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.language).toBe('en');
    expect((await sessionFor(sessionCookieOf(created)!))?.user.email).toBe(email);

    const again = await post('sign-up', { email, password: TEST_PASSWORD });
    expect(again.headers.location).toBe('/register?notice=EMAIL_TAKEN');
  });

  it('reset request: mails the link to an account and says it was sent, the same for an unknown address', async () => {
    const user = await signedInUser(ctx.app);
    const known = await post('password-reset', { email: user.email });
    const unknown = await post('password-reset', { email: 'nobody-at-all@example.com' });
    expect(known.headers.location).toBe('/register?mode=forgot&notice=RESET_LINK_SENT');
    expect(unknown.headers.location).toBe(known.headers.location);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(mails.map((mail) => mail.kind)).toEqual(['password-reset']);
  });

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site without an Origin', { origin: '', 'sec-fetch-site': 'cross-site' }],
  ])('a post from another site is refused without a session cookie too (%s): no sign-in, no message', async (_name, site) => {
    const user = await signedInUser(ctx.app);
    const headers = Object.fromEntries(Object.entries(site).filter(([, value]) => value !== ''));
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/forms/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshAddress(), ...headers },
      payload: form({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ error: { code: 'CROSS_SITE_REQUEST' } });
    expect(sessionCookieOf(signIn)).toBeUndefined();
    const before = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(before).toHaveLength(1);

    const email = `forged-${nextAddress}@example.com`;
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshAddress(), ...headers },
      payload: form({ email, name: 'Ana', message: 'Hola, quisiera saber más de los cursos.' }),
    });
    expect(contact.statusCode).toBe(403);
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });

  it("a post of the site's own page is let through, though the browser names its origin null (the pages' Referrer-Policy is no-referrer)", async () => {
    const user = await signedInUser(ctx.app);
    const response = await post('sign-in', { email: user.email, password: TEST_PASSWORD }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(sessionCookieOf(response)).toBeDefined();
  });

  it('the JSON API still refuses a form post (415): only the form routes read one', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ email: 'someone@example.com', name: 'Ana', message: 'Hola, quisiera saber más de los cursos.' }),
    });
    expect(response.statusCode).toBe(415);
  });
});
