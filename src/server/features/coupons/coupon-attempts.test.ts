import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from '../../../../test/helpers/app';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { addToCart, as } from '../../../../test/helpers/commerce';
import { couponAttemptDefaults } from '../../../shared/limits';
import { createCourse, createTeacher, insertCoupon } from '../../db/factories';
import { cartCoupons, rateLimits } from '../../db/schema';

const { perAccount, perAddress, windowSeconds } = couponAttemptDefaults;

/** A client address of its own for each test: counters in Redis outlive the database's reset. */
const randomAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.code).toBe('RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

/** The limits on codes tried, whichever storage holds the counters. */
function couponAttemptTests(ctx: TestContext) {
  const apply = (user: TestUser, code: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(user), remoteAddress, payload: { code } });

  /** A buyer with a course in the cart, and the real code of that course's teacher. */
  async function buyerWithRealCode() {
    const teacher = await createTeacher(ctx.db);
    const course = await createCourse(ctx.db, { ownerId: teacher, priceCents: 4000 });
    const buyer = await signedInUser(ctx.app);
    await addToCart(ctx.app, buyer, course.id);
    const coupon = await insertCoupon(ctx.db, { createdBy: teacher, code: `REAL${randomInt(1_000_000)}`, discountValue: 25 });
    return { buyer, code: coupon.code };
  }

  const storedCode = async (user: TestUser) => (await ctx.db.select().from(cartCoupons).where(eq(cartCoupons.userId, user.id)))[0]?.code ?? null;

  it(`stops 540 guesses from one account after ${perAccount}: then even the real code gets 429 RATE_LIMITED with Retry-After`, async () => {
    const { buyer, code } = await buyerWithRealCode();
    // A new address for each guess: the account's own limit is what stops them.
    const answers: number[] = [];
    for (let guess = 0; guess < 540; guess += 1) {
      const response = await apply(buyer, `GUESS${guess}`, randomAddress());
      answers.push(response.statusCode);
      if (response.statusCode === 429) {
        expectRateLimited(response);
        break;
      }
    }
    expect(answers).toEqual([...Array<number>(perAccount).fill(404), 429]);
    expectRateLimited(await apply(buyer, code, randomAddress()));
    expect(await storedCode(buyer)).toBeNull();
  });

  it('counts a right code like a wrong one: the limit is reached by applying real codes too', async () => {
    const { buyer, code } = await buyerWithRealCode();
    const address = randomAddress();
    for (let attempt = 0; attempt < perAccount; attempt += 1) expect((await apply(buyer, code, address)).statusCode).toBe(200);
    expectRateLimited(await apply(buyer, code, address));
  });

  it(`limits one client address to ${perAddress} codes across accounts, while those accounts may still try from elsewhere`, async () => {
    const address = randomAddress();
    const buyers = [];
    for (let index = 0; index < Math.ceil(perAddress / (perAccount - 1)) + 1; index += 1) buyers.push(await buyerWithRealCode());
    let tried = 0;
    for (const { buyer } of buyers) {
      for (let attempt = 0; attempt < perAccount - 1 && tried < perAddress; attempt += 1, tried += 1) {
        expect((await apply(buyer, `GUESS${tried}`, address)).statusCode).toBe(404);
      }
    }
    const last = buyers.at(-1)!;
    expectRateLimited(await apply(last.buyer, last.code, address));
    expect((await apply(last.buyer, last.code, randomAddress())).statusCode).toBe(200);
  });
}

describe('coupon codes tried (counters in the database)', () => {
  const ctx = useTestApp();
  couponAttemptTests(ctx);

  it('keeps its counters in rate_limits under a prefix of its own', async () => {
    const buyer = await signedInUser(ctx.app);
    await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(buyer), remoteAddress: '192.0.2.7', payload: { code: 'ANY' } });
    const keys = (await ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();
    expect(keys).toEqual([`coupon-attempts:account:${buyer.id}`, 'coupon-attempts:address:192.0.2.7']);
  });
});

describe('coupon codes tried with COUPON_ATTEMPTS_PER_ACCOUNT set', () => {
  const ctx = useTestApp({ COUPON_ATTEMPTS_PER_ACCOUNT: '2' });

  it('allows that many codes per account', async () => {
    const buyer = await signedInUser(ctx.app);
    const apply = () => ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(buyer), remoteAddress: randomAddress(), payload: { code: 'ANY' } });
    expect((await apply()).statusCode).toBe(404);
    expect((await apply()).statusCode).toBe(404);
    expectRateLimited(await apply());
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

describe.skipIf(!redisUrl)('coupon codes tried (counters in Redis, REDIS_URL)', () => {
  const ctx = useTestApp({ REDIS_URL: redisUrl ?? '' });
  couponAttemptTests(ctx);

  it('keeps no counters in the database', async () => {
    const buyer = await signedInUser(ctx.app);
    await ctx.app.inject({ method: 'PUT', url: '/api/cart/coupon', headers: as(buyer), remoteAddress: randomAddress(), payload: { code: 'ANY' } });
    expect(await ctx.db.select().from(rateLimits)).toEqual([]);
  });
});
