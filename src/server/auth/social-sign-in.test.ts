import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../test/helpers/app';
import { signUpThroughApi } from '../../../test/helpers/auth';
import { startOidcProvider, type TestOidcProvider } from '../../../test/helpers/oidc-provider';
import { accounts, users } from '../db/schema';

const APP_URL = 'http://localhost:3000';

const cookiePairs = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((cookie) => cookie.split(';')[0]!);

/**
 * Plays the browser between the app and the identity provider: starts Google sign-in on the
 * app, follows the provider's redirects (with its cookies) until it sends the browser back to
 * the app's callback, then calls the callback with the app's cookies.
 */
async function signInWithGoogle(ctx: TestContext, appCookies: string[] = []) {
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: APP_URL, 'content-type': 'application/json', ...(appCookies.length ? { cookie: appCookies.join('; ') } : {}) },
    payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/register' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url, redirect } = start.json() as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  const cookies = [...appCookies, ...cookiePairs(start.headers['set-cookie'])];

  const providerJar = new Map<string, string>();
  let next = url;
  for (let hop = 0; !next.startsWith(APP_URL); hop += 1) {
    expect(hop, 'too many redirects at the provider').toBeLessThan(10);
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...providerJar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const pair of response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!)) {
      const [name, ...value] = pair.split('=');
      providerJar.set(name!, value.join('='));
    }
    const location = response.headers.get('location');
    expect(location, `provider answered ${response.status} without a redirect: ${await response.text()}`).toBeTruthy();
    next = new URL(location!, next).toString();
  }

  const callback = await ctx.app.inject({ url: next.slice(APP_URL.length), headers: { cookie: cookies.join('; ') } });
  return { callback, sessionCookies: cookiePairs(callback.headers['set-cookie']), authorizeUrl: new URL(url) };
}

