import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../test/helpers/app';
import { signUpThroughApi, TEST_PASSWORD, type TestUser } from '../../../test/helpers/auth';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { rateLimits } from '../db/schema';
import { databaseCounter } from '../db/rate-limit-counter';
import { passwordAttemptLimits } from './password-attempts';

const { perAddress } = passwordAttemptLimits;
/** The default PASSWORD_ATTEMPTS_PER_ACCOUNT, which the test apps use. */
const perAccount = { ...passwordAttemptLimits.perAccount, max: loadConfig({}).passwordAttemptsPerAccount };
const WRONG_PASSWORD = 'Wr0ngPass1';

/** A new client address each call, as an attacker with many machines (or a botnet) has. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function post(app: App, url: string, payload: object, ip: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${url}`,
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    payload,
  });
}

const signIn = (app: App, email: string, password: string, ip = randomIp()) => post(app, '/sign-in/email', { email, password }, ip);
const changePassword = (app: App, user: TestUser, currentPassword: string, ip = randomIp()) =>
  post(app, '/change-password', { currentPassword, newPassword: 'Strong1234' }, ip, { cookie: user.cookie });
const verifyPassword = (app: App, user: TestUser, password: string, ip = randomIp()) => post(app, '/verify-password', { password }, ip, { cookie: user.cookie });

function expectRateLimited(response: Awaited<ReturnType<typeof post>>, maxWaitSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.code).toBe('RATE_LIMITED');
  const wait = Number(response.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWaitSeconds);
}

/** Spends an account's whole allowance with wrong passwords, each from a new client address. */
async function exhaustAccount(app: App, email: string) {
  for (let attempt = 1; attempt <= perAccount.max; attempt += 1) {
    const response = await signIn(app, attempt % 2 ? email : email.toUpperCase(), WRONG_PASSWORD);
    expect(response.statusCode, `attempt ${attempt}`).toBe(401);
  }
}

