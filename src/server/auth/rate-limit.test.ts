import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../test/helpers/app';
import { signUpThroughApi, TEST_PASSWORD } from '../../../test/helpers/auth';
import { testDatabase } from '../../../test/helpers/database';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { rateLimits } from '../db/schema';
import { authRateLimits } from './auth';
import { createRedisRateLimitStorage } from './rate-limit-redis';

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function attempt(app: App, origin: string, kind: 'sign-in' | 'sign-up', ip: string, extra: { remoteAddress?: string } = {}) {
  const email = `rl-${randomUUID().slice(0, 8)}@example.com`;
  return app.inject({
    method: 'POST',
    url: kind === 'sign-in' ? '/api/auth/sign-in/email' : '/api/auth/sign-up/email',
    headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
    payload: { email, password: TEST_PASSWORD },
    ...extra,
  });
}

/** A second server process in all but name: its own app and auth instance on the same database. */
function useSecondApp(ctx: TestContext, env: () => Record<string, string> = () => ({})) {
  const second = {} as { app: App; dir: string };
  beforeAll(async () => {
    second.dir = mkdtempSync(path.join(tmpdir(), 'marketplace-test-'));
    const config = { ...loadConfig({ DATA_DIR: second.dir, AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789', ...env() }), webDistDir: undefined };
    second.app = await buildApp(config, { database: await testDatabase(), logger: false });
    expect(config.publicUrl).toBe(ctx.config.publicUrl);
  });
  afterAll(async () => {
    await second.app?.close();
    if (second.dir) rmSync(second.dir, { recursive: true, force: true });
  });
  return second;
}

describe('rate limits on sign-in and sign-up (database)', () => {
  const ctx = useTestApp();
  const second = useSecondApp(ctx);

  it(`allows ${authRateLimits.signUp} sign-ups a minute from one address, then answers 429 RATE_LIMITED`, async () => {
    const ip = randomIp();
    for (let i = 0; i < authRateLimits.signUp; i += 1) {
      expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-up', ip)).statusCode).toBe(200);
    }
    const refused = await attempt(ctx.app, ctx.config.publicUrl, 'sign-up', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['x-retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-up', randomIp())).statusCode).toBe(200);
  });

  it(`allows ${authRateLimits.signIn} sign-in attempts a minute, after which even the right password waits`, async () => {
    const ip = randomIp();
    const user = await signUpThroughApi(ctx.app);
    for (let i = 0; i < authRateLimits.signIn; i += 1) {
      expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(401);
    }
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ctx.config.publicUrl, 'x-forwarded-for': ip },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
  });

  it('holds across two app instances sharing the database', async () => {
    const ip = randomIp();
    const apps = [ctx.app, second.app];
    for (let i = 0; i < authRateLimits.signIn; i += 1) {
      expect((await attempt(apps[i % 2]!, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(401);
    }
    expect((await attempt(second.app, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(429);
    expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(429);
    const rows = await ctx.db.select().from(rateLimits);
    expect(rows.find((row) => row.key.includes(ip))?.count).toBe(authRateLimits.signIn);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy, so it cannot dodge the limit', async () => {
    const remoteAddress = `203.0.113.${randomInt(1, 255)}`;
    for (let i = 0; i < authRateLimits.signIn; i += 1) {
      expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', randomIp(), { remoteAddress })).statusCode).toBe(401);
    }
    expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', randomIp(), { remoteAddress })).statusCode).toBe(429);
  });

  it('does not limit reading the session', async () => {
    const user = await signUpThroughApi(ctx.app);
    for (let i = 0; i < authRateLimits.signIn + 5; i += 1) {
      expect((await ctx.app.inject({ url: '/api/auth/get-session', headers: user.headers })).statusCode).toBe(200);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (REDIS_URL)', () => {
  const ctx = useTestApp({ REDIS_URL: redisUrl ?? '' });
  const second = useSecondApp(ctx, () => ({ REDIS_URL: redisUrl ?? '' }));

  it('holds across two app instances sharing Redis, and keeps no counters in the database', async () => {
    const ip = randomIp();
    const apps = [ctx.app, second.app];
    for (let i = 0; i < authRateLimits.signIn; i += 1) {
      expect((await attempt(apps[i % 2]!, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(401);
    }
    expect((await attempt(second.app, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(429);
    expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', ip)).statusCode).toBe(429);
    expect((await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', randomIp())).statusCode).toBe(401);
    expect(await ctx.db.select().from(rateLimits)).toEqual([]);
  });

  it('counts atomically under concurrent requests and frees the window when it expires', async () => {
    const storage = createRedisRateLimitStorage(redisUrl!, `marketplace-test:${randomUUID()}:`);
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => storage.consume('key', { window: 1, max: 5 })));
      expect(results.filter((result) => result.allowed)).toHaveLength(5);
      expect(results.find((result) => !result.allowed)?.retryAfter).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await storage.consume('key', { window: 1, max: 5 })).allowed).toBe(true);
    } finally {
      await storage.close();
    }
  });
});

describe('rate limits when Redis is unreachable', () => {
  const ctx = useTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });

  it('answers sign-in attempts with 503 SERVICE_UNAVAILABLE instead of letting them through unlimited', async () => {
    const response = await attempt(ctx.app, ctx.config.publicUrl, 'sign-in', randomIp());
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('storage refuses with SERVICE_UNAVAILABLE', async () => {
    const storage = createRedisRateLimitStorage('redis://127.0.0.1:1');
    try {
      await expect(storage.consume('key', { window: 60, max: 5 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await storage.close();
    }
  });
});
