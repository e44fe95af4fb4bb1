import { randomInt } from 'node:crypto';
import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  call,
  cookiesOf,
  isErrorShape,
  PROCESS_TEST_PASSWORD,
  signUpThrough,
  sleep,
  type Answer,
  type ProcessUser,
  type ServerProcess,
} from '../helpers/server-process';
import { sharedServerUrl, useProcessPair, type ProcessPair } from '../helpers/process-pair';
import { grantAdmin } from '../../src/server/auth/admin-grant';
import { authRateLimits } from '../../src/server/auth/auth';
import { createCourse, createUser } from '../../src/server/db/factories';
import { rateLimits } from '../../src/server/db/schema';

/**
 * Several server processes on one PostgreSQL server, as production runs them behind a load
 * balancer: real OS processes (src/server/main.ts), not two app instances in one process.
 */

const serverUrl = sharedServerUrl;
const SKIP_REASON = 'needs TEST_DATABASE_URL: several server processes must share one PostgreSQL server, and the embedded PGlite database belongs to one process by design';

/** The machine's Redis, unless the run names another; probed once, so the Redis pair skips cleanly where there is none. */
const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const redisReachable = serverUrl ? await redisAnswers(redisUrl) : false;

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Asks again until the answer is the awaited one, for up to a second (the last answer otherwise). */
async function answerWithinASecond(ask: () => Promise<Answer>, awaited: (answer: Answer) => boolean): Promise<Answer> {
  const deadline = Date.now() + 1000;
  for (;;) {
    const answer = await ask();
    if (awaited(answer) || Date.now() > deadline) return answer;
    await sleep(20);
  }
}

function signInThrough(server: ServerProcess, user: Pick<ProcessUser, 'email'>, password: string, clientIp: string) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json', 'x-forwarded-for': clientIp },
    body: JSON.stringify({ email: user.email, password }),
    signal: AbortSignal.timeout(30_000),
  });
}

/** Wrong passwords for one client address, alternating between the two processes, up to the limit; then both refuse. */
async function expectLimitSharedAcross(pair: ProcessPair) {
  const user = await signUpThrough(pair.first);
  const ip = randomIp();
  const processes = [pair.first, pair.second];
  for (let attempt = 0; attempt < authRateLimits.signIn; attempt += 1) {
    const response = await signInThrough(processes[attempt % 2]!, user, 'Wrong0pass1', ip);
    expect(response.status, `attempt ${attempt + 1}`).toBe(401);
  }
  for (const server of processes) {
    const refused = await signInThrough(server, user, PROCESS_TEST_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(isErrorShape(await refused.json(), 'RATE_LIMITED')).toBe(true);
  }
  // Another client is not held back by it, on either process.
  for (const server of processes) expect((await signInThrough(server, user, PROCESS_TEST_PASSWORD, randomIp())).status).toBe(200);
  return ip;
}

describe.skipIf(!serverUrl)(`two server processes on one PostgreSQL${serverUrl ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  const pair = useProcessPair([3226, 3227], 'two_processes');

  it('keeps a user signed in through one process working through the other: cart, checkout, payment, sign-out', async () => {
    const { first, second, database } = pair;
    const course = await createCourse(database.db, { ownerId: (await createUser(database.db)).id, priceCents: 2500 }, { videos: false });

    const user = await signUpThrough(first);
    const session = await call(second, '/api/auth/get-session', { cookie: user.cookie });
    expect(session.status).toBe(200);
    expect((session.body as { user: { email: string } }).user.email).toBe(user.email);

    // Add to cart through the second, see it through the first.
    expect((await call(second, '/api/cart', { cookie: user.cookie, json: { courseId: course.id } })).status).toBe(201);
    const cart = await call(first, '/api/cart', { cookie: user.cookie });
    expect((cart.body as { items: { courseId: number }[] }).items.map((item) => item.courseId)).toEqual([course.id]);

    // Check out through the first, pay on the second's checkout page, find the course through the first.
    const checkout = await call(first, '/api/checkout', { cookie: user.cookie, json: {} });
    expect(checkout.status).toBe(201);
    const payPath = new URL((checkout.body as { url: string }).url).pathname;
    const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
    expect((await call(second, payPath, { form: { number: '4242 4242 4242 4242', expiry, cvc: '123' } })).status).toBe(303);
    const enrolled = await call(first, '/api/enrollments', { cookie: user.cookie });
    expect((enrolled.body as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([course.id]);

    // A second session, signed in through the second process, works on the first; signing it out
    // through the second ends it on the first too, while the other session carries on.
    const signIn = await signInThrough(second, user, PROCESS_TEST_PASSWORD, randomIp());
    expect(signIn.status).toBe(200);
    const otherCookie = cookiesOf(signIn);
    expect((await call(first, '/api/orders', { cookie: otherCookie })).status).toBe(200);
    expect((await call(second, '/api/auth/sign-out', { cookie: otherCookie, json: {} })).status).toBe(200);
    // Each process keeps resolved sessions for a moment; the database's notice ends them everywhere within a second.
    const afterSignOut = await answerWithinASecond(() => call(first, '/api/orders', { cookie: otherCookie }), (answer) => answer.status !== 200);
    expect(afterSignOut.status).toBe(401);
    expect(isErrorShape(afterSignOut.body, 'UNAUTHENTICATED')).toBe(true);
    expect((await call(first, '/api/orders', { cookie: user.cookie })).status).toBe(200);
  });

  it('refuses a disabled account on the other process within a second', async () => {
    const { first, second } = pair;
    const admin = await signUpThrough(first, pair.adminEmail);
    // A password sign-up is unverified, so ADMIN_EMAILS would not promote it: the operator's command does.
    await grantAdmin(pair.database.db, admin.email);
    const user = await signUpThrough(second);
    expect((await call(second, '/api/cart', { cookie: user.cookie })).status).toBe(200);
    expect((await call(first, `/api/admin/users/${user.id}/disable`, { cookie: admin.cookie, json: {} })).status).toBe(200);
    const refused = await answerWithinASecond(() => call(second, '/api/cart', { cookie: user.cookie }), (answer) => answer.status !== 200);
    expect(refused.status).toBe(401);
    expect(isErrorShape(refused.body, 'ACCOUNT_DISABLED')).toBe(true);
  });

  it('counts sign-in attempts of one client across both processes (counters in PostgreSQL)', async () => {
    const ip = await expectLimitSharedAcross(pair);
    const rows = await pair.database.db.select().from(rateLimits).where(like(rateLimits.key, `%${ip}%`));
    expect(rows.map((row) => row.count)).toEqual([authRateLimits.signIn]);
  });
});

describe.skipIf(!serverUrl || !redisReachable)(
  `two server processes sharing Redis for rate limits${!serverUrl ? ` (skipped: ${SKIP_REASON})` : !redisReachable ? ` (skipped: no Redis answers at ${redisUrl}; set TEST_REDIS_URL)` : ''}`,
  () => {
    const pair = useProcessPair([3228, 3229], 'two_processes_redis', { REDIS_URL: redisUrl });

    it('counts sign-in attempts of one client across both processes in Redis, none in the database, and sessions still cross', async () => {
      const ip = await expectLimitSharedAcross(pair);
      expect(await pair.database.db.select().from(rateLimits).where(like(rateLimits.key, `%${ip}%`))).toEqual([]);
      const user = await signUpThrough(pair.second);
      expect((await call(pair.first, '/api/cart', { cookie: user.cookie })).status).toBe(200);
    });
  },
);
