import { randomBytes, randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { signedInUser, type TestUser } from '../helpers/auth';
import { addToCart, as, checkout } from '../helpers/commerce';
import { cartItems, enrollments, orders, paymentEvents } from '../../src/server/db/schema';
import { seededRandom } from '../../src/server/db/seed';
import { signStripePayload } from '../../src/server/payments/stripe-events';
import { createCourse, createTeacher } from '../../src/server/db/factories';

/**
 * A provider retries, duplicates and reorders its events. 1,000 signed deliveries through the
 * real webhook route, shuffled and partly concurrent, must leave exactly the enrolments of the
 * orders whose payment was confirmed: each granted once, nothing granted twice or wrongly.
 */

const SECRET = 'whsec_resilience_payment_events_secret';
const DELIVERIES = 1000;
const CONCURRENCY = 8;

/** What happened to one order at the provider, and so which events it sends. */
const scenarios = ['paid', 'paid-twice-over', 'async-paid', 'async-failed', 'expired', 'paid-after-expiry', 'other-amount', 'still-unpaid'] as const;
type Scenario = (typeof scenarios)[number];
const granting = new Set<Scenario>(['paid', 'paid-twice-over', 'async-paid', 'paid-after-expiry']);
const finalStatus: Record<Scenario, string> = {
  paid: 'paid',
  'paid-twice-over': 'paid',
  'async-paid': 'paid',
  'paid-after-expiry': 'paid',
  'async-failed': 'failed',
  expired: 'expired',
  'other-amount': 'unpaid',
  'still-unpaid': 'unpaid',
};

type OrderRow = typeof orders.$inferSelect;

/** A checkout.session event in Stripe's format. */
function sessionEvent(type: string, order: OrderRow, paid: boolean, fields: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: order.providerSessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: type === 'checkout.session.expired' ? 'expired' : type === 'checkout.session.completed' || paid ? 'complete' : 'open',
        payment_status: paid ? 'paid' : 'unpaid',
        amount_total: order.amountTotal,
        currency: 'usd',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        payment_intent: paid ? `pi_${randomBytes(6).toString('hex')}` : null,
        ...fields,
      },
    },
  });
}

function eventsFor(scenario: Scenario, order: OrderRow): string[] {
  const completed = (paid: boolean, fields?: Record<string, unknown>) => sessionEvent('checkout.session.completed', order, paid, fields);
  switch (scenario) {
    case 'paid':
      return [completed(true)];
    case 'paid-twice-over':
      // Two different events both saying "paid": still one grant.
      return [completed(true), sessionEvent('checkout.session.async_payment_succeeded', order, true)];
    case 'async-paid':
      return [completed(false, { payment_intent: null }), sessionEvent('checkout.session.async_payment_succeeded', order, true)];
    case 'async-failed':
      return [completed(false, { payment_intent: null }), sessionEvent('checkout.session.async_payment_failed', order, false)];
    case 'expired':
      return [sessionEvent('checkout.session.expired', order, false)];
    case 'paid-after-expiry':
      // Whichever arrives first, the taken payment wins.
      return [sessionEvent('checkout.session.expired', order, false), completed(true)];
    case 'other-amount':
      return [completed(true, { amount_total: order.amountTotal - 1 })];
    case 'still-unpaid':
      return [completed(false, { payment_intent: null })];
  }
}

