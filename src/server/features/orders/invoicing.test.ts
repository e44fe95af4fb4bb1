import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase, testDatabase } from '../../../../test/helpers/database';
import { invoiceSellerDefaults } from '../../../shared/limits';
import { invoiceDocumentSchema } from '../../../shared/schemas/invoices';
import type { Database } from '../../db/client';
import { createCourse, createOrder, createUser } from '../../db/factories';
import { invoices, invoiceSeries, orders } from '../../db/schema';
import { issueCreditNote, issueInvoice, setInvoiceSeller, takeInvoiceNumber } from '../invoices';
import { fulfilOrder, revokeOrder } from './fulfilment';

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
  // The seller is the process's (an app built earlier in this worker may have set another).
  setInvoiceSeller({ ...invoiceSellerDefaults });
});
beforeEach(async () => {
  await resetDatabase(await testDatabase());
});

async function order({ paymentStatus = 'unpaid' as 'paid' | 'unpaid', language = 'es', prices = [1999, 2500], taxCents = 0, billingDetails = null as unknown } = {}) {
  const buyer = await createUser(db, { language, name: 'Begoña Núñez' });
  const teacher = await createUser(db);
  const courses = [];
  for (const [index, priceCents] of prices.entries()) courses.push(await createCourse(db, { ownerId: teacher.id, title: `Curso ${index} de diseño`, priceCents }));
  const { order } = await createOrder(db, { userId: buyer.id, items: courses, paymentStatus, taxCents, billingDetails });
  return { buyer, courses, order };
}

const documentOf = async (number: string) => {
  const [row] = await db.select().from(invoices).where(eq(invoices.number, number));
  return { row: row!, document: invoiceDocumentSchema.parse(row!.document) };
};

describe('invoice numbering', () => {
  it('numbers each year from 000001, credit notes sharing the series', async () => {
    const numbers = await db.transaction(async (tx) => [
      await takeInvoiceNumber(tx as unknown as Database, 2026),
      await takeInvoiceNumber(tx as unknown as Database, 2026),
      await takeInvoiceNumber(tx as unknown as Database, 2027),
    ]);
    expect(numbers).toEqual(['2026-000001', '2026-000002', '2027-000001']);
  });

  it('a rolled-back issue leaves no gap', async () => {
    await expect(
      db.transaction(async (tx) => {
        await takeInvoiceNumber(tx as unknown as Database, 2026);
        throw new Error('the payment failed to commit');
      }),
    ).rejects.toThrow('the payment failed to commit');
    const { order: paid } = await order({ paymentStatus: 'paid' });
    expect((await issueInvoice(db, paid.id, { now: new Date('2026-03-01T10:00:00Z') }))?.number).toBe('2026-000001');
  });

  it('20 issues at once get 20 consecutive numbers, none shared', async () => {
    const paid = [];
    for (let index = 0; index < 20; index += 1) paid.push((await order({ paymentStatus: 'paid', prices: [1000 + index] })).order);
    const now = new Date('2026-05-05T12:00:00Z');
    const issued = await Promise.all(paid.map((each) => issueInvoice(db, each.id, { now })));
    const numbers = issued.map((each) => each!.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `2026-${String(index + 1).padStart(6, '0')}`));
    const [series] = await db.select().from(invoiceSeries).where(eq(invoiceSeries.year, 2026));
    expect(series?.lastNumber).toBe(20);
  });
});

