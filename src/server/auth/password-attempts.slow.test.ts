import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN, useTestApp, type TestContext } from '../../../test/helpers/app';
import { signUpThroughApi } from '../../../test/helpers/auth';
import type { App } from '../app';
import { loadConfig } from '../config';
import { passwordAttemptLimits, sharedAccountBudget } from './password-attempts';

/** Every password that reaches the check: what a guesser actually gets to try. */
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      passwordChecks.count += 1;
      return argon2.verify(...args);
    },
  };
});

/** The default PASSWORD_ATTEMPTS_PER_ACCOUNT, which the test apps use: what one account allowed per window before device cookies. */
const perAccount = { ...passwordAttemptLimits.perAccount, max: loadConfig({}).passwordAttemptsPerAccount };
const shared = sharedAccountBudget(perAccount.max);

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const signIn = (app: App, email: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': ip },
    payload: { email, password },
  });

afterEach(() => {
  vi.useRealTimers();
});

function bruteForceTests(ctx: TestContext) {
  it('brute force: 1,000 guesses at one account from 50 addresses over 15 minutes reach the password check no more often than PASSWORD_ATTEMPTS_PER_ACCOUNT allows', async () => {
    const victim = await signUpThroughApi(ctx.app);
    const addresses = Array.from({ length: 50 }, randomIp);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const checksBefore = passwordChecks.count;
    const answers = new Map<number, number>();
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      // One guess every 0.9 s: each address guesses every 45 s, within the per-address limit.
      vi.setSystemTime(start + attempt * 900);
      const response = await signIn(ctx.app, victim.email, `Guess${attempt}Xy`, addresses[attempt % addresses.length]!);
      answers.set(response.statusCode, (answers.get(response.statusCode) ?? 0) + 1);
    }
    vi.useRealTimers();
    const checks = passwordChecks.count - checksBefore;
    expect(checks, JSON.stringify([...answers])).toBeLessThanOrEqual(perAccount.max);
    expect(checks).toBeGreaterThanOrEqual(shared.burst.max);
    // Every other guess was refused before its password was looked at; the right one would have been too.
    expect(answers.get(429)).toBe(1000 - checks);
    expect(answers.get(401)).toBe(checks);
  }, 120_000);
}

describe('guessing one account’s password from many addresses (counters in the database)', () => {
  bruteForceTests(useTestApp());
});

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

describe.skipIf(!redisUrl)('guessing one account’s password from many addresses (counters in Redis, REDIS_URL)', () => {
  bruteForceTests(useTestApp({ REDIS_URL: redisUrl ?? '' }));
});
