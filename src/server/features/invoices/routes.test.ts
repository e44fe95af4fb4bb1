import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app';
import { signedInAdmin, signedInUser, type TestUser } from '../../../../test/helpers/auth';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { createCourse, createOrder, createUser } from '../../db/factories';
import { invoices, users } from '../../db/schema';
import { issueCreditNote, issueInvoice } from '../../domain/invoices';

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
});
