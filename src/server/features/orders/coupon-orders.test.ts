import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser } from '../../../../test/helpers/auth';
import { adminOrder, pageOf } from '../../../shared/schemas/admin';
import { invoiceDocumentSchema } from '../../../shared/schemas/invoices';
import { ordersResponse } from '../../../shared/schemas/orders';
import { createCourse, createPricedOrder, createUser, insertCoupon } from '../../db/factories';
import { invoices, orders } from '../../db/schema';
import { refundOrder, type RefundProvider } from './admin-orders';
import { fulfilOrder } from './fulfilment';

/** A provider double that records each refund's amount. */
function recordingProvider() {
  const refunds: { orderId: string; amountCents: number | undefined }[] = [];
  const provider: RefundProvider = {
    refund: async (order, request) => {
      refunds.push({ orderId: order.id, amountCents: request?.amountCents });
      return { refundId: `re_${refunds.length}` };
    },
  };
  return { provider, refunds };
}

describe('orders priced with a coupon and referrals', () => {
  const ctx = useTestApp();

  /** One paid order: a line the coupon discounted, a line the teacher brought, and a plain one. */
  async function paidCouponOrder(buyerId: string) {
    const teacher = await createUser(ctx.db);
    const discounted = await createCourse(ctx.db, { ownerId: teacher.id, title: 'A descontado', priceCents: 4000 });
    const referred = await createCourse(ctx.db, { ownerId: teacher.id, title: 'B referido', priceCents: 2500 });
    const plain = await createCourse(ctx.db, { ownerId: teacher.id, title: 'C normal', priceCents: 1000 });
    const coupon = await insertCoupon(ctx.db, { code: `Lanza${buyerId.slice(0, 6)}`, createdBy: teacher.id, discountKind: 'percent', discountValue: 30 });
    const { order } = await createPricedOrder(ctx.db, {
      userId: buyerId,
      courses: [discounted, referred, plain],
      coupon,
      discounted: [discounted],
      referred: [referred],
      paymentStatus: 'unpaid',
    });
    expect((await fulfilOrder(ctx.db, order.id)).fulfilled).toBe(true);
    return { order, coupon, discounted, referred, plain };
  }

  it('the admin’s orders show the coupon, each line’s list price, discount and referral mark', async () => {
    const admin = await signedInAdmin(ctx.app, ctx.db);
    const buyer = await createUser(ctx.db);
    const { order, coupon, discounted, referred, plain } = await paidCouponOrder(buyer.id);

    const response = await ctx.app.inject({ url: '/api/admin/orders', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [listed] = pageOf(adminOrder).parse(response.json()).items;
    expect(listed).toMatchObject({ id: order.id, couponCode: coupon.code, amountTotal: 2800 + 2500 + 1000 });
    expect(listed!.items).toEqual([
      { courseId: discounted.id, title: discounted.title, listPriceCents: 4000, discountCents: 1200, priceCents: 2800, referred: false, refundedAt: null },
      { courseId: referred.id, title: referred.title, listPriceCents: 2500, discountCents: 0, priceCents: 2500, referred: true, refundedAt: null },
      { courseId: plain.id, title: plain.title, listPriceCents: 1000, discountCents: 0, priceCents: 1000, referred: false, refundedAt: null },
    ]);
  });

  it('the buyer’s orders show the coupon and each line’s list price and discount', async () => {
    const buyer = await signedInUser(ctx.app);
    const { coupon, discounted, plain } = await paidCouponOrder(buyer.id);
    const response = await ctx.app.inject({ url: '/api/orders', headers: buyer.headers });
    expect(response.statusCode).toBe(200);
    const [listed] = ordersResponse.parse(response.json()).items;
    expect(listed).toMatchObject({ couponCode: coupon.code, amountTotal: 6300 });
    expect(listed!.items.find((item) => item.courseId === discounted.id)).toMatchObject({ listPriceCents: 4000, discountCents: 1200, priceCents: 2800 });
    expect(listed!.items.find((item) => item.courseId === plain.id)).toMatchObject({ listPriceCents: 1000, discountCents: 0, priceCents: 1000 });
  });

  it('the invoice adds up to what the order charged, with the discounted line’s list price, discount and coupon', async () => {
    const buyer = await createUser(ctx.db);
    const { order, coupon, discounted, referred } = await paidCouponOrder(buyer.id);
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const document = invoiceDocumentSchema.parse(row!.document);
    const [stored] = await ctx.db.select({ amountTotal: orders.amountTotal, taxCents: orders.taxCents }).from(orders).where(eq(orders.id, order.id));
    expect(row!.totalCents).toBe(stored!.amountTotal + stored!.taxCents);
    expect(document.subtotalCents).toBe(stored!.amountTotal);
    expect(document.lines.reduce((sum, line) => sum + line.priceCents, 0)).toBe(stored!.amountTotal);
    expect(document.lines.find((line) => line.courseId === discounted.id)).toEqual({
      courseId: discounted.id,
      title: discounted.title,
      listPriceCents: 4000,
      discountCents: 1200,
      priceCents: 2800,
      couponCode: coupon.code,
    });
    // The coupon is named only on the line it discounted.
    expect(document.lines.find((line) => line.courseId === referred.id)).toMatchObject({ listPriceCents: 2500, discountCents: 0, couponCode: null });
  });

  it('refunding a discounted line gives back what was paid for it, never its list price; its credit note says the same', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true });
    const buyer = await createUser(ctx.db);
    const { order, discounted } = await paidCouponOrder(buyer.id);
    const { provider, refunds } = recordingProvider();

    const afterLine = await refundOrder(ctx.db, admin.id, order.id, provider, { courseIds: [discounted.id] });
    expect(refunds).toEqual([{ orderId: order.id, amountCents: 2800 }]);
    expect(afterLine.items.find((item) => item.courseId === discounted.id)!.refundedAt).not.toBeNull();
    const [lineNote] = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(lineNote!.totalCents).toBe(2800);
    expect(invoiceDocumentSchema.parse(lineNote!.document).lines).toMatchObject([{ courseId: discounted.id, listPriceCents: 4000, discountCents: 1200, priceCents: 2800 }]);

    // The rest of the order: what is left of the payment, the referred and plain lines at their prices.
    await refundOrder(ctx.db, admin.id, order.id, provider);
    expect(refunds.map((refund) => refund.amountCents)).toEqual([2800, 2500 + 1000]);
    const notes = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(notes.map((note) => note.totalCents).sort((a, b) => a - b)).toEqual([2800, 3500]);
    expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(6300);
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents!, 0)).toBe(6300);
  });
});
