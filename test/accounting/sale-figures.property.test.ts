import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../helpers/auth';
import { resetDatabase, testDatabase } from '../helpers/database';
import { createCourse, createPricedOrder, insertCoupon } from '../../src/server/db/factories';
import { orderItems } from '../../src/server/db/schema';
import { fulfilOrder } from '../../src/server/features/orders';
import type { AdminDashboard, AdminOrder, Page } from '../../src/shared/schemas/admin';
import type { Coupon } from '../../src/shared/schemas/coupons';
import type { CourseReputation } from '../../src/shared/schemas/course-reputation';
import type { Order } from '../../src/shared/schemas/orders';
import type { AdminPayouts, TeacherEarnings } from '../../src/shared/schemas/payouts';
import type { TeacherSales } from '../../src/shared/schemas/teacher-sales';

/**
 * One truth for every sale: random orders (several teachers' courses, with or without a
 * teacher's coupon, free lines included) are paid, then refunded at random, a line or a few at a
 * time or whole, through the admin's refund endpoint. Then every page that shows money or sales
 * is read through the HTTP API, and each must agree to the cent with what was paid less what was
 * refunded: the teacher's sales (`/coursescreated`, and the admin's view of them), earnings and
 * the ledger's balances, the admin's dashboard and payout totals, the buyer's purchases with
 * their invoices and credit notes, the admin's orders, the coupon's revenue and each course's
 * students.
 */

const coursePrices = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 2 });
const couponTerms = fc.oneof(
  fc.record({ discountKind: fc.constant('percent' as const), discountValue: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ discountKind: fc.constant('amount' as const), discountValue: fc.integer({ min: 1, max: 10_000 }) }),
);
/** A refund: some lines (by pick) or, as null, every line still standing. */
const refundStep = fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { nil: null });
const scenario = fc.record({
  teachers: fc.array(coursePrices, { minLength: 1, maxLength: 3 }),
  coupon: fc.option(fc.record({ owner: fc.nat(), terms: couponTerms }), { nil: null }),
  orders: fc.array(
    fc.record({ picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), withCoupon: fc.boolean(), refunds: fc.array(refundStep, { maxLength: 2 }) }),
    { minLength: 1, maxLength: 3 },
  ),
});