describe('Google sign-in through OpenID Connect (local provider)', () => {
  let provider: TestOidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [`${APP_URL}/api/auth/callback/google`] });
  });
  afterAll(async () => {
    await provider?.close();
  });
  const ctx = useTestApp(() => ({
    PUBLIC_URL: APP_URL,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
    ADMIN_EMAILS: 'chief@gmail.example, unproven@gmail.example',
  }));

  it('tells the web app that Google is configured and the others are not', async () => {
    const response = await ctx.app.inject({ url: '/api/auth-providers' });
    expect(response.json()).toEqual({ google: true, github: false, facebook: false, twitter: false });
  });

  it('goes through the whole redirect flow and ends signed in as a new user with the provider’s e-mail', async () => {
    provider.setAccount({ email: 'Sofia.Ruiz@gmail.example', name: 'Sofía Ruiz', picture: 'https://images.example/sofia.png' });
    const { callback, sessionCookies, authorizeUrl } = await signInWithGoogle(ctx);

    // The authorization request is the standard code flow with PKCE, a state and a nonce.
    expect(authorizeUrl.origin).toBe(provider.issuer);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();

    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: sessionCookies.join('; ') } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'sofia.ruiz@gmail.example', name: 'sofia.ruiz', image: 'https://images.example/sofia.png', isAdmin: false });
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.userId, me.json().id));
    expect(account).toMatchObject({ providerId: 'google', accountId: 'sofia.ruiz@gmail.example', password: null });
  });

  it('makes an admin of a listed e-mail the provider says is verified (email_verified)', async () => {
    provider.setAccount({ email: 'Chief@gmail.example', emailVerified: true });
    const { sessionCookies } = await signInWithGoogle(ctx);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: sessionCookies.join('; ') } });
    expect(me.json()).toMatchObject({ email: 'chief@gmail.example', isAdmin: true });
  });

  it('does not make an admin of a listed e-mail the provider does not vouch for, then or at a later sign-in', async () => {
    provider.setAccount({ email: 'unproven@gmail.example', emailVerified: false });
    for (let signIn = 0; signIn < 2; signIn += 1) {
      const { sessionCookies } = await signInWithGoogle(ctx);
      const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: sessionCookies.join('; ') } });
      expect(me.json()).toMatchObject({ email: 'unproven@gmail.example', isAdmin: false });
    }
  });

  it('signs the same person into the same account the next time', async () => {
    provider.setAccount({ email: 'repeat@gmail.example' });
    await signInWithGoogle(ctx);
    const { sessionCookies } = await signInWithGoogle(ctx);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: sessionCookies.join('; ') } });
    expect(me.json().email).toBe('repeat@gmail.example');
    expect(await ctx.db.select().from(users)).toHaveLength(1);
  });

  it('does not join a password account holding the same e-mail (unverified), and says so', async () => {
    const existing = await signUpThroughApi(ctx.app, 'both@gmail.example');
    provider.setAccount({ email: 'both@gmail.example' });
    const { callback, sessionCookies } = await signInWithGoogle(ctx);
    const location = new URL(String(callback.headers.location), APP_URL);
    expect(location.pathname).toBe('/register');
    expect(location.searchParams.get('error')).toBe('account_not_linked');
    expect(sessionCookies.filter((cookie) => /session_token=./.test(cookie))).toEqual([]);
    expect(await ctx.db.select().from(accounts).where(eq(accounts.userId, existing.id))).toHaveLength(1);
  });

  it('joins the account once its e-mail is verified', async () => {
    const existing = await signUpThroughApi(ctx.app, 'verified@gmail.example');
    await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
    provider.setAccount({ email: 'verified@gmail.example' });
    const { sessionCookies } = await signInWithGoogle(ctx);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: sessionCookies.join('; ') } });
    expect(me.json().id).toBe(existing.id);
  });

  it('sends a disabled user back to /register with error=ACCOUNT_DISABLED and no session', async () => {
    provider.setAccount({ email: 'blocked@gmail.example' });
    const first = await signInWithGoogle(ctx);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { cookie: first.sessionCookies.join('; ') } });
    await ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, me.json().id));

    const { callback, sessionCookies } = await signInWithGoogle(ctx);
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), APP_URL);
    expect(location.pathname).toBe('/register');
    expect(location.searchParams.get('error')).toBe('ACCOUNT_DISABLED');
    expect(sessionCookies.filter((cookie) => /session_token=./.test(cookie))).toEqual([]);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    provider.setAccount({ email: 'csrf@gmail.example' });
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/register' },
    });
    const state = new URL(start.json().url).searchParams.get('state');
    // The attacker's browser has no state cookie from the app.
    const callback = await ctx.app.inject({ url: `/api/auth/callback/google?code=stolen&state=${state}` });
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers.location)).toMatch(/error=/);
    expect(await ctx.db.select().from(users)).toEqual([]);
  });

  it('refuses a callback URL on another site', async () => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      payload: { provider: 'google', callbackURL: 'https://evil.example/steal' },
    });
    expect(start.statusCode).toBe(403);
  });
});

describe('social providers without credentials', () => {
  const ctx = useTestApp();

  it('are reported as not configured', async () => {
    const response = await ctx.app.inject({ url: '/api/auth-providers' });
    expect(response.json()).toEqual({ google: false, github: false, facebook: false, twitter: false });
  });

  it('cannot be used to sign in', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ctx.config.publicUrl, 'content-type': 'application/json' },
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('GitHub, Facebook and Twitter/X with credentials', () => {
  const ctx = useTestApp({
    GITHUB_CLIENT_ID: 'gh-id',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    TWITTER_CLIENT_ID: 'tw-id',
    TWITTER_CLIENT_SECRET: 'tw-secret',
  });

  it('are reported only when configured, and their sign-in starts at the provider', async () => {
    expect((await ctx.app.inject({ url: '/api/auth-providers' })).json()).toEqual({ google: false, github: true, facebook: false, twitter: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ctx.config.publicUrl, 'content-type': 'application/json' },
      payload: { provider: 'github', callbackURL: '/' },
    });
    expect(response.statusCode).toBe(200);
    expect(new URL(response.json().url).origin).toBe('https://github.com');
  });
});
