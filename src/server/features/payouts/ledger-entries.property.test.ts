import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../../test/helpers/database';
import { createPayoutDouble, netTransferred, type PayoutDouble } from '../../../../test/helpers/payout-provider';
import { givePayoutAccount, payOrder, refundDouble, setPayoutAccountState, useLedgerDatabase, type SoldCourse } from '../../../../test/helpers/payouts';
import type { Database } from '../../db/client';
import { createCategoryWithSubcategories, createCourse, createUser } from '../../db/factories';
import { ledgerEntries, orderItems, orders } from '../../db/schema';
import { refundOrder } from '../orders';
import { bucketBalances } from './ledger-balances';
import { runPayouts } from './transfers';

/**
 * The ledger always balances, whatever happens in whatever order: random carts (1–5 lines of
 * 0–10000 cents, several teachers), random fee rates (0–10000 basis points), holds passing,
 * accounts enabled late, provider failures, and partial or whole refunds before or after the hold
 * and before or after the transfers. After every step, for every order and overall: shares plus
 * fees are what was paid; no bucket but the buyer's is negative; all buckets sum to 0; the
 * refunded bucket holds exactly the refunded lines' prices; what the provider transferred less
 * what it reversed is the paid bucket.
 */

const HOLD = 14;
const TEACHERS = 3;
const COURSES_PER_TEACHER = 5;
const start = new Date('2026-01-01T00:00:00Z');

const buy = fc.record({
  kind: fc.constant('buy' as const),
  lines: fc.array(fc.record({ teacher: fc.nat(TEACHERS - 1), priceCents: fc.integer({ min: 0, max: 10_000 }) }), { minLength: 1, maxLength: 5 }),
  feeBasisPoints: fc.integer({ min: 0, max: 10_000 }),
});
const advance = fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 20 }), providerFails: fc.boolean() });
const refund = fc.record({ kind: fc.constant('refund' as const), order: fc.nat(), lines: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { nil: null }) });
const enable = fc.record({ kind: fc.constant('enable' as const), teacher: fc.nat(TEACHERS - 1) });
type Step = typeof buy extends fc.Arbitrary<infer B> ? (typeof advance extends fc.Arbitrary<infer A> ? (typeof refund extends fc.Arbitrary<infer R> ? (typeof enable extends fc.Arbitrary<infer E> ? B | A | R | E : never) : never) : never) : never;
const step: fc.Arbitrary<Step> = fc.oneof({ arbitrary: buy, weight: 3 }, { arbitrary: advance, weight: 3 }, { arbitrary: refund, weight: 2 }, { arbitrary: enable, weight: 1 });

type World = { db: Database; double: PayoutDouble; teachers: string[]; courses: SoldCourse[][]; buyer: string; admin: string; now: Date; orderIds: string[] };

async function checkInvariants({ db, double, orderIds }: World) {
  const buckets = await bucketBalances(db);
  expect(Object.values(buckets).reduce((a, b) => a + b, 0)).toBe(0);
  for (const [bucket, balance] of Object.entries(buckets)) if (bucket !== 'buyer') expect(balance, bucket).toBeGreaterThanOrEqual(0);
  const lines = orderIds.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)) : [];
  expect(buckets.refunded).toBe(lines.filter((line) => line.refundedAt).reduce((total, line) => total + line.priceCents, 0));
  const entries = await db
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents, teacherId: ledgerEntries.teacherId, fromBucket: ledgerEntries.fromBucket, toBucket: ledgerEntries.toBucket })
    .from(ledgerEntries);
  const sumOf = (kind: string) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amountCents, 0);
  expect(sumOf('transfer') - sumOf('reversal')).toBe(buckets.paid);
  expect(netTransferred(double)).toBe(buckets.paid);
  for (const orderId of orderIds) {
    const [order] = await db.select({ amountTotal: orders.amountTotal }).from(orders).where(eq(orders.id, orderId));
    const own = lines.filter((line) => line.orderId === orderId);
    expect(own.reduce((total, line) => total + line.teacherShareCents + line.feeCents, 0)).toBe(order!.amountTotal);
    const perOrder = await bucketBalances(db, orderId);
    // A sum rather than a negation: a free order's buyer balance is 0, whose negation is -0.
    expect(order!.amountTotal + perOrder.buyer).toBe(0);
    for (const [bucket, balance] of Object.entries(perOrder)) if (bucket !== 'buyer') expect(balance, `${orderId} ${bucket}`).toBeGreaterThanOrEqual(0);
  }
  // Per teacher, too: nobody's pending, available or paid is ever below zero.
  const teachers = new Set(entries.map((entry) => entry.teacherId));
  for (const teacherId of teachers) {
    const mine = entries.filter((entry) => entry.teacherId === teacherId);
    for (const bucket of ['pending', 'available', 'paid'] as const) {
      const balance = mine.reduce((total, entry) => total + (entry.toBucket === bucket ? entry.amountCents : 0) - (entry.fromBucket === bucket ? entry.amountCents : 0), 0);
      expect(balance, `${teacherId} ${bucket}`).toBeGreaterThanOrEqual(0);
    }
  }
}

