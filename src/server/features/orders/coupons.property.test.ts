import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../../test/helpers/database';
import { refundDouble, useLedgerDatabase } from '../../../../test/helpers/payouts';
import type { SessionUser } from '../../auth/guards';
import type { Database } from '../../db/client';
import { createCartItem, createCourse, createUser, insertCoupon } from '../../db/factories';
import { cartCoupons, ledgerEntries, orderItems, orders } from '../../db/schema';
import type { CreateCheckoutInput, PaymentProvider } from '../../payments/provider';
import { refundOrder } from './admin-orders';
import { fulfilOrder } from './fulfilment';
import { startCheckout } from './service';

/**
 * Checkout with coupons and referrals, through the database, over random carts (1–5 lines of
 * 0–10000 cents from three teachers), random coupons (a percentage or an amount; a teacher's or
 * the site's; all courses or a random subset), random referral attributions and fee rates, then
 * payment and random refunds. For every order: the lines' prices sum to the total, which is the
 * sum of list prices less discounts and what the provider was asked for; each line's fee and
 * share make its price; the order's ledger entries balance against what was paid; the refunded
 * bucket holds the prices paid for the refunded lines (never their list prices), and so do the refunds.
 */

const TEACHERS = 3;

/** Each ledger bucket's balance over one order's entries: what moved into it less what moved out. */
async function bucketBalances(db: Database, orderId: string): Promise<Record<string, number>> {
  const balances: Record<string, number> = { buyer: 0, refunded: 0 };
  for (const entry of await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))) {
    balances[entry.toBucket] = (balances[entry.toBucket] ?? 0) + entry.amountCents;
    balances[entry.fromBucket] = (balances[entry.fromBucket] ?? 0) - entry.amountCents;
  }
  return balances;
}

