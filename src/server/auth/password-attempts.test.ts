import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../test/helpers/app';
import { signUpThroughApi, TEST_PASSWORD, type TestUser } from '../../../test/helpers/auth';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { mailOutbox, rateLimits } from '../db/schema';
import { databaseCounter } from '../db/rate-limit-counter';
import { passwordAttemptLimits, sharedAccountBudget } from './password-attempts';

const { perAddress } = passwordAttemptLimits;
/** The default PASSWORD_ATTEMPTS_PER_ACCOUNT, which the test apps use. */
const perAccount = { ...passwordAttemptLimits.perAccount, max: loadConfig({}).passwordAttemptsPerAccount };
/** What clients that are not a known device of the account share: a burst, then one attempt per interval. */
const shared = sharedAccountBudget(perAccount.max);
const WRONG_PASSWORD = 'Wr0ngPass1';
const NEW_PASSWORD = 'Strong1234';

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

const signIn = (app: App, email: string, password: string, ip = randomIp(), headers: Record<string, string> = {}) =>
  post(app, '/sign-in/email', { email, password }, ip, headers);
const changePassword = (app: App, user: TestUser, currentPassword: string, ip = randomIp()) =>
  post(app, '/change-password', { currentPassword, newPassword: NEW_PASSWORD }, ip, { cookie: user.cookie });
const verifyPassword = (app: App, user: TestUser, password: string, ip = randomIp()) => post(app, '/verify-password', { password }, ip, { cookie: user.cookie });

const cookiesOf = (response: Awaited<ReturnType<typeof post>>) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');

function expectRateLimited(response: Awaited<ReturnType<typeof post>>, maxWaitSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.code).toBe('RATE_LIMITED');
  const wait = Number(response.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWaitSeconds);
}

/**
 * Spends what clients that are not a known device of the account share, with wrong passwords,
 * each from a new client address: the burst, then the one paced attempt of the interval.
 */
async function exhaustAccount(app: App, email: string) {
  for (let attempt = 1; attempt <= shared.burst.max + 1; attempt += 1) {
    const response = await signIn(app, attempt % 2 ? email : email.toUpperCase(), WRONG_PASSWORD);
    expect(response.statusCode, `attempt ${attempt}`).toBe(401);
  }
}

