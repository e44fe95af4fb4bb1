import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { useSmtpServer } from '../../../test/helpers/smtp';
import type { Database } from '../db/client';
import { createCourse, createOrder, createPricedOrder, createUser, insertCoupon } from '../db/factories';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, orderItems } from '../db/schema';
import { fulfilOrder, refundOrder, revokeOrder } from '../features/orders';
import { orderNumber } from './templates';

describe('order e-mails: receipt, refund notice, new-sale notices', () => {
  const smtp = useSmtpServer();
  const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0' }));

  async function unpaidOrder() {
    const buyer = await createUser(ctx.db, { language: 'en' });
    const ana = await createUser(ctx.db, { language: 'es' });
    const bob = await createUser(ctx.db, { language: 'en' });
    const python = await createCourse(ctx.db, { ownerId: ana.id, title: 'Python desde cero', priceCents: 1999 });
    const sql = await createCourse(ctx.db, { ownerId: ana.id, title: 'SQL <práctico>', priceCents: 0 });
    const react = await createCourse(ctx.db, { ownerId: bob.id, title: 'React for everyone', priceCents: 2500 });
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [python, sql, react], paymentStatus: 'unpaid', amountTotal: 4499 });
    return { buyer, ana, bob, order };
  }

  it('a paid order mails the buyer a receipt and each teacher their sale, in each one’s language, once', async () => {
    smtp.received.length = 0;
    const { buyer, ana, bob, order } = await unpaidOrder();
    expect((await fulfilOrder(ctx.db, order.id)).fulfilled).toBe(true);
    expect((await fulfilOrder(ctx.db, order.id)).fulfilled).toBe(false);
    await ctx.app.mail.deliverNow();

    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([buyer.email, ana.email, bob.email].sort());
    const receipt = smtp.received.find((mail) => mail.to[0] === buyer.email)!;
    const number = orderNumber(order.id);
    expect(receipt.subject).toBe(`Your Cursos Online purchase ${number}`);
    expect(receipt.text).toContain('- Python desde cero: $19.99 USD');
    expect(receipt.text).toContain('- SQL <práctico>: FREE');
    expect(receipt.text).toContain('- React for everyone: $25 USD');
    expect(receipt.text).toContain('- Total: $44.99 USD');
    expect(receipt.text).toContain(`Go to my courses: ${ctx.config.publicUrl}/mycourses`);
    // The invoice, issued with the payment, is one click away (the buyer's session opens it).
    const invoiceLink = `${ctx.config.publicUrl}/api/orders/${order.id}/invoice.pdf`;
    expect(receipt.text).toContain(`Download the invoice (PDF): ${invoiceLink}`);
    expect(receipt.html).toContain(`<a href="${invoiceLink}">Download the invoice (PDF)</a>`);
    // The HTML part escapes what teachers typed.
    expect(receipt.html).toContain('SQL &lt;práctico&gt;');
    expect(receipt.html).not.toContain('SQL <práctico>');

    // Two of Ana's courses in one order: one mail that says so and lists both.
    const anaSale = smtp.received.find((mail) => mail.to[0] === ana.email)!;
    expect(anaSale.subject).toBe('¡Vendiste 2 cursos!');
    expect(anaSale.text).toContain(`Alguien compró 2 de tus cursos en el pedido ${number}:`);
    expect(anaSale.text).toContain('Python desde cero');
    expect(anaSale.text).toContain('SQL <práctico>: GRATIS');
    expect(anaSale.text).not.toContain('React');
    const bobSale = smtp.received.find((mail) => mail.to[0] === bob.email)!;
    expect(bobSale.subject).toBe('You sold a course!');
    expect(bobSale.text).toContain(`Someone bought your course in order ${number}.`);
    expect(bobSale.text).not.toContain('Python');
  });

  it('a refund mails the buyer a refund notice and each teacher theirs, in each one’s language, once', async () => {
    const { buyer, ana, bob, order } = await unpaidOrder();
    await fulfilOrder(ctx.db, order.id);
    await ctx.app.mail.deliverNow();
    smtp.received.length = 0;

    expect((await revokeOrder(ctx.db, order.id)).revoked).toBe(true);
    expect((await revokeOrder(ctx.db, order.id)).revoked).toBe(false);
    await ctx.app.mail.deliverNow();
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([buyer.email, ana.email, bob.email].sort());
    const number = orderNumber(order.id);
    const refund = smtp.received.find((mail) => mail.to[0] === buyer.email)!;
    expect(refund.subject).toBe(`Refund of order ${number}`);
    expect(refund.text).toContain('- Refunded: $44.99 USD');
    const anaNotice = smtp.received.find((mail) => mail.to[0] === ana.email)!;
    expect(anaNotice.subject).toBe('Se reembolsaron 2 ventas tuyas');
    expect(anaNotice.text).toContain(`Reembolsamos al comprador 2 de tus cursos del pedido ${number}`);
    expect(anaNotice.text).toContain('- Python desde cero: $19.99 USD');
    expect(anaNotice.text).toContain('- SQL <práctico>: GRATIS');
    expect(anaNotice.text).toContain(`Ver mis ganancias: ${ctx.config.publicUrl}/coursescreated/earnings`);
    expect(anaNotice.text).not.toContain('React');
    const bobNotice = smtp.received.find((mail) => mail.to[0] === bob.email)!;
    expect(bobNotice.subject).toBe('A sale of yours was refunded');
    expect(bobNotice.text).toContain('- React for everyone: $25 USD');
    expect(bobNotice.text).not.toContain('Python');
  });

  it('an admin’s refund of some lines tells only their teacher, in the refund’s transaction, and the rest later tells the others', async () => {
    const { buyer, ana, bob, order } = await unpaidOrder();
    const admin = await createUser(ctx.db);
    await fulfilOrder(ctx.db, order.id);
    await ctx.app.mail.deliverNow();
    smtp.received.length = 0;
    const provider = { refund: async () => ({ refundId: 're_test' }) };
    const [react] = await ctx.db.select().from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.title, 'React for everyone')));

    // A refund the provider refuses queues nothing.
    await expect(refundOrder(ctx.db, admin.id, order.id, { refund: async () => Promise.reject(new Error('down')) }, { courseIds: [react!.courseId] })).rejects.toThrow();
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'sale-refunded'))).toHaveLength(0);

    await refundOrder(ctx.db, admin.id, order.id, provider, { courseIds: [react!.courseId] });
    await ctx.app.mail.deliverNow();
    // The order stays paid: the buyer gets no refund notice yet; Bob hears of his line.
    expect(smtp.received.map((mail) => [mail.to[0], mail.subject])).toEqual([[bob.email, 'A sale of yours was refunded']]);
    smtp.received.length = 0;

    await refundOrder(ctx.db, admin.id, order.id, provider);
    await ctx.app.mail.deliverNow();
    // The order is refunded as a whole now: the buyer's notice; Ana hears of her two lines once; Bob is not told again.
    expect(smtp.received.map((mail) => [mail.to[0], mail.subject]).sort()).toEqual(
      [
        [buyer.email, `Refund of order ${orderNumber(order.id)}`],
        [ana.email, 'Se reembolsaron 2 ventas tuyas'],
      ].sort(),
    );
  });

  it('the receipt shows each discounted line’s list price and coupon, and the total that was paid', async () => {
    smtp.received.length = 0;
    const buyer = await createUser(ctx.db, { language: 'en' });
    const ana = await createUser(ctx.db, { language: 'es' });
    const python = await createCourse(ctx.db, { ownerId: ana.id, title: 'Python desde cero', priceCents: 2000 });
    const sql = await createCourse(ctx.db, { ownerId: ana.id, title: 'SQL práctico', priceCents: 1500 });
    const coupon = await insertCoupon(ctx.db, { code: 'Launch-<50>', createdBy: ana.id, discountKind: 'percent', discountValue: 50 });
    const { order } = await createPricedOrder(ctx.db, { userId: buyer.id, courses: [python, sql], coupon, discounted: [python], paymentStatus: 'unpaid' });
    await fulfilOrder(ctx.db, order.id);
    await ctx.app.mail.deliverNow();

    const receipt = smtp.received.find((mail) => mail.to[0] === buyer.email)!;
    expect(receipt.text).toContain('- Python desde cero: $10 USD (list price $20 USD; coupon Launch-<50>)');
    expect(receipt.text).toContain('- SQL práctico: $15 USD\r\n');
    expect(receipt.text).toContain('- Total: $25 USD');
    expect(receipt.html).toContain('$10 USD (list price $20 USD; coupon Launch-&lt;50&gt;)');
    // The teacher's notice says it in Spanish.
    const sale = smtp.received.find((mail) => mail.to[0] === ana.email)!;
    expect(sale.text).toContain('- Python desde cero: $10 USD (precio de lista $20 USD; cupón Launch-<50>)');
  });

  it('queues nothing when the payment’s transaction does not commit', async () => {
    const { order } = await unpaidOrder();
    await expect(
      ctx.db.transaction(async (tx) => {
        await fulfilOrder(tx as unknown as Database, order.id);
        throw new Error('the commit failed');
      }),
    ).rejects.toThrow('the commit failed');
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
  });
});