const scenario = fc.record({
  lines: fc.array(
    fc.record({
      teacher: fc.nat(TEACHERS - 1),
      priceCents: fc.integer({ min: 0, max: 10_000 }),
      covered: fc.boolean(),
      attribution: fc.constantFrom('none', 'seller', 'other-teacher'),
      refunded: fc.boolean(),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  coupon: fc.option(
    fc.record({
      terms: fc.oneof(
        fc.record({ discountKind: fc.constant('percent' as const), discountValue: fc.integer({ min: 1, max: 100 }) }),
        fc.record({ discountKind: fc.constant('amount' as const), discountValue: fc.integer({ min: 1, max: 12_000 }) }),
      ),
      /** A teacher's coupon (by index), or the site's. */
      owner: fc.option(fc.nat(TEACHERS - 1), { nil: null }),
      allCourses: fc.boolean(),
    }),
    { nil: null },
  ),
  platformFeeBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  referralFeeBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  referralMinDiscountPercent: fc.integer({ min: 0, max: 100 }),
  refundAll: fc.boolean(),
});

describe('checkout with coupons and referrals, over random carts', () => {
  const ctx = useLedgerDatabase();

  it('adds up to the cent, from the cart through payment and refunds', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ lines, coupon, platformFeeBasisPoints, referralFeeBasisPoints, referralMinDiscountPercent, refundAll }) => {
        await resetDatabase(await testDatabase());
        const { db } = ctx;
        const teachers: string[] = [];
        for (let index = 0; index < TEACHERS; index++) teachers.push((await createUser(db)).id);
        const admin = await createUser(db, { isAdmin: true });
        const buyer = await createUser(db);
        const courses: { id: number; ownerId: string }[] = [];
        for (const line of lines) {
          const course = await createCourse(db, { ownerId: teachers[line.teacher]!, priceCents: line.priceCents }, { videos: false });
          courses.push(course);
          await createCartItem(db, { userId: buyer.id, courseId: course.id });
        }

        // What the coupon covers, decided independently of the code under test.
        let covers = (_index: number) => false;
        let ownerId: string | null = null;
        if (coupon) {
          ownerId = coupon.owner === null ? null : teachers[coupon.owner]!;
          const named = courses.filter((_course, index) => lines[index]!.covered).map((course) => course.id);
          const row = await insertCoupon(db, {
            createdBy: ownerId ?? admin.id,
            ownerId,
            ...coupon.terms,
            allCourses: coupon.allCourses,
            courseIds: coupon.allCourses ? undefined : named,
          });
          await db.insert(cartCoupons).values({ userId: buyer.id, code: row.code.toLowerCase() });
          covers = (index) => (ownerId === null || courses[index]!.ownerId === ownerId) && (coupon.allCourses || lines[index]!.covered);
        }
        const referrals = lines.flatMap((line, index) =>
          line.attribution === 'none' ? [] : [{ courseId: courses[index]!.id, teacherId: line.attribution === 'seller' ? courses[index]!.ownerId : teachers[(line.teacher + 1) % TEACHERS]! }],
        );

        const sent: CreateCheckoutInput[] = [];
        const provider = {
          name: 'test',
          createCheckoutSession: async (input: CreateCheckoutInput) => {
            sent.push(input);
            return { sessionId: `cs_property_${sent.length}`, url: 'https://pay.example/' };
          },
        } as unknown as PaymentProvider;
        const user: SessionUser = { id: buyer.id, name: buyer.name, email: buyer.email, image: null, isAdmin: false };
        const deps = { db, provider, platformFeeBasisPoints, referralFeeBasisPoints, referralMinDiscountPercent, successUrl: 'https://x/s?{CHECKOUT_SESSION_ID}', cancelUrl: 'https://x/c', log: { warn: () => {} } as never };

        const anyCovered = lines.some((_line, index) => covers(index));
        if (coupon && !anyCovered) {
          await expect(startCheckout(deps, user, 'es', referrals)).rejects.toMatchObject({ code: 'COUPON_NOT_APPLICABLE' });
          expect(await db.select().from(orders)).toEqual([]);
          return;
        }
        const { orderId } = await startCheckout(deps, user, 'es', referrals);

        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        const stored = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
        expect(stored).toHaveLength(lines.length);
        let listTotal = 0;
        let discountTotal = 0;
        for (const [index, line] of lines.entries()) {
          const item = stored.find((row) => row.courseId === courses[index]!.id)!;
          expect(item.listPriceCents).toBe(line.priceCents);
          expect(item.listPriceCents - item.discountCents).toBe(item.priceCents);
          expect(item.priceCents).toBeGreaterThanOrEqual(0);
          if (!covers(index)) expect(item.discountCents).toBe(0);
          else if (coupon!.terms.discountKind === 'amount') expect(item.discountCents).toBe(Math.min(coupon!.terms.discountValue, line.priceCents));
          else expect(Math.abs(item.discountCents * 100 - line.priceCents * coupon!.terms.discountValue)).toBeLessThanOrEqual(50);
          // The seller's own coupon refers a line only from REFERRAL_MIN_DISCOUNT_PERCENT of its list price off.
          const ownCouponRefers = covers(index) && ownerId === item.sellerId && item.discountCents > 0 && item.discountCents * 100 >= referralMinDiscountPercent * line.priceCents;
          const referred = line.attribution === 'seller' || ownCouponRefers;
          expect(item.referred).toBe(referred);
          expect(item.feeBasisPoints).toBe(referred ? referralFeeBasisPoints : platformFeeBasisPoints);
          expect(item.feeCents + item.teacherShareCents).toBe(item.priceCents);
          expect(Math.min(item.feeCents, item.teacherShareCents)).toBeGreaterThanOrEqual(0);
          listTotal += item.listPriceCents;
          discountTotal += item.discountCents;
        }
        const paidTotal = stored.reduce((total, item) => total + item.priceCents, 0);
        expect(order!.amountTotal).toBe(paidTotal);
        expect(paidTotal).toBe(listTotal - discountTotal);
        expect(order!.couponId !== null).toBe(coupon !== null);

        if (paidTotal === 0) {
          // Free: fulfilled at once, without the provider.
          expect(sent).toEqual([]);
          expect(order!.provider).toBe('free');
        } else {
          expect(sent).toHaveLength(1);
          expect(sent[0]!.amountTotal).toBe(paidTotal);
          expect(sent[0]!.lines.map((line) => [line.courseId, line.unitAmountCents]).sort()).toEqual(stored.map((item) => [item.courseId, item.priceCents]).sort());
          expect((await fulfilOrder(db, orderId)).fulfilled).toBe(true);
        }
        const paid = await bucketBalances(db, orderId);
        expect(0 - paid.buyer!).toBe(paidTotal);
        expect(Object.values(paid).reduce((a, b) => a + b, 0)).toBe(0);

        const refunds = refundDouble();
        const toRefund = refundAll ? null : courses.filter((_course, index) => lines[index]!.refunded).map((course) => course.id);
        if (toRefund === null || toRefund.length > 0) {
          await refundOrder(db, admin.id, orderId, refunds.provider, toRefund ? { courseIds: toRefund } : {});
        }
        const after = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
        const refundedPrices = after.filter((item) => item.refundedAt).reduce((total, item) => total + item.priceCents, 0);
        expect(after.filter((item) => item.refundedAt)).toHaveLength(toRefund === null ? lines.length : toRefund.length);
        const balances = await bucketBalances(db, orderId);
        expect(balances.refunded).toBe(refundedPrices);
        expect(0 - balances.buyer!).toBe(paidTotal);
        expect(Object.values(balances).reduce((a, b) => a + b, 0)).toBe(0);
        expect([...refunds.refunds.values()].reduce((total, refund) => total + refund.amountCents, 0)).toBe(refundedPrices);
      }),
      { numRuns: 25 },
    );
  });
});
