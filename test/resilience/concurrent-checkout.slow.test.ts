import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp, type TestContext } from '../helpers/app';
import { useStripeFake } from '../helpers/stripe-fake';
import { createCourse, createTeacher, createUser } from '../../src/server/db/factories';
import { cartItems, enrollments, orderItems, orders, paymentEvents, sessions } from '../../src/server/db/schema';

/**
 * 200 buyers press "checkout" at the same moment, all with the same best-selling course in
 * the cart: 200 orders, no deadlock, and nobody charged twice, even when each buyer's payment
 * is submitted twice at once (a double click) or its event delivered twice (a provider retry).
 */

const BUYERS = 200;

type Buyer = { id: string; headers: Record<string, string>; courseIds: number[]; amount: number };

/**
 * A user with a session made directly in the database, used through the bearer plugin (which
 * takes the raw session token): 200 sign-ups would spend the test's time hashing passwords,
 * which is not what is under test here.
 */
async function signedInUser(ctx: TestContext) {
  const user = await createUser(ctx.db);
  const token = randomBytes(24).toString('base64url');
  await ctx.db.insert(sessions).values({ id: randomUUID(), token, userId: user.id, expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) });
  return { id: user.id, headers: { authorization: `Bearer ${token}`, origin: TEST_ORIGIN } };
}

/** 200 signed-up buyers, each with the shared course and one of four others in the cart. */
async function buyersWithCarts(ctx: TestContext): Promise<Buyer[]> {
  const teacher = await createTeacher(ctx.db);
  const bestSeller = await createCourse(ctx.db, { ownerId: teacher, priceCents: 2900 });
  const others = [];
  for (let index = 0; index < 4; index += 1) others.push(await createCourse(ctx.db, { ownerId: teacher, priceCents: 1000 + index * 250 }));
  const buyers: Buyer[] = [];
  for (let index = 0; index < BUYERS; index += 1) {
    const user = await signedInUser(ctx);
    const other = others[index % others.length]!;
    for (const courseId of [bestSeller.id, other.id]) {
      const added = await ctx.app.inject({ method: 'POST', url: '/api/cart', headers: user.headers, payload: { courseId } });
      expect(added.statusCode).toBe(201);
    }
    buyers.push({ ...user, courseIds: [bestSeller.id, other.id].sort((a, b) => a - b), amount: bestSeller.priceCents + other.priceCents });
  }
  return buyers;
}

/** Everyone at once; every answer must be 201. */
async function checkOutAllAtOnce(ctx: TestContext, buyers: Buyer[]) {
  const responses = await Promise.all(buyers.map((buyer) => ctx.app.inject({ method: 'POST', url: '/api/checkout', headers: buyer.headers, payload: {} })));
  expect(responses.filter((response) => response.statusCode !== 201).map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
  return responses.map((response) => response.json() as { orderId: string; url: string });
}

/** One order per buyer, priced from the database, one session each. */
async function expectOneOrderPerBuyer(ctx: TestContext, buyers: Buyer[]) {
  const stored = await ctx.db.select().from(orders);
  expect(stored).toHaveLength(BUYERS);
  const items = await ctx.db.select().from(orderItems);
  for (const buyer of buyers) {
    const mine = stored.filter((order) => order.userId === buyer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.amountTotal).toBe(buyer.amount);
    expect(items.filter((item) => item.orderId === mine[0]!.id).map((item) => item.courseId).sort((a, b) => a - b)).toEqual(buyer.courseIds);
  }
  expect(new Set(stored.map((order) => order.providerSessionId)).size).toBe(BUYERS);
  expect(stored.every((order) => order.providerSessionId !== null && order.paymentStatus === 'unpaid')).toBe(true);
  return stored;
}

/** Paid once each, exactly the courses bought, carts emptied of them. */
async function expectEveryoneChargedOnce(ctx: TestContext, buyers: Buyer[]) {
  const stored = await ctx.db.select().from(orders);
  expect(stored.map((order) => order.paymentStatus)).toEqual(Array(BUYERS).fill('paid'));
  expect(new Set(stored.map((order) => order.providerPaymentId)).size).toBe(BUYERS);
  // One confirmed payment event per order: the second submit or delivery took nothing.
  const events = await ctx.db.select().from(paymentEvents);
  expect(events.filter((event) => event.type === 'checkout.session.completed')).toHaveLength(BUYERS);
  const granted = await ctx.db.select().from(enrollments);
  expect(granted.map((row) => `${row.userId}:${row.courseId}`).sort()).toEqual(buyers.flatMap((buyer) => buyer.courseIds.map((courseId) => `${buyer.id}:${courseId}`)).sort());
  expect(await ctx.db.select().from(cartItems)).toEqual([]);
}

describe('200 buyers checking out at once (built-in test provider)', () => {
  const ctx = useTestApp();

  it('creates 200 orders, and a payment submitted twice at once is taken once', async () => {
    const buyers = await buyersWithCarts(ctx);
    const checkouts = await checkOutAllAtOnce(ctx, buyers);
    await expectOneOrderPerBuyer(ctx, buyers);

    const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
    const form = new URLSearchParams({ number: '4242 4242 4242 4242', expiry, cvc: '123' }).toString();
    const submit = (url: string) =>
      ctx.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' }, payload: form });
    const pairs = await Promise.all(checkouts.map(({ url }) => Promise.all([submit(url), submit(url)])));
    // One submit of each pair pays and redirects; the other redirects too, or shows the page saying it is already paid.
    for (const pair of pairs) {
      expect(pair.some((answer) => answer.statusCode === 303)).toBe(true);
      for (const answer of pair) {
        if (answer.statusCode !== 303) expect({ status: answer.statusCode, alreadyPaid: answer.body.includes('already paid') }).toEqual({ status: 200, alreadyPaid: true });
      }
    }
    await expectEveryoneChargedOnce(ctx, buyers);
  });
});

describe('200 buyers checking out at once (Stripe)', () => {
  const secretKey = 'sk_test_resilience_fake';
  const webhookSecret = 'whsec_resilience_fake_secret';
  const { fake, env } = useStripeFake(secretKey, webhookSecret);
  const ctx = useTestApp(env);

  it('opens one Checkout Session per order for its amount, and a payment event delivered twice at once grants once', async () => {
    const buyers = await buyersWithCarts(ctx);
    await checkOutAllAtOnce(ctx, buyers);
    const stored = await expectOneOrderPerBuyer(ctx, buyers);

    // Stripe was asked once per order (one idempotency key each), for exactly the order's amount.
    const creations = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions');
    expect(creations).toHaveLength(BUYERS);
    expect(new Set(creations.map((request) => request.idempotencyKey)).size).toBe(BUYERS);
    expect(fake.sessions.size).toBe(BUYERS);
    for (const order of stored) expect(fake.session(order.providerSessionId!).amount_total).toBe(order.amountTotal);

    // Everyone pays; Stripe delivers each event twice, all at once.
    const events = stored.map((order) => fake.pay(order.providerSessionId!));
    const deliveries = await Promise.all(
      events.flatMap((event) =>
        [0, 1].map(() =>
          ctx.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.body }),
        ),
      ),
    );
    expect(deliveries.filter((response) => response.statusCode !== 200).map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    const outcomes = deliveries.map((response) => response.json().outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(BUYERS);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(BUYERS);
    await expectEveryoneChargedOnce(ctx, buyers);
  });
});
