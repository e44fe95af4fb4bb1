import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../helpers/app';
import { signedInUser } from '../helpers/auth';
import { cartItems, sessions, users } from '../../src/server/db/schema';
import { createCourse, createTeacher } from '../../src/server/db/factories';

/**
 * Cross-site request forgery: a page on another site makes the browser send a
 * state-changing request to the API with the victim's session cookie attached.
 */
describe('cross-site requests carrying the session cookie', () => {
  const ctx = useTestApp();
  const evil = 'https://evil.example';

  const cartOf = (userId: string) => ctx.db.select().from(cartItems).where(eq(cartItems.userId, userId));

  it.each([
    ['an Origin of another site', { origin: evil }],
    ['Origin: null (a sandboxed frame or a data: page)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site without an Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost:3000' }],
  ])('are refused with 403 CROSS_SITE_REQUEST for %s, changing nothing', async (_name, site) => {
    const user = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie: user.cookie, ...site }, payload: { courseId: course.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'CROSS_SITE_REQUEST', message: expect.any(String) } });
    // The refusal still carries the security headers.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(await cartOf(user.id)).toEqual([]);
  });

  it('are refused for every state-changing method: PUT, PATCH and DELETE too', async () => {
    const user = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const headers = { cookie: user.cookie, origin: evil };
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/favourites/${course.id}`, headers });
    const patch = await ctx.app.inject({ method: 'PATCH', url: '/api/users/me', headers, payload: { name: 'Pwned', image: '' } });
    const remove = await ctx.app.inject({ method: 'DELETE', url: '/api/cart', headers });
    const tus = await ctx.app.inject({ method: 'PATCH', url: `/api/uploads/${randomUUID()}`, headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: Buffer.from('x') });
    expect([put.statusCode, patch.statusCode, remove.statusCode, tus.statusCode]).toEqual([403, 403, 403, 403]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe(user.name);
  });

  it.each(['/%61pi/cart', '/%61%70%69/cart', '/api/%63art', '/api/cart/'])(
    'are refused however the path is spelled, as long as the router takes it to the route: %s',
    async (spelling) => {
      const user = await signedInUser(ctx.app);
      const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
      await ctx.db.insert(cartItems).values({ userId: user.id, courseId: course.id });
      const response = await ctx.app.inject({ method: 'DELETE', url: spelling, headers: { cookie: user.cookie, origin: evil, 'sec-fetch-site': 'cross-site' } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
      expect(await cartOf(user.id)).toHaveLength(1);
    },
  );

  it('are refused on the auth routes too (better-auth checks the Origin itself)', async () => {
    const user = await signedInUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: evil }, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('do not stop reading: a cross-site GET still answers', async () => {
    const user = await signedInUser(ctx.app);
    const response = await ctx.app.inject({ url: '/api/cart', headers: { cookie: user.cookie, origin: evil, 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(200);
  });

  it('let the web app’s own same-origin requests through (Origin = PUBLIC_URL, Sec-Fetch-Site: same-origin)', async () => {
    expect(ctx.config.publicUrl).toBe(TEST_ORIGIN);
    const user = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: { courseId: course.id },
    });
    expect(response.statusCode).toBe(201);
    expect(await cartOf(user.id)).toHaveLength(1);
  });

  it('let bearer-token clients and cookie-less requests through, whatever their Origin', async () => {
    const user = await signedInUser(ctx.app);
    const token = randomBytes(24).toString('base64url');
    await ctx.db.insert(sessions).values({ id: randomUUID(), token, userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const course = await createCourse(ctx.db, { ownerId: await createTeacher(ctx.db) });
    const bearer = await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: { authorization: `Bearer ${token}`, origin: evil }, payload: { courseId: course.id } });
    expect(bearer.statusCode).toBe(201);
    // A visitor from anywhere may send the contact form: there is no session to abuse.
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: evil, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Ana', email: 'ana@example.com', message: 'Hola, quiero saber más de los cursos.' },
    });
    expect(contact.statusCode).toBeLessThan(300);
  });

  it('leave the signed payment webhook alone: the provider calls it from its own servers', async () => {
    const user = await signedInUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { cookie: user.cookie, origin: evil, 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }),
    });
    // Refused for its signature, not for its origin.
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_SIGNATURE');
  });
});
