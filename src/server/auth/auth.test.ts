import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp, type TestContext } from '../../../test/helpers/app';
import { signUpThroughApi, TEST_PASSWORD } from '../../../test/helpers/auth';
import { accounts, sessions, users } from '../db/schema';
import { MAX_SESSIONS_PER_USER } from './auth';

const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

function authCall(ctx: TestContext, path: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: ctx.config.publicUrl, 'content-type': 'application/json', ...headers },
    payload,
  });
}

const cookiesOf = (setCookie: string | string[] | undefined) => (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []);
const cookieHeader = (setCookie: string | string[] | undefined) => cookiesOf(setCookie).map((cookie) => cookie.split(';')[0]).join('; ');

describe('sign-up', () => {
  const ctx = useTestApp();

  it('creates a user named after the e-mail, not an admin, with an argon2id hash and a session', async () => {
    const response = await authCall(ctx, '/sign-up/email', { email: 'Maria.Lopez@Example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users);
    expect(user).toMatchObject({ email: 'maria.lopez@example.com', name: 'maria.lopez', isAdmin: false, disabledAt: null });
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account!.password).toMatch(/^\$argon2id\$/);
    expect(account!.password).not.toContain(TEST_PASSWORD);

    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: cookieHeader(response.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ email: 'maria.lopez@example.com', name: 'maria.lopez', isAdmin: false });
  });

  it('ignores a name, admin or disabled flag sent by the client', async () => {
    const named = await authCall(ctx, '/sign-up/email', { email: 'ana@example.com', password: TEST_PASSWORD, name: 'Someone Else' });
    expect(named.statusCode).toBe(200);
    expect(named.json().user.name).toBe('ana');

    const sneaky = await authCall(ctx, '/sign-up/email', { email: 'eve@example.com', password: TEST_PASSWORD, isAdmin: true, disabledAt: null });
    // Fields the server owns are dropped from the input.
    expect(sneaky.statusCode).toBe(200);
    const [eve] = await ctx.db.select().from(users).where(eq(users.email, 'eve@example.com'));
    expect(eve).toMatchObject({ isAdmin: false, disabledAt: null });
  });

  it('gives a name that is also a page (admin@, contact@) a suffix so the dashboard link stays the user’s', async () => {
    const response = await authCall(ctx, '/sign-up/email', { email: 'contact@shop.example', password: TEST_PASSWORD });
    expect(response.json().user.name).toBe('contact-user');
  });

  it('keeps a picture only when it is an http(s) link', async () => {
    const response = await authCall(ctx, '/sign-up/email', { email: uniqueEmail(), password: TEST_PASSWORD, image: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users);
    expect(user!.image).toBeNull();
  });

  // Spec section 5: required; 1 uppercase; 1 digit; 8 to 12 characters, checked in that order.
  it.each([
    ['', 'validation.passwordRequired'],
    ['abc', 'validation.passwordUppercase'],
    ['abcdefghij', 'validation.passwordUppercase'],
    ['Abc', 'validation.passwordDigit'],
    ['Abcdefghij', 'validation.passwordDigit'],
    ['Abc1', 'validation.passwordLength'],
    ['Abcdefghij123', 'validation.passwordLength'],
  ])('refuses the password %j with %s only, and creates nothing', async (password, key) => {
    const response = await authCall(ctx, '/sign-up/email', { email: uniqueEmail(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), fields: { password: [key] } },
    });
    expect(await ctx.db.select().from(users)).toEqual([]);
  });

  it.each([
    ['Abcdefg1', 8],
    ['Abcdefghij12', 12],
  ])('accepts %j (%i characters)', async (password) => {
    const response = await authCall(ctx, '/sign-up/email', { email: uniqueEmail(), password });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['', 'validation.emailRequired'],
    ['   ', 'validation.emailRequired'],
    ['not-an-email', 'validation.emailInvalid'],
    ['a@b', 'validation.emailInvalid'],
  ])('refuses the e-mail %j with %s', async (email, key) => {
    const response = await authCall(ctx, '/sign-up/email', { email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: [key] } });
  });

  it('refuses an e-mail already registered, whatever its case, with EMAIL_TAKEN', async () => {
    await signUpThroughApi(ctx.app, 'taken@example.com');
    const response = await authCall(ctx, '/sign-up/email', { email: 'Taken@Example.com', password: 'Other12345' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('EMAIL_TAKEN');
    expect(await ctx.db.select().from(users)).toHaveLength(1);
  });

  it('answers a body that is not JSON with a 4xx in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toEqual(expect.any(String));
  });
});