async function apply(world: World, action: Step) {
  const { db, double } = world;
  switch (action.kind) {
    case 'buy': {
      const used = new Map<number, number>();
      const items = action.lines.map(({ teacher, priceCents }) => {
        const index = used.get(teacher) ?? 0;
        used.set(teacher, index + 1);
        return { ...world.courses[teacher]![index]!, priceCents };
      });
      const { orderId } = await payOrder(db, { userId: world.buyer, items, paidAt: world.now, feeBasisPoints: action.feeBasisPoints });
      world.orderIds.push(orderId);
      return;
    }
    case 'advance': {
      world.now = new Date(world.now.getTime() + action.days * 86_400_000);
      if (action.providerFails) double.failNext(1);
      await runPayouts(db, double, { now: world.now, holdDays: HOLD });
      double.failNext(0);
      return;
    }
    case 'refund': {
      if (world.orderIds.length === 0) return;
      const orderId = world.orderIds[action.order % world.orderIds.length]!;
      const open = (await db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).filter((line) => !line.refundedAt);
      if (open.length === 0) return;
      const courseIds = action.lines ? [...new Set(action.lines.map((pick) => open[pick % open.length]!.courseId))] : undefined;
      await refundOrder(db, world.admin, orderId, refundDouble().provider, { courseIds, payouts: double });
      return;
    }
    case 'enable':
      await setPayoutAccountState(db, world.teachers[action.teacher]!, 'enabled');
  }
}

describe('the ledger, over random carts, fees, refunds and timings', () => {
  const ctx = useLedgerDatabase();

  it('always balances, to the cent', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await resetDatabase(await testDatabase());
        const double = createPayoutDouble();
        const { category, subcategories } = await createCategoryWithSubcategories(ctx.db, { subcategoryNames: ['Python'] });
        const teachers: string[] = [];
        const courses: SoldCourse[][] = [];
        for (let index = 0; index < TEACHERS; index += 1) {
          const teacherId = (await createUser(ctx.db)).id;
          teachers.push(teacherId);
          // The first teacher is enabled from the start, the second later (if ever), the third has an account still pending.
          await givePayoutAccount(ctx.db, double, teacherId, index === 0 ? 'enabled' : 'pending');
          const own: SoldCourse[] = [];
          for (let course = 0; course < COURSES_PER_TEACHER; course += 1) {
            own.push(await createCourse(ctx.db, { ownerId: teacherId, categoryId: category.id, subcategoryId: subcategories[0]!.id }, { videos: false }));
          }
          courses.push(own);
        }
        const world: World = { db: ctx.db, double, teachers, courses, buyer: (await createUser(ctx.db)).id, admin: (await createUser(ctx.db, { isAdmin: true })).id, now: start, orderIds: [] };
        for (const action of steps) {
          await apply(world, action);
          await checkInvariants(world);
        }
      }),
      { numRuns: 12 },
    );
  });
});