function accountCounterTests(ctx: TestContext) {
  it(`allows ${perAccount.max} sign-in attempts on one account per ${perAccount.window / 60} minutes from any number of addresses, then even the right password gets 429 with Retry-After`, async () => {
    const victim = await signUpThroughApi(ctx.app);
    await exhaustAccount(ctx.app, victim.email);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), perAccount.window);
    expectRateLimited(await signIn(ctx.app, victim.email, WRONG_PASSWORD), perAccount.window);
    // Other accounts, from the same kind of addresses, are not held back.
    const other = await signUpThroughApi(ctx.app);
    expect((await signIn(ctx.app, other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts an unknown e-mail like a known one, so the limit tells nothing about which accounts exist', async () => {
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    await exhaustAccount(ctx.app, nobody);
    expectRateLimited(await signIn(ctx.app, nobody, WRONG_PASSWORD), perAccount.window);
  });
}

describe('password attempts (counters in the database)', () => {
  const ctx = useTestApp();

  accountCounterTests(ctx);

  it(`allows ${perAddress.max} sign-in attempts a minute from one address, then answers 429 with a standard Retry-After header`, async () => {
    const ip = randomIp();
    for (let attempt = 0; attempt < perAddress.max; attempt += 1) {
      expect((await signIn(ctx.app, `guess-${attempt}@example.com`, WRONG_PASSWORD, ip)).statusCode).toBe(401);
    }
    expectRateLimited(await signIn(ctx.app, 'guess-last@example.com', WRONG_PASSWORD, ip), perAddress.window);
  });

  it('limits changing the password per account across addresses, sharing the allowance with sign-in', async () => {
    const user = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < perAccount.max / 2; attempt += 1) {
      expect((await signIn(ctx.app, user.email, WRONG_PASSWORD)).statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < perAccount.max / 2; attempt += 1) {
      const wrong = await changePassword(ctx.app, user, WRONG_PASSWORD);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    expectRateLimited(await changePassword(ctx.app, user, TEST_PASSWORD), perAccount.window);
    // The session itself keeps working; only password checks wait.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: user.headers })).statusCode).toBe(200);
  });

  it(`limits changing the password to ${perAddress.max} attempts a minute from one address`, async () => {
    const user = await signUpThroughApi(ctx.app);
    const ip = randomIp();
    for (let attempt = 0; attempt < perAddress.max; attempt += 1) {
      expect((await changePassword(ctx.app, user, WRONG_PASSWORD, ip)).statusCode).toBe(400);
    }
    expectRateLimited(await changePassword(ctx.app, user, TEST_PASSWORD, ip), perAddress.window);
  });

  it('offers no verify-password (a password oracle for whoever holds a session): the web app never calls it', async () => {
    const user = await signUpThroughApi(ctx.app);
    for (const password of [WRONG_PASSWORD, TEST_PASSWORD]) {
      const response = await verifyPassword(ctx.app, user, password);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('keeps an account’s counter for its whole window when better-auth prunes its own expired rows', async () => {
    const victim = await signUpThroughApi(ctx.app);
    await exhaustAccount(ctx.app, victim.email);
    // Ten minutes into the window (still closed), a better-auth counter of some client expires...
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - 10 * 60_000 }).where(like(rateLimits.key, 'password-attempts:%'));
    const ip = randomIp();
    expect((await signIn(ctx.app, 'someone@example.com', WRONG_PASSWORD, ip)).statusCode).toBe(401);
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - 5 * 60_000 }).where(like(rateLimits.key, `%${ip}%`));
    // ...and its next request resets it, which prunes rows older than the longest window better-auth knows.
    expect((await signIn(ctx.app, 'someone@example.com', WRONG_PASSWORD, ip)).statusCode).toBe(401);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), perAccount.window);
  });

  it('locks nobody out for longer than the window: once it has passed, the owner signs in', async () => {
    const victim = await signUpThroughApi(ctx.app);
    await exhaustAccount(ctx.app, victim.email);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), perAccount.window);
    await ctx.db
      .update(rateLimits)
      .set({ lastRequest: Date.now() - perAccount.window * 1000 })
      .where(eq(rateLimits.key, `password-attempts:account:${victim.email}`));
    expect((await signIn(ctx.app, victim.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts concurrent attempts atomically', async () => {
    const counter = databaseCounter(ctx.db);
    const key = `password-attempts:test:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 12 }, () => counter.consume(key, { window: 60, max: 5 })));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.find((result) => !result.allowed)?.retryAfter).toBeGreaterThan(0);
  });

  describe('across processes', () => {
    const second = {} as { app: App; dir: string };
    beforeAll(async () => {
      second.dir = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
      const config = { ...loadConfig({ DATA_DIR: second.dir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' }), webDistDir: undefined };
      second.app = await buildApp(config, { database: await testDatabase(), logger: false });
    });
    afterAll(async () => {
      await second.app?.close();
      if (second.dir) rmSync(second.dir, { recursive: true, force: true });
    });

    it('shares one account’s count between two app instances on the same database', async () => {
      const victim = await signUpThroughApi(ctx.app);
      for (let attempt = 0; attempt < perAccount.max; attempt += 1) {
        expect((await signIn(attempt % 2 ? ctx.app : second.app, victim.email, WRONG_PASSWORD)).statusCode).toBe(401);
      }
      expectRateLimited(await signIn(second.app, victim.email, TEST_PASSWORD), perAccount.window);
      expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), perAccount.window);
    });
  });
});

describe('password attempts with PASSWORD_ATTEMPTS_PER_ACCOUNT set', () => {
  const ctx = useTestApp({ PASSWORD_ATTEMPTS_PER_ACCOUNT: '3' });

  it('allows that many attempts per account', async () => {
    const user = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signIn(ctx.app, user.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expectRateLimited(await signIn(ctx.app, user.email, TEST_PASSWORD), perAccount.window);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

describe.skipIf(!redisUrl)('password attempts (counters in Redis, REDIS_URL)', () => {
  const ctx = useTestApp({ REDIS_URL: redisUrl ?? '' });

  accountCounterTests(ctx);

  it('keeps no counters in the database', async () => {
    const victim = await signUpThroughApi(ctx.app);
    expect((await signIn(ctx.app, victim.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expect(await ctx.db.select().from(rateLimits)).toEqual([]);
  });
});