describe('the invoice of a paid order', () => {
  it('is issued once, with the payment, snapshotting seller, buyer, lines, totals and language', async () => {
    const { order: unpaid, buyer } = await order({
      language: 'en',
      taxCents: 950,
      billingDetails: { name: 'Núñez Diseño S.L.', address: ['Calle Mayor 1', '28013 Madrid', 'ES'], taxIds: [{ type: 'es_cif', value: 'B12345678' }] },
    });
    expect((await fulfilOrder(db, unpaid.id)).fulfilled).toBe(true);
    expect((await fulfilOrder(db, unpaid.id)).fulfilled).toBe(false);

    const rows = await db.select().from(invoices).where(eq(invoices.orderId, unpaid.id));
    expect(rows).toHaveLength(1);
    const { document } = await documentOf(rows[0]!.number);
    const [paid] = await db.select().from(orders).where(eq(orders.id, unpaid.id));
    expect(document).toMatchObject({
      kind: 'invoice',
      language: 'en',
      seller: { ...invoiceSellerDefaults },
      buyer: { name: 'Begoña Núñez', email: buyer.email, billing: { name: 'Núñez Diseño S.L.', taxIds: [{ type: 'es_cif', value: 'B12345678' }] } },
      subtotalCents: 4499,
      taxCents: 950,
      totalCents: 5449,
      currency: 'usd',
      payment: { method: 'card', paidAt: paid!.paidAt!.toISOString() },
      corrects: null,
    });
    expect(document.lines.map((line) => line.priceCents)).toEqual([1999, 2500]);
    expect(rows[0]!.totalCents).toBe(5449);
    // Idempotent outside fulfilment too.
    expect((await issueInvoice(db, unpaid.id))?.number).toBe(rows[0]!.number);
  });

  it('a free order gets none, nor does an unpaid one', async () => {
    const { order: free } = await order({ prices: [0] });
    await fulfilOrder(db, free.id);
    const { order: unpaid } = await order();
    expect(await issueInvoice(db, unpaid.id)).toBeNull();
    expect(await db.select().from(invoices)).toEqual([]);
  });

  it('never changes once issued: the table refuses updates and deletes', async () => {
    const { order: paid } = await order({ paymentStatus: 'paid' });
    const issued = await issueInvoice(db, paid.id);
    await expect(db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, issued!.id))).rejects.toThrow();
    await expect(db.delete(invoices).where(eq(invoices.id, issued!.id))).rejects.toThrow();
  });
});

describe('credit notes', () => {
  it('a whole-order refund issues one note for the whole invoice, referencing it', async () => {
    const { order: unpaid } = await order({ taxCents: 900 });
    await fulfilOrder(db, unpaid.id);
    expect((await revokeOrder(db, unpaid.id)).revoked).toBe(true);
    expect((await revokeOrder(db, unpaid.id)).revoked).toBe(false);
    const rows = await db.select().from(invoices).where(eq(invoices.orderId, unpaid.id)).orderBy(invoices.number);
    expect(rows.map((row) => row.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, note] = rows;
    expect(note).toMatchObject({ correctsInvoiceId: invoice!.id, refundKey: `refund:${unpaid.id}:all`, totalCents: invoice!.totalCents });
    const { document } = await documentOf(note!.number);
    expect(document.corrects).toEqual({ number: invoice!.number, issuedAt: invoice!.issuedAt.toISOString() });
    expect(document.taxCents).toBe(900);
  });

  it('per line, once per refund key; the tax is shared out and adds up exactly', async () => {
    const { order: paid, courses } = await order({ paymentStatus: 'paid', prices: [1000, 1000, 1000], taxCents: 100 });
    await issueInvoice(db, paid.id);
    const first = await issueCreditNote(db, { orderId: paid.id, courseIds: [courses[0]!.id], refundKey: `refund:${paid.id}:${courses[0]!.id}` });
    const again = await issueCreditNote(db, { orderId: paid.id, courseIds: [courses[0]!.id], refundKey: `refund:${paid.id}:${courses[0]!.id}` });
    expect(again).toEqual(first);
    expect(first?.totalCents).toBe(1033);
    // A line already credited is not credited twice, whatever the key.
    expect(await issueCreditNote(db, { orderId: paid.id, courseIds: [courses[0]!.id], refundKey: 'another' })).toBeNull();
    const second = await issueCreditNote(db, { orderId: paid.id, courseIds: [courses[1]!.id], refundKey: `refund:${paid.id}:${courses[1]!.id}` });
    const rest = await issueCreditNote(db, { orderId: paid.id, courseIds: 'all', refundKey: `refund:${paid.id}:all` });
    expect([first, second, rest].map((note) => note!.totalCents)).toEqual([1033, 1033, 1034]);
    const notes = await db.select({ total: sql<number>`sum(${invoices.totalCents})::int` }).from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(notes[0]!.total).toBe(3100);
  });

  it('a note for an order without an invoice (free) is not issued', async () => {
    const { order: free } = await order({ paymentStatus: 'paid', prices: [0] });
    expect(await issueCreditNote(db, { orderId: free.id, courseIds: 'all', refundKey: 'x' })).toBeNull();
  });
});
