import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/helpers/app';
import { signedInAdmin, signUpThroughApi, TEST_PASSWORD } from '../../../test/helpers/auth';
import { authEndpoints } from '../../shared/endpoints/accounts';
import type { Endpoint } from '../../shared/endpoints/endpoint';
import { createCourse } from '../db/factories';
import { sessions } from '../db/schema';

describe('better-auth endpoints', () => {
  const ctx = useTestApp();

  const secondSession = async (email: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-auth-token']);
  };

  it('answers list-sessions and get-session without any session token, by cookie and by bearer token', async () => {
    const user = await signUpThroughApi(ctx.app);
    const otherDevice = await secondSession(user.email);
    const stored = await ctx.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(2);
    for (const headers of [user.headers, { authorization: `Bearer ${user.bearerToken}` }, { authorization: `Bearer ${otherDevice}` }]) {
      const list = await ctx.app.inject({ url: '/api/auth/list-sessions', headers });
      expect(list.statusCode).toBe(200);
      const rows = list.json() as Array<Record<string, unknown>>;
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toMatchObject({ id: expect.any(String), userId: user.id });
        expect(row).not.toHaveProperty('token');
      }
      const session = await ctx.app.inject({ url: '/api/auth/get-session', headers });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ session: { userId: user.id }, user: { id: user.id } });
      expect(session.json().session).not.toHaveProperty('token');
      for (const { token } of stored) {
        expect(list.body).not.toContain(token);
        expect(session.body).not.toContain(token);
      }
    }
  });

  it('switches off every better-auth endpoint the web app does not use: 404 in the error shape, and nothing changes', async () => {
    const user = await signUpThroughApi(ctx.app);
    await secondSession(user.email);
    const unused: Array<['GET' | 'POST', string, object?]> = [
      ['POST', 'update-user', { name: 'x' }],
      ['POST', 'delete-user', { password: TEST_PASSWORD }],
      ['POST', 'revoke-session', { token: 'x' }],
      ['POST', 'revoke-sessions', {}],
      ['POST', 'revoke-other-sessions', {}],
      ['POST', 'verify-password', { password: TEST_PASSWORD }],
      ['POST', 'link-social', { provider: 'github' }],
      ['POST', 'unlink-account', { providerId: 'credential' }],
      ['POST', 'update-session', {}],
      ['POST', 'refresh-token', { providerId: 'google' }],
      ['POST', 'get-access-token', { providerId: 'google' }],
      ['GET', 'list-accounts'],
      ['GET', 'account-info'],
      ['GET', 'ok'],
      ['GET', 'reset-password/some-token'],
      ['GET', 'delete-user/callback'],
    ];
    for (const [method, endpoint, payload] of unused) {
      const response = await ctx.app.inject({ method, url: `/api/auth/${endpoint}`, headers: user.headers, ...(payload && { payload }) });
      expect(response.statusCode, endpoint).toBe(404);
      expect(response.json(), endpoint).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(200);
  });

  it('still serves every better-auth endpoint the web app declares', async () => {
    const user = await signUpThroughApi(ctx.app);
    const declared = Object.values<Endpoint>(authEndpoints).filter((endpoint) => endpoint.servedBy === 'auth-handler');
    expect(declared.length).toBeGreaterThan(5);
    for (const endpoint of declared) {
      const response = await ctx.app.inject({
        method: endpoint.method as 'GET' | 'POST',
        url: endpoint.path,
        headers: { ...user.headers, 'x-forwarded-for': '10.77.0.2' },
        ...(endpoint.method === 'POST' && { payload: {} }),
      });
      expect(response.statusCode, endpoint.path).not.toBe(404);
      expect(response.statusCode, endpoint.path).toBeLessThan(500);
    }
  });

  it('catches the kept sessions up after the endpoints whose entries say they change sessions, as the router matched them', async () => {
    const user = await signUpThroughApi(ctx.app);
    const caughtUp = vi.spyOn(ctx.app.sessionInvalidation, 'sync');
    try {
      const call = (method: 'GET' | 'POST', url: string) =>
        ctx.app.inject({ method, url, headers: { ...user.headers, 'x-forwarded-for': '10.77.0.3' }, ...(method === 'POST' && { payload: {} }) });
      // Reading the session changes nothing, however the path is spelled.
      await call('GET', '/api/auth/get-session');
      await call('GET', '/api/auth/get%2Dsession');
      expect(caughtUp).not.toHaveBeenCalled();
      // A verification link is opened with GET and may grant the admin role.
      await call('GET', '/api/auth/verify-email?token=x');
      expect(caughtUp).toHaveBeenCalledTimes(1);
      // An endpoint the table does not list (a provider's callback) is taken to change sessions.
      await call('GET', '/api/auth/callback/github');
      expect(caughtUp).toHaveBeenCalledTimes(2);
      expect((await call('POST', '/api/auth/sign-out')).statusCode).toBe(200);
      expect(caughtUp).toHaveBeenCalledTimes(3);
    } finally {
      caughtUp.mockRestore();
    }
  });

  it('answers a signed-in caller with Cache-Control: private, no-store (sessions, sign-in), and leaves public cacheable answers theirs', async () => {
    const user = await signUpThroughApi(ctx.app);
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions']) {
      for (const headers of [user.headers, { authorization: `Bearer ${user.bearerToken}` }]) {
        const response = await ctx.app.inject({ url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('private, no-store');
      }
    }
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.3' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('private, no-store');
    // The same for everyone, whoever asks: a signed-in caller's cookie changes nothing.
    for (const url of ['/api/auth-providers', '/api/categories']) {
      const visitor = await ctx.app.inject({ url });
      const signedIn = await ctx.app.inject({ url, headers: user.headers });
      expect(signedIn.headers['cache-control'], url).toBe(visitor.headers['cache-control']);
    }
    expect((await ctx.app.inject({ url: '/api/auth-providers', headers: user.headers })).headers['cache-control']).toBe('public, max-age=300');
    // A public route whose answer depended on who asked: a disabled course's reviews, shown to admins only.
    const admin = await signedInAdmin(ctx.app);
    const course = await createCourse(ctx.db, { disabledAt: new Date() });
    const reviews = await ctx.app.inject({ url: `/api/courses/${course.id}/reviews`, headers: admin.headers });
    expect(reviews.statusCode).toBe(200);
    expect(reviews.headers['cache-control']).toBe('private, no-store');
  });
});