describe('sign-in', () => {
  const ctx = useTestApp();

  it('signs in with the right password and sets the session cookie', async () => {
    const user = await signUpThroughApi(ctx.app, 'pedro@example.com');
    const response = await authCall(ctx, '/sign-in/email', { email: 'PEDRO@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieHeader(response.headers['set-cookie']) } });
    expect(session.json().user.email).toBe('pedro@example.com');
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per account: signing in on one more device ends the oldest`, async () => {
    const user = await signUpThroughApi(ctx.app);
    const longAgo = Date.now() - 24 * 60 * 60 * 1000;
    const older = Array.from({ length: MAX_SESSIONS_PER_USER }, (_, index) => ({
      id: randomUUID(),
      token: randomUUID(),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(longAgo + index * 1000),
      updatedAt: new Date(longAgo + index * 1000),
    }));
    await ctx.db.insert(sessions).values(older);
    const response = await authCall(ctx, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const kept = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(kept).toHaveLength(MAX_SESSIONS_PER_USER);
    const keptIds = new Set(kept.map((row) => row.id));
    // The two oldest made room for the sign-in; the sign-up's own session, newer, stays.
    expect(older.filter((session) => !keptIds.has(session.id)).map((session) => session.id)).toEqual([older[0]!.id, older[1]!.id]);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way: INVALID_CREDENTIALS', async () => {
    await signUpThroughApi(ctx.app, 'pedro@example.com');
    const wrongPassword = await authCall(ctx, '/sign-in/email', { email: 'pedro@example.com', password: 'Wrong12345' });
    const unknownEmail = await authCall(ctx, '/sign-in/email', { email: 'nobody@example.com', password: TEST_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: expect.any(String) } });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(cookiesOf(wrongPassword.headers['set-cookie'])).toEqual([]);
  });

  it('answers INVALID_CREDENTIALS for an account that has no password (signed up with Google)', async () => {
    await ctx.db.insert(users).values({ id: randomUUID(), name: 'g', email: 'g@example.com' });
    const response = await authCall(ctx, '/sign-in/email', { email: 'g@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('signs out: the session stops working', async () => {
    const user = await signUpThroughApi(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: user.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(cookiesOf(out.headers['set-cookie']).join(';')).toMatch(/Max-Age=0/);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });

  it('refuses state-changing calls with a session cookie from another origin', async () => {
    const user = await signUpThroughApi(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('does not offer better-auth endpoints that would bypass the product’s rules', async () => {
    const user = await signUpThroughApi(ctx.app);
    const update = await authCall(ctx, '/update-user', { image: 'javascript:alert(1)' }, { cookie: user.cookie });
    expect(update.statusCode).toBe(404);
    // The e-mail changes through the app's own flow (email-change.test.ts), which asks for the password.
    const changeEmail = await authCall(ctx, '/change-email', { newEmail: 'admin@example.com' }, { cookie: user.cookie });
    expect(changeEmail.statusCode).toBe(404);
    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('applies the password rules to a password change too', async () => {
    const user = await signUpThroughApi(ctx.app);
    const weak = await authCall(ctx, '/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'weakpassword' }, { cookie: user.cookie });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { newPassword: ['validation.passwordUppercase'] } });
    const strong = await authCall(ctx, '/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Strong1234' }, { cookie: user.cookie });
    expect(strong.statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  const ctx = useTestApp();
  const me = (cookie: string) => ctx.app.inject({ url: '/api/users/me', headers: { cookie } });

  it('ends the account’s other sessions, even when the client asks to keep them, and keeps the caller signed in', async () => {
    const user = await signUpThroughApi(ctx.app);
    const otherDevice = cookieHeader((await authCall(ctx, '/sign-in/email', { email: user.email, password: TEST_PASSWORD })).headers['set-cookie']);
    expect((await me(otherDevice)).statusCode).toBe(200);

    const changed = await authCall(ctx, '/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Strong1234', revokeOtherSessions: false }, { cookie: user.cookie });
    expect(changed.statusCode, changed.body).toBe(200);

    const refused = await me(otherDevice);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
    // The caller's browser takes the new session cookie from the answer and stays signed in.
    const callerNow = cookieHeader(changed.headers['set-cookie']);
    expect(callerNow).toMatch(/marketplace\.session_token=./);
    expect((await me(callerNow)).json()).toMatchObject({ id: user.id });
    // A bearer-token client takes the new token from the answer instead.
    const bearer = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${changed.headers['set-auth-token']}` } });
    expect(bearer.json()).toMatchObject({ id: user.id });
    // Only the caller's new session is left.
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await authCall(ctx, '/sign-in/email', { email: user.email, password: 'Strong1234' })).statusCode).toBe(200);
  });

  it('keeps every session when the current password is wrong', async () => {
    const user = await signUpThroughApi(ctx.app);
    const otherDevice = cookieHeader((await authCall(ctx, '/sign-in/email', { email: user.email, password: TEST_PASSWORD })).headers['set-cookie']);
    const wrong = await authCall(ctx, '/change-password', { currentPassword: 'Wr0ngPass1', newPassword: 'Strong1234' }, { cookie: user.cookie });
    expect(wrong.statusCode).toBe(400);
    expect((await me(otherDevice)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });
});