describe('1,000 payment events with duplicates, in shuffled order', () => {
  const ctx = useTestApp({ PAYMENT_WEBHOOK_SECRET: SECRET });

  it('grants exactly the confirmed orders, each once, whatever the order and repetition of the events', async () => {
    const seed = Number(process.env.PAYMENT_EVENTS_SEED ?? randomInt(2 ** 31));
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const context = `PAYMENT_EVENTS_SEED=${seed}`;

    // --- 30 buyers, 60 orders through the real checkout. Each buyer's second order shares a
    // course with the first, so a course can be granted by either.
    const teacher = await createTeacher(ctx.db);
    const catalogue = [];
    for (let index = 0; index < 12; index += 1) catalogue.push(await createCourse(ctx.db, { ownerId: teacher, priceCents: 1500 + index * 100 }));
    const planned: { buyer: TestUser; order: OrderRow; courseIds: number[]; scenario: Scenario }[] = [];
    /** What each buyer's cart holds after both checkouts. */
    const cartAfterCheckout = new Map<string, number[]>();
    for (let index = 0; index < 30; index += 1) {
      const buyer = await signedInUser(ctx.app);
      const [first, shared, last] = [catalogue[index % 12]!, catalogue[(index + 1) % 12]!, catalogue[(index + 2) % 12]!];
      await addToCart(ctx.app, buyer, first.id);
      await addToCart(ctx.app, buyer, shared.id);
      const one = await checkout(ctx.app, buyer);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/cart/${first.id}`, headers: as(buyer) })).statusCode).toBe(200);
      await addToCart(ctx.app, buyer, last.id);
      const two = await checkout(ctx.app, buyer);
      cartAfterCheckout.set(buyer.id, [shared.id, last.id]);
      const stored = await ctx.db.select().from(orders).where(inArray(orders.id, [one.orderId, two.orderId]));
      // Every scenario for first orders in turn, and varied pairs of first and second.
      planned.push({ buyer, order: stored.find((order) => order.id === one.orderId)!, courseIds: [first.id, shared.id], scenario: scenarios[index % scenarios.length]! });
      planned.push({ buyer, order: stored.find((order) => order.id === two.orderId)!, courseIds: [shared.id, last.id], scenario: scenarios[(index * 3 + 1) % scenarios.length]! });
    }

    // --- The events: every one at least once, the rest of the 1,000 repeats, all shuffled;
    // plus an event type the app does not act on.
    const distinct = planned.flatMap((plan) => eventsFor(plan.scenario, plan.order));
    const unrelated = JSON.stringify({ id: 'evt_unrelated_customer', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    const deliveries = [...distinct, unrelated];
    while (deliveries.length < DELIVERIES) deliveries.push(pick(distinct));
    for (let index = deliveries.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [deliveries[index], deliveries[other]] = [deliveries[other]!, deliveries[index]!];
    }

    // --- Delivered through the webhook route, several at once, each signed when sent (as a provider's retry is).
    const outcomes: { status: number; outcome?: string; body: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const body = deliveries[next]!;
        next += 1;
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(body, SECRET) },
          payload: body,
        });
        outcomes.push({ status: response.statusCode, outcome: response.statusCode === 200 ? response.json().outcome : undefined, body: response.body });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(outcomes.length).toBe(DELIVERIES);
    expect(outcomes.filter((result) => result.status !== 200).map((result) => `${result.status} ${result.body}`), context).toEqual([]);
    const count = (outcome: string) => outcomes.filter((result) => result.outcome === outcome).length;
    const unrelatedDeliveries = deliveries.filter((body) => body === unrelated).length;
    expect(count('duplicate'), context).toBe(DELIVERIES - distinct.length - unrelatedDeliveries);
    const grantedPlans = planned.filter((plan) => granting.has(plan.scenario));
    expect(count('fulfilled'), context).toBe(grantedPlans.length);

    // Every handled event is recorded once; the unrelated one is not.
    const recorded = await ctx.db.select({ id: paymentEvents.id }).from(paymentEvents);
    expect(recorded.map((row) => row.id).sort(), context).toEqual(distinct.map((body) => JSON.parse(body).id as string).sort());

    // Each order ends where its events lead, whatever their order.
    const stored = await ctx.db.select().from(orders);
    for (const plan of planned) {
      const order = stored.find((row) => row.id === plan.order.id)!;
      expect(order.paymentStatus, `${context} ${plan.scenario}`).toBe(finalStatus[plan.scenario]);
      expect(order.paidAt !== null, `${context} ${plan.scenario}`).toBe(granting.has(plan.scenario));
    }

    // Exactly the enrolments of the granted orders: each (buyer, course) once, from an order that holds it.
    const expected = new Set(grantedPlans.flatMap((plan) => plan.courseIds.map((courseId) => `${plan.buyer.id}:${courseId}`)));
    const granted = await ctx.db.select().from(enrollments);
    expect(granted.map((row) => `${row.userId}:${row.courseId}`).sort(), context).toEqual([...expected].sort());
    for (const row of granted) {
      const source = grantedPlans.find((plan) => plan.order.id === row.orderId);
      expect(source && source.buyer.id === row.userId && source.courseIds.includes(row.courseId), `${context} enrolment from ${row.orderId}`).toBe(true);
    }

    // A granted course has left its buyer's cart; the others stay.
    const carts = await ctx.db.select().from(cartItems);
    const expectedCarts = [...cartAfterCheckout].flatMap(([userId, courseIds]) => courseIds.map((courseId) => `${userId}:${courseId}`)).filter((key) => !expected.has(key));
    expect(carts.map((row) => `${row.userId}:${row.courseId}`).sort(), context).toEqual(expectedCarts.sort());
  });
});