type Line = { orderId: string; courseId: number; sellerId: string; priceCents: number; feeCents: number; shareCents: number; discountCents: number; refunded: boolean };

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('every page agrees about every sale', () => {
  const ctx = useTestApp();

  it('after random line and whole-order refunds, every figure of every page is what was paid less what was refunded, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (world) => {
        await resetDatabase(await testDatabase());
        const get = async <T>(user: TestUser, url: string): Promise<T> => {
          const response = await ctx.app.inject({ url, headers: user.headers });
          expect(response.statusCode, url).toBe(200);
          return response.json() as T;
        };
        const admin = await signedInAdmin(ctx.app);
        const teachers: TestUser[] = [];
        const courses: { id: number; title: string; priceCents: number; ownerId: string }[] = [];
        for (const prices of world.teachers) {
          const teacher = await signedInUser(ctx.app);
          teachers.push(teacher);
          for (const priceCents of prices) courses.push(await createCourse(ctx.db, { ownerId: teacher.id, priceCents }, { videos: false }));
        }
        const couponOwner = world.coupon ? teachers[world.coupon.owner % teachers.length]! : null;
        const coupon =
          world.coupon && couponOwner
            ? await insertCoupon(ctx.db, { code: `TRUTH${world.coupon.owner}`, createdBy: couponOwner.id, ...world.coupon.terms })
            : null;

        // Each order its own buyer, as a buyer holds a course once.
        const lines: Line[] = [];
        const buyers = new Map<string, TestUser>();
        for (const spec of world.orders) {
          const bought = [...new Set(spec.picks.map((pick) => pick % courses.length))].map((index) => courses[index]!);
          const buyer = await signedInUser(ctx.app);
          // A teacher's coupon covers that teacher's courses, and brings the buyer (a referral).
          const covered = coupon && spec.withCoupon ? bought.filter((course) => course.ownerId === couponOwner!.id) : [];
          const { order } = await createPricedOrder(ctx.db, {
            userId: buyer.id,
            courses: bought,
            ...(coupon && covered.length > 0 ? { coupon, discounted: covered, referred: covered } : {}),
            paymentStatus: 'unpaid',
          });
          expect((await fulfilOrder(ctx.db, order.id, { providerPaymentId: `pi_truth_${order.id}` })).fulfilled).toBe(true);
          buyers.set(order.id, buyer);
          const stored = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
          for (const item of stored) {
            lines.push({
              orderId: order.id,
              courseId: item.courseId,
              sellerId: item.sellerId,
              priceCents: item.priceCents,
              feeCents: item.feeCents,
              shareCents: item.teacherShareCents,
              discountCents: item.discountCents,
              refunded: false,
            });
          }
        }

        // Refunds through the admin's endpoint, as the admin's orders page asks for them.
        for (const [index, orderId] of [...buyers.keys()].entries()) {
          const own = lines.filter((line) => line.orderId === orderId);
          for (const step of world.orders[index]!.refunds) {
            const standing = own.filter((line) => !line.refunded);
            if (standing.length === 0) break;
            const chosen = step === null ? standing : [...new Set(step.map((pick) => standing[pick % standing.length]!))];
            const response = await ctx.app.inject({
              method: 'POST',
              url: `/api/admin/orders/${orderId}/refund`,
              headers: admin.headers,
              payload: step === null ? {} : { courseIds: chosen.map((line) => line.courseId) },
            });
            expect(response.statusCode, response.body).toBe(200);
            for (const line of chosen) line.refunded = true;
          }
        }

        const standing = lines.filter((line) => !line.refunded);
        const orderIds = [...buyers.keys()];
        const expectedStatus = (orderId: string) => {
          const own = lines.filter((line) => line.orderId === orderId);
          const refunded = own.filter((line) => line.refunded).length;
          return refunded === 0 ? 'paid' : refunded === own.length ? 'refunded' : 'partly_refunded';
        };

        // The teacher's sales (/coursescreated) and the admin's view of them; earnings and the ledger's balances.
        for (const teacher of teachers) {
          const theirs = standing.filter((line) => line.sellerId === teacher.id);
          const sales = await get<TeacherSales>(teacher, '/api/teaching/sales');
          expect(sales.totals).toEqual({ revenueCents: sum(theirs.map((line) => line.priceCents)), sales: theirs.length, students: theirs.length });
          for (const course of courses.filter((candidate) => candidate.ownerId === teacher.id)) {
            const ofCourse = theirs.filter((line) => line.courseId === course.id);
            expect(sales.courses.find((row) => row.id === course.id)).toMatchObject({
              revenueCents: sum(ofCourse.map((line) => line.priceCents)),
              sales: ofCourse.length,
              couponSales: ofCourse.filter((line) => line.discountCents > 0).length,
              students: ofCourse.length,
            });
            const reputation = await get<CourseReputation>(teacher, `/api/courses/${course.id}/reputation`);
            expect(reputation.students).toBe(ofCourse.length);
          }
          expect(sum(sales.daily.map((day) => day.revenueCents))).toBe(sales.totals.revenueCents);
          expect(await get<TeacherSales>(admin, `/api/admin/users/${teacher.id}/sales`)).toEqual(sales);

          const earnings = await get<TeacherEarnings>(teacher, '/api/payouts/earnings');
          const kept = earnings.sales.filter((sale) => sale.state !== 'refunded');
          expect(sum(kept.map((sale) => sale.priceCents))).toBe(sales.totals.revenueCents);
          expect(kept).toHaveLength(sales.totals.sales);
          expect(earnings.sales.filter((sale) => sale.state === 'refunded')).toHaveLength(lines.filter((line) => line.sellerId === teacher.id && line.refunded).length);
          const { pendingCents, availableCents, paidCents } = earnings.balances;
          expect(pendingCents + availableCents + paidCents).toBe(sum(theirs.map((line) => line.shareCents)));
          expect(sum(kept.map((sale) => sale.shareCents))).toBe(sum(theirs.map((line) => line.shareCents)));
        }

        // The coupon's revenue: what buyers paid for the lines it discounted, refunds taken out.
        if (coupon && couponOwner) {
          const listed = (await get<{ items: Coupon[] }>(couponOwner, '/api/coupons')).items.find((item) => item.id === coupon.id);
          const discounted = standing.filter((line) => line.discountCents > 0);
          expect(listed).toMatchObject({ revenueCents: sum(discounted.map((line) => line.priceCents)), discountCents: sum(discounted.map((line) => line.discountCents)) });
        }

        // The admin's dashboard and the ledger's platform totals.
        const revenue = sum(standing.map((line) => line.priceCents));
        const dashboard = await get<AdminDashboard>(admin, '/api/admin/dashboard');
        expect(dashboard.revenueCents).toBe(revenue);
        expect(dashboard.paidOrders).toBe(new Set(standing.map((line) => line.orderId)).size);
        expect(sum(dashboard.revenueByDay.map((day) => day.revenueCents))).toBe(revenue);
        const payouts = await get<AdminPayouts>(admin, '/api/admin/payouts');
        expect(payouts.totals.grossCents - payouts.totals.refundsCents).toBe(revenue);
        expect(payouts.totals.feesCents).toBe(sum(standing.map((line) => line.feeCents)));
        expect(payouts.totals.pendingCents + payouts.totals.availableCents + payouts.totals.transferredCents).toBe(sum(standing.map((line) => line.shareCents)));

        // The buyer's purchases ("Mis compras"): status, invoice less credit notes; the admin's orders say the same.
        const adminOrders = (await get<Page<AdminOrder>>(admin, '/api/admin/orders')).items;
        for (const orderId of orderIds) {
          const own = lines.filter((line) => line.orderId === orderId);
          const kept = sum(own.filter((line) => !line.refunded).map((line) => line.priceCents));
          const order = (await get<{ items: Order[] }>(buyers.get(orderId)!, '/api/orders')).items.find((candidate) => candidate.id === orderId);
          expect(order!.status).toBe(expectedStatus(orderId));
          expect(order!.amountTotal).toBe(sum(own.map((line) => line.priceCents)));
          if (order!.amountTotal > 0) {
            expect(order!.invoiceNumber).not.toBeNull();
            expect(order!.amountTotal - sum(order!.creditNotes.map((note) => note.totalCents))).toBe(kept);
          }
          const listed = adminOrders.find((candidate) => candidate.id === orderId)!;
          expect(listed.status).toBe(expectedStatus(orderId));
          expect(listed.items.filter((item) => item.refundedAt !== null).map((item) => item.courseId).sort()).toEqual(
            own.filter((line) => line.refunded).map((line) => line.courseId).sort(),
          );
        }
      }),
      // Each run builds a marketplace and reads a dozen pages over HTTP: the first failing case is
      // reported as it is, without shrinking it (which would replay it hundreds of times).
      { numRuns: 10, endOnFailure: true },
    );
  }, 600_000);
});