function accountCounterTests(ctx: TestContext) {
  it(`lets clients other than the account’s known devices try ${shared.burst.max} passwords at once, then one per ${shared.paced.window} s, from any number of addresses: past that even the right password gets 429 with Retry-After`, async () => {
    const victim = await signUpThroughApi(ctx.app);
    await exhaustAccount(ctx.app, victim.email);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), shared.paced.window);
    expectRateLimited(await signIn(ctx.app, victim.email, WRONG_PASSWORD), shared.paced.window);
    // Other accounts, from the same kind of addresses, are not held back.
    const other = await signUpThroughApi(ctx.app);
    expect((await signIn(ctx.app, other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('spends the shared budget on failed attempts only: signing in from one new client after another never runs it down', async () => {
    const owner = await signUpThroughApi(ctx.app);
    for (let attempt = 1; attempt <= shared.burst.max + 5; attempt += 1) {
      expect((await signIn(ctx.app, owner.email, TEST_PASSWORD)).statusCode, `sign-in ${attempt}`).toBe(200);
    }
    // The whole budget is still there for clients that guess, and no more.
    await exhaustAccount(ctx.app, owner.email);
    expectRateLimited(await signIn(ctx.app, owner.email, WRONG_PASSWORD), shared.paced.window);
  });

  it('counts an unknown e-mail like a known one, so the limit tells nothing about which accounts exist', async () => {
    const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    await exhaustAccount(ctx.app, nobody);
    expectRateLimited(await signIn(ctx.app, nobody, WRONG_PASSWORD), shared.paced.window);
  });

  it('trusts a known-device cookie only as it was signed, and only while the password it was given under holds', async () => {
    const owner = await signUpThroughApi(ctx.app);
    const deviceCookie = owner.cookie.split('; ').find((cookie) => cookie.includes('known_device_'));
    expect(deviceCookie).toBeDefined();
    const [name, value] = deviceCookie!.split('=') as [string, string];
    const otherBrowser = await signIn(ctx.app, owner.email, TEST_PASSWORD);
    const otherDevice = cookiesOf(otherBrowser).split('; ').find((cookie) => cookie.includes('known_device_'))!;
    expect((await changePassword(ctx.app, owner, TEST_PASSWORD)).statusCode).toBe(200);

    // Strangers spend the shared budget (the other browser's sign-in took a part of it).
    let refused = 0;
    for (let attempt = 0; attempt < perAccount.max && !refused; attempt += 1) refused += Number((await signIn(ctx.app, owner.email, WRONG_PASSWORD)).statusCode === 429);
    expect(refused).toBe(1);
    const tampered = `${name}=${randomUUID()}.${value.split('.')[1]}`;
    expectRateLimited(await signIn(ctx.app, owner.email, NEW_PASSWORD, randomIp(), { cookie: tampered }), shared.paced.window);
    // Given before the password changed: whoever knew the old password keeps no way past the limit.
    expectRateLimited(await signIn(ctx.app, owner.email, NEW_PASSWORD, randomIp(), { cookie: otherDevice }), shared.paced.window);
  });

  it('a stranger’s wrong passwords from many addresses do not stop the owner signing in from a known device', async () => {
    // Signing up (as signing in) makes the owner's browser a known device of the account.
    const owner = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < 3 * perAccount.max; attempt += 1) await signIn(ctx.app, owner.email, WRONG_PASSWORD);
    expect((await signIn(ctx.app, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    const fromKnownDevice = await signIn(ctx.app, owner.email, TEST_PASSWORD, randomIp(), { cookie: owner.cookie });
    expect(fromKnownDevice.statusCode, fromKnownDevice.body).toBe(200);
  });

  it('a stranger’s wrong passwords from many addresses do not stop the signed-in owner changing the password', async () => {
    const owner = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < 3 * perAccount.max; attempt += 1) await signIn(ctx.app, owner.email, WRONG_PASSWORD);
    const changed = await changePassword(ctx.app, owner, TEST_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(ctx.app, owner.email, NEW_PASSWORD, randomIp(), { cookie: cookiesOf(changed) })).statusCode).toBe(200);
  });

  it('a completed password reset clears the counters strangers filled', async () => {
    const owner = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < 3 * perAccount.max; attempt += 1) await signIn(ctx.app, owner.email, WRONG_PASSWORD);
    expect((await signIn(ctx.app, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await post(ctx.app, '/request-password-reset', { email: owner.email }, randomIp())).statusCode).toBe(200);
    const [mail] = await ctx.db.select({ data: mailOutbox.data }).from(mailOutbox).where(and(eq(mailOutbox.recipient, owner.email), eq(mailOutbox.kind, 'password-reset')));
    const { token } = mail!.data as { token: string };
    expect((await post(ctx.app, '/reset-password', { token, newPassword: NEW_PASSWORD }, randomIp())).statusCode).toBe(200);
    const signedIn = await signIn(ctx.app, owner.email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('keeps a known device’s own count: its wrong passwords are limited, and touch nobody else’s', async () => {
    const owner = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < perAccount.max; attempt += 1) {
      expect((await signIn(ctx.app, owner.email, WRONG_PASSWORD, randomIp(), { cookie: owner.cookie })).statusCode).toBe(401);
    }
    expectRateLimited(await signIn(ctx.app, owner.email, TEST_PASSWORD, randomIp(), { cookie: owner.cookie }), perAccount.window);
    expect((await signIn(ctx.app, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
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

  it(`limits changing the password per session across addresses (${perAccount.max} per ${perAccount.window / 60} minutes), apart from the account’s sign-in budget`, async () => {
    const user = await signUpThroughApi(ctx.app);
    await exhaustAccount(ctx.app, user.email);
    for (let attempt = 0; attempt < perAccount.max; attempt += 1) {
      const wrong = await changePassword(ctx.app, user, WRONG_PASSWORD);
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    expectRateLimited(await changePassword(ctx.app, user, TEST_PASSWORD), perAccount.window);
    // The session itself keeps working; only its password checks wait.
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
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - 10 * 60_000 }).where(eq(rateLimits.key, `password-attempts:account:${victim.email}`));
    const ip = randomIp();
    expect((await signIn(ctx.app, 'someone@example.com', WRONG_PASSWORD, ip)).statusCode).toBe(401);
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - 5 * 60_000 }).where(like(rateLimits.key, `%${ip}%`));
    // ...and its next request resets it, which prunes rows older than the longest window better-auth knows.
    expect((await signIn(ctx.app, 'someone@example.com', WRONG_PASSWORD, ip)).statusCode).toBe(401);
    // The burst is still spent: past the paced interval there is one attempt, not a new burst.
    await ctx.db.update(rateLimits).set({ lastRequest: Date.now() - shared.paced.window * 1000 }).where(eq(rateLimits.key, `password-attempts:account-paced:${victim.email}`));
    expect((await signIn(ctx.app, victim.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), shared.paced.window);
  });

  it('slows clients down rather than locking them out: after the interval one more attempt, after the window a new burst', async () => {
    const victim = await signUpThroughApi(ctx.app);
    await exhaustAccount(ctx.app, victim.email);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), shared.paced.window);
    const rewind = (key: string, seconds: number) => ctx.db.update(rateLimits).set({ lastRequest: Date.now() - seconds * 1000 }).where(eq(rateLimits.key, key));
    await rewind(`password-attempts:account-paced:${victim.email}`, shared.paced.window);
    expect((await signIn(ctx.app, victim.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), shared.paced.window);
    await rewind(`password-attempts:account:${victim.email}`, perAccount.window);
    for (let attempt = 0; attempt < shared.burst.max; attempt += 1) expect((await signIn(ctx.app, victim.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), shared.paced.window);
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
      for (let attempt = 0; attempt <= shared.burst.max; attempt += 1) {
        expect((await signIn(attempt % 2 ? ctx.app : second.app, victim.email, WRONG_PASSWORD)).statusCode).toBe(401);
      }
      expectRateLimited(await signIn(second.app, victim.email, TEST_PASSWORD), shared.paced.window);
      expectRateLimited(await signIn(ctx.app, victim.email, TEST_PASSWORD), shared.paced.window);
    });
  });
});

describe('password attempts with PASSWORD_ATTEMPTS_PER_ACCOUNT set', () => {
  const ctx = useTestApp({ PASSWORD_ATTEMPTS_PER_ACCOUNT: '3' });

  it('shares that many attempts per window among clients that are not a known device: half at once, the rest paced', async () => {
    const { burst, paced } = sharedAccountBudget(3);
    expect(burst.max).toBe(1);
    expect(paced.window).toBe(perAccount.window / 2);
    const user = await signUpThroughApi(ctx.app);
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await signIn(ctx.app, user.email, WRONG_PASSWORD)).statusCode).toBe(401);
    expectRateLimited(await signIn(ctx.app, user.email, TEST_PASSWORD), paced.window);
    expectRateLimited(await signIn(ctx.app, user.email, TEST_PASSWORD), paced.window);
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