describe('session cookie over http', () => {
  const ctx = useTestApp();

  it('is HttpOnly and SameSite=Lax, not Secure (the browser would drop it on http)', async () => {
    const response = await authCall(ctx, '/sign-up/email', { email: uniqueEmail(), password: TEST_PASSWORD });
    const session = cookiesOf(response.headers['set-cookie']).find((cookie) => cookie.startsWith('marketplace.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
  });
});

describe('session cookie under https', () => {
  const ctx = useTestApp({ PUBLIC_URL: 'https://cursos.example.com', SEED_DEMO_DATA: 'false', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' });

  it('is Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await authCall(ctx, '/sign-up/email', { email: uniqueEmail(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const session = cookiesOf(response.headers['set-cookie']).find((cookie) => cookie.includes('marketplace.session_token='));
    expect(session).toMatch(/^__Secure-marketplace\.session_token=/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });
});

describe('bearer tokens', () => {
  const ctx = useTestApp();

  it('lets a non-browser client sign in without cookies or Origin and call the API with the token', async () => {
    await signUpThroughApi(ctx.app, 'app@example.com');
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: { email: 'app@example.com', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.headers['set-auth-token'];
    expect(typeof token).toBe('string');

    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('app@example.com');

    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Mobile App', image: '' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().name).toBe('Mobile App');
  });

  it('refuses a made-up or signed-out token', async () => {
    const forged = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: 'Bearer not-a-real-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('UNAUTHENTICATED');

    const user = await signUpThroughApi(ctx.app);
    const signIn = await authCall(ctx, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    const token = String(signIn.headers['set-auth-token']);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { authorization: `Bearer ${token}` }, payload: {} });
    const after = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
  });
});

/** A GET whose path reaches the server exactly as written (fetch and inject would normalise it). */
function rawGet(address: string, path: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${address}/`, { path, headers: { cookie } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('disabled accounts', () => {
  const ctx = useTestApp();
  const disable = (id: string) => ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));

  it('cannot sign in: the right password gets ACCOUNT_DISABLED, a wrong one INVALID_CREDENTIALS', async () => {
    const user = await signUpThroughApi(ctx.app, 'gone@example.com');
    await disable(user.id);
    const right = await authCall(ctx, '/sign-in/email', { email: 'gone@example.com', password: TEST_PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json().error.code).toBe('ACCOUNT_DISABLED');
    expect(cookiesOf(right.headers['set-cookie']).some((cookie) => /session_token=[^;]+;/.test(cookie) && !/Max-Age=0/.test(cookie))).toBe(false);
    const wrong = await authCall(ctx, '/sign-in/email', { email: 'gone@example.com', password: 'Wrong12345' });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('loses an open session at once: every call answers 401 ACCOUNT_DISABLED, sign-out included, which ends the sessions and clears the cookie', async () => {
    const user = await signUpThroughApi(ctx.app);
    const signIn = await authCall(ctx, '/sign-in/email', { email: user.email, password: TEST_PASSWORD });
    const bearer = { authorization: `Bearer ${String(signIn.headers['set-auth-token'])}` };
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(200);

    await disable(user.id);
    // Written straight to the database, as another process would: the app learns it from the database's notice.
    await ctx.app.sessionInvalidation.sync();
    for (const headers of [user.headers, bearer]) {
      const response = await ctx.app.inject({ url: '/api/users/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('ACCOUNT_DISABLED');
    }
    const patch = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers: user.headers, payload: { name: 'x', image: '' } });
    expect(patch.json().error.code).toBe('ACCOUNT_DISABLED');

    // Any auth endpoint (sign-out too) refuses, and ends every session of the account on the way.
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: user.headers, payload: {} });
    expect(out.statusCode).toBe(401);
    expect(out.json().error.code).toBe('ACCOUNT_DISABLED');
    expect(String(out.headers['set-cookie'])).toMatch(/marketplace\.session_token=;.*Max-Age=0/);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    for (const headers of [user.headers, bearer]) {
      expect((await ctx.app.inject({ url: '/api/auth/list-sessions', headers })).statusCode).toBe(401);
    }
  });

  it('hands better-auth a URL built from PUBLIC_URL and the matched path, whatever Host the client sent', async () => {
    const seen: string[] = [];
    const handler = ctx.app.auth.handler;
    ctx.app.auth.handler = async (request: Request) => {
      seen.push(`${request.url} ${request.headers.get('host')}`);
      return handler(request);
    };
    try {
      const response = await ctx.app.inject({ url: '/api/auth/get-session?disableCookieCache=true', headers: { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example' } });
      expect(response.statusCode).toBe(200);
    } finally {
      ctx.app.auth.handler = handler;
    }
    const publicUrl = new URL(ctx.config.publicUrl);
    expect(seen).toEqual([`${publicUrl.origin}/api/auth/get-session?disableCookieCache=true ${publicUrl.host}`]);
  });

  it('reaches no auth endpoint through a path the URL parser would read as another one', async () => {
    const user = await signUpThroughApi(ctx.app);
    await disable(user.id);
    // Sent over a real socket: inject would tidy the path before the router saw it.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // `sign-in/../list-sessions` passed the old "works without a session" test, and the URL parser then ran list-sessions.
      for (const path of ['/api/auth/sign-in/../list-sessions', '/api/auth/sign-in/%2e%2e/list-sessions', '/api/auth/sign-in/.%2E/list-sessions']) {
        const response = await rawGet(address, path, user.cookie);
        expect(response.status, path).toBeGreaterThanOrEqual(400);
        expect(response.status, path).toBeLessThan(500);
        expect(JSON.parse(response.body).error, path).toBeDefined();
      }
    } finally {
      await ctx.app.server.close();
    }
  });


  it('works again once an admin enables the account', async () => {
    const user = await signUpThroughApi(ctx.app);
    await disable(user.id);
    await ctx.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAILS', () => {
  const ctx = useTestApp({ ADMIN_EMAILS: 'Boss@Example.com, second@example.com' });
  const isAdmin = async (cookie: string) => (await ctx.app.inject({ url: '/api/users/me', headers: { cookie } })).json().isAdmin;
  const signIn = async (email: string) => cookieHeader((await authCall(ctx, '/sign-in/email', { email, password: TEST_PASSWORD })).headers['set-cookie']);

  it('does not make an admin of whoever signs up with a listed address: a password sign-up has not proved it', async () => {
    const squatter = await signUpThroughApi(ctx.app, 'Boss@example.com');
    const other = await signUpThroughApi(ctx.app, 'worker@example.com');
    expect(await isAdmin(squatter.cookie)).toBe(false);
    expect(await isAdmin(other.cookie)).toBe(false);
    // Nor on any later sign-in while the address stays unverified.
    expect(await isAdmin(await signIn('boss@example.com'))).toBe(false);
    expect((await ctx.db.select({ isAdmin: users.isAdmin }).from(users)).every((user) => !user.isAdmin)).toBe(true);
  });

  it('promotes a listed account at its next sign-in once its e-mail is verified', async () => {
    const user = await signUpThroughApi(ctx.app, 'second@example.com');
    await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect(await isAdmin(await signIn('second@example.com'))).toBe(true);
  });

  it('never promotes a verified address that is not listed', async () => {
    const user = await signUpThroughApi(ctx.app, 'verified-but-unlisted@example.com');
    await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect(await isAdmin(await signIn('verified-but-unlisted@example.com'))).toBe(false);
  });
});
