import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TEST_ORIGIN, useTestApp } from '../../../../test/helpers/app';
import { signedInUser } from '../../../../test/helpers/auth';
import { testDatabase } from '../../../../test/helpers/database';
import { contactMessages, rateLimits } from '../../db/schema';
import { contactRateLimits, sendContactMessage } from './service';

const valid = { email: 'maria@example.test', name: 'María', message: 'Hola, ¿tienen cursos de Rust?' };

describe('contact form', () => {
  const ctx = useTestApp();

  const send = (payload: object, clientAddress = '10.1.1.1', app = ctx.app) =>
    app.inject({ method: 'POST', url: '/api/contact', headers: { origin: TEST_ORIGIN, 'x-forwarded-for': clientAddress }, payload });

  it('stores a message from anyone, trimmed', async () => {
    const response = await send({ email: ' maria@example.test ', name: ' María ', message: `  ${valid.message}  ` });
    expect(response.statusCode).toBe(201);
    const rows = await ctx.db.select().from(contactMessages);
    expect(rows).toEqual([expect.objectContaining({ id: response.json().id, ...valid })]);
  });

  it.each([
    ['email', { email: '' }, 'validation.emailRequired'],
    ['email', { email: 'not-an-email' }, 'validation.emailInvalid'],
    ['name', { name: '   ' }, 'validation.nameRequired'],
    ['message', { message: '' }, 'validation.messageRequired'],
    ['message', { message: 'x'.repeat(9) }, 'validation.messageLength'],
    ['message', { message: 'x'.repeat(351) }, 'validation.messageLength'],
  ])('refuses a bad %s with the form\'s message, storing nothing', async (field, change, message) => {
    const response = await send({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [message] } });
    expect(await ctx.db.select().from(contactMessages)).toEqual([]);
  });

  it('accepts messages of exactly 10 and 350 characters', async () => {
    expect((await send({ ...valid, message: 'x'.repeat(10) })).statusCode).toBe(201);
    expect((await send({ ...valid, message: 'y'.repeat(350) })).statusCode).toBe(201);
  });

  it('limits how often one e-mail address may write, whatever the case of the address', async () => {
    for (let index = 0; index < contactRateLimits.perEmail; index += 1) {
      expect((await send({ ...valid, email: index % 2 ? valid.email.toUpperCase() : valid.email }, `10.2.0.${index}`)).statusCode).toBe(201);
    }
    const refused = await send(valid, '10.2.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.db.select().from(contactMessages)).toHaveLength(contactRateLimits.perEmail);
    // Another address is unaffected.
    expect((await send({ ...valid, email: 'otra@example.test' }, '10.2.1.1')).statusCode).toBe(201);
  });

  it('strangers writing with someone’s address do not use up what the signed-in owner may write', async () => {
    const owner = await signedInUser(ctx.app);
    for (let index = 0; index <= contactRateLimits.perEmail; index += 1) await send({ ...valid, email: owner.email }, `10.4.0.${index}`);
    expect((await send({ ...valid, email: owner.email }, '10.4.1.1')).statusCode).toBe(429);
    const fromOwner = await ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { ...owner.headers, 'x-forwarded-for': '10.4.1.2' }, payload: { ...valid, email: owner.email } });
    expect(fromOwner.statusCode, fromOwner.body).toBe(201);
  });

  it('limits how often one client may write, across addresses', async () => {
    for (let index = 0; index < contactRateLimits.perClient; index += 1) {
      expect((await send({ ...valid, email: `persona${index}@example.test` }, '10.3.3.3')).statusCode).toBe(201);
    }
    expect((await send({ ...valid, email: 'nueva@example.test' }, '10.3.3.3')).statusCode).toBe(429);
    expect((await send({ ...valid, email: 'nueva@example.test' }, '10.3.3.4')).statusCode).toBe(201);
  });

  it('keeps the count in the database, so a second server process sees it', async () => {
    const second = await buildApp(ctx.config, { database: await testDatabase(), logger: false });
    try {
      for (let index = 0; index < contactRateLimits.perEmail; index += 1) {
        const app = index % 2 ? second : ctx.app;
        expect((await send(valid, `10.4.0.${index}`, app)).statusCode).toBe(201);
      }
      expect((await send(valid, '10.4.1.1', second)).statusCode).toBe(429);
      expect((await send(valid, '10.4.1.1', ctx.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('keeps an address’s count for the whole hour, though better-auth prunes its own expired counters in the same table', async () => {
    for (let index = 0; index < contactRateLimits.perEmail; index += 1) expect((await send(valid, `10.6.0.${index}`)).statusCode).toBe(201);
    // Twenty minutes on (still within the hour), a sign-in counter of some client runs out; its next request makes better-auth prune old rows.
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - 20 * 60_000 }).where(like(rateLimits.key, 'contact:%'));
    const signIn = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ctx.config.publicUrl, 'x-forwarded-for': '10.6.9.9' }, payload: { email: 'nobody@example.com', password: 'Wrong12345' } });
    expect((await signIn()).statusCode).toBe(401);
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - 5 * 60_000 }).where(like(rateLimits.key, '%10.6.9.9%'));
    expect((await signIn()).statusCode).toBe(401);
    expect((await send(valid, '10.6.1.1')).statusCode).toBe(429);
  });

  it('lets an address write again once the window has passed', async () => {
    const start = Date.now();
    for (let index = 0; index < contactRateLimits.perEmail; index += 1) await sendContactMessage(ctx.db, valid, `10.5.0.${index}`, start);
    await expect(sendContactMessage(ctx.db, valid, '10.5.1.1', start + 1000)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const later = start + contactRateLimits.windowSeconds * 1000 + 1;
    await expect(sendContactMessage(ctx.db, valid, '10.5.1.1', later)).resolves.toEqual({ id: expect.any(Number) });
  });
});
