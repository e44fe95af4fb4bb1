import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { createCourse, createOrder, createPricedOrder, createUser, insertCoupon } from '../../db/factories';
import { invoices, users } from '../../db/schema';
import { issueCreditNote, issueInvoice } from './issuing';

describe('invoice and credit-note PDFs', () => {
  const ctx = useTestApp({
    INVOICE_SELLER_NAME: 'Enseñanzas Ñandú S.L.',
    INVOICE_SELLER_ADDRESS: 'Avenida de la Constitución 5, 41004 Sevilla',
    INVOICE_SELLER_TAX_ID: 'ESB99999999',
    INVOICE_SELLER_EMAIL: 'facturas@example.com',
  });

  async function paidOrder(buyer: TestUser, language: 'es' | 'en' = 'es') {
    await ctx.db.update(users).set({ language }).where(eq(users.id, buyer.id));
    const teacher = await createUser(ctx.db);
    const design = await createCourse(ctx.db, { ownerId: teacher.id, title: 'Diseño gráfico básico', priceCents: 1999 });
    const python = await createCourse(ctx.db, { ownerId: teacher.id, title: 'Python para niños', priceCents: 2500 });
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [design, python] });
    // As the payment's transaction does (fulfilOrder, tested in orders/invoicing.test.ts).
    await issueInvoice(ctx.db, order.id);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    return { order, invoice: invoice! };
  }

  const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });

  it("gives the buyer their invoice as a PDF in their language, with the seller's details, the number, the lines and the total", async () => {
    const buyer = await signedInUser(ctx.app);
    const { order, invoice } = await paidOrder(buyer);
    const response = await get(buyer, `/api/orders/${order.id}/invoice.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="factura-${invoice.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(response.rawPayload);
    expect(text).toContain('Factura');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Enseñanzas Ñandú S.L.');
    expect(text).toContain('Avenida de la Constitución 5, 41004 Sevilla');
    expect(text).toContain('Diseño gráfico básico');
    expect(text).toContain('$44.99 USD');
    expect(text).toContain('Tarjeta');
  });

  it('a refund adds a credit note that references the invoice, for the refunded amount, in English for an English buyer', async () => {
    const buyer = await signedInUser(ctx.app);
    const { order, invoice } = await paidOrder(buyer, 'en');
    await issueCreditNote(ctx.db, { orderId: order.id, courseIds: 'all', refundKey: `refund:${order.id}:all` });
    const [note] = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));

    const list = await get(buyer, '/api/orders');
    expect(list.json().items[0]).toMatchObject({ invoiceNumber: invoice.number, creditNotes: [{ number: note!.number, totalCents: 4499 }] });

    const response = await get(buyer, `/api/orders/${order.id}/credit-notes/${note!.number}.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note!.number}.pdf"`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(note!.number);
    expect(text).toContain(invoice.number);
    expect(text).toContain('-$44.99 USD');
    expect(text).toContain('Enseñanzas Ñandú S.L.');
  });

  it("is 404 for another user, as for an order that does not exist, and 401 signed out; an admin gets any", async () => {
    const buyer = await signedInUser(ctx.app);
    const stranger = await signedInUser(ctx.app);
    const { order, invoice } = await paidOrder(buyer);
    await issueCreditNote(ctx.db, { orderId: order.id, courseIds: 'all', refundKey: `refund:${order.id}:all` });
    const [note] = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));

    const theirs = await get(stranger, `/api/orders/${order.id}/invoice.pdf`);
    const missing = await get(stranger, `/api/orders/00000000-0000-4000-8000-000000000000/invoice.pdf`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await get(stranger, `/api/orders/${order.id}/credit-notes/${note!.number}.pdf`)).statusCode).toBe(404);
    // The invoice's number is not a credit note of the order.
    expect((await get(buyer, `/api/orders/${order.id}/credit-notes/${invoice.number}.pdf`)).statusCode).toBe(404);
    expect((await get(null, `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(401);

    const admin = await signedInAdmin(ctx.app);
    expect((await get(admin, `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(200);
    expect((await get(admin, `/api/orders/${order.id}/credit-notes/${note!.number}.pdf`)).statusCode).toBe(200);
  });

  it('an unpaid or free order has no invoice: 404, and the list says so', async () => {
    const buyer = await signedInUser(ctx.app);
    const course = await createCourse(ctx.db, { priceCents: 1500 });
    const { order } = await createOrder(ctx.db, { userId: buyer.id, items: [course], paymentStatus: 'unpaid', expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await get(buyer, `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);
    expect((await get(buyer, '/api/orders')).json().items[0]).toMatchObject({ invoiceNumber: null, creditNotes: [] });
  });

  it('a discounted line prints its list price and the discount with the coupon’s code; the amounts and totals are what was paid', async () => {
    const buyer = await signedInUser(ctx.app);
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, buyer.id));
    const teacher = await createUser(ctx.db);
    const design = await createCourse(ctx.db, { ownerId: teacher.id, title: 'Diseño gráfico básico', priceCents: 1999 });
    const python = await createCourse(ctx.db, { ownerId: teacher.id, title: 'Python para niños', priceCents: 2500 });
    const coupon = await insertCoupon(ctx.db, { code: 'VERANO25', createdBy: teacher.id, discountKind: 'percent', discountValue: 25 });
    const { order } = await createPricedOrder(ctx.db, { userId: buyer.id, courses: [design, python], coupon, discounted: [design] });
    await issueInvoice(ctx.db, order.id);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    // 25 % of $19.99 is $5 (499.75 cents, rounded half up): $14.99 paid; with the undiscounted $25, $39.99 in all.
    expect(invoice!.totalCents).toBe(order.amountTotal);
    expect(order.amountTotal).toBe(3999);

    const text = pdfText((await get(buyer, `/api/orders/${order.id}/invoice.pdf`)).rawPayload).join('\n');
    expect(text).toContain('Diseño gráfico básico');
    expect(text).toContain('Precio de lista: $19.99 USD · Descuento (cupón VERANO25): -$5 USD');
    expect(text).toContain('$14.99 USD');
    expect(text).toContain('$39.99 USD');
    expect(text).not.toContain('$44.99 USD');
    // Only the discounted line has the detail.
    expect(text.match(/Precio de lista/g)).toHaveLength(1);

    await issueCreditNote(ctx.db, { orderId: order.id, courseIds: [design.id], refundKey: `refund:${order.id}:${design.id}` });
    const [note] = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(note!.totalCents).toBe(1499);
    const noteText = pdfText((await get(buyer, `/api/orders/${order.id}/credit-notes/${note!.number}.pdf`)).rawPayload).join('\n');
    expect(noteText).toContain('Precio de lista: $19.99 USD · Descuento (cupón VERANO25): -$5 USD');
    expect(noteText).toContain('-$14.99 USD');
    expect(noteText).not.toContain('Python para niños');
  });
});
