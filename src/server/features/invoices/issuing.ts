import { and, eq, sql } from 'drizzle-orm';
import { languageOrDefault } from '../../../shared/languages';
import { invoiceSellerDefaults } from '../../../shared/limits';
import {
  billingDetailsSchema,
  formatInvoiceNumber,
  invoiceDocumentSchema,
  type BillingDetails,
  type InvoiceDocument,
  type InvoiceSeller,
} from '../../../shared/schemas/invoices';
import type { Database } from '../../db/client';
import { invoices, orderItems, orders, users } from '../../db/schema';

/**
 * The one owner of invoices and credit notes. A paid order gets one invoice, issued in the
 * transaction that marks it paid; a refund gets one credit note per refund key, issued in the
 * transaction that records the refund. Both take the next number of the year's series in that
 * same transaction, so a rolled-back issue leaves no gap, and the series row's lock makes
 * concurrent issues wait for each other: two never share a number.
 */

export type IssuedDocument = { id: string; number: string; kind: 'invoice' | 'credit_note'; totalCents: number };

/** The seller printed on what this process issues; the invoices feature sets it from the settings at start. */
let seller: InvoiceSeller = { ...invoiceSellerDefaults };

/** Sets the seller details (INVOICE_SELLER_*) printed on the invoices issued from now on. */
export function setInvoiceSeller(details: InvoiceSeller): void {
  seller = { ...details };
}

/**
 * Takes the next number of `year`'s series under the series row's lock (held until the
 * transaction ends). Only ever call it inside the transaction that inserts the document.
 */
export async function takeInvoiceNumber(tx: Database, year: number): Promise<string> {
  const { rows } = await tx.execute<{ last_number: number }>(
    sql`insert into invoice_series (year, last_number) values (${year}, 1)
        on conflict (year) do update set last_number = invoice_series.last_number + 1
        returning last_number`,
  );
  return formatInvoiceNumber(year, Number(rows[0]!.last_number));
}

const toBilling = (value: unknown): BillingDetails | null => {
  const parsed = billingDetailsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The order row (locked until the transaction ends) with its buyer; null when there is none. */
async function lockedOrder(tx: Database, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      amountTotal: orders.amountTotal,
      taxCents: orders.taxCents,
      couponCode: orders.couponCode,
      currency: orders.currency,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      billingDetails: orders.billingDetails,
      buyerName: users.name,
      buyerEmail: users.email,
      buyerLanguage: users.language,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return order ?? null;
}

async function insertDocument(tx: Database, document: InvoiceDocument, extra: { correctsInvoiceId?: string; refundKey?: string } = {}): Promise<IssuedDocument> {
  const [row] = await tx
    .insert(invoices)
    .values({
      number: document.number,
      kind: document.kind,
      orderId: document.orderId,
      correctsInvoiceId: extra.correctsInvoiceId ?? null,
      refundKey: extra.refundKey ?? null,
      language: document.language,
      document: invoiceDocumentSchema.parse(document),
      totalCents: document.totalCents,
      currency: document.currency,
      issuedAt: new Date(document.issuedAt),
    })
    .returning({ id: invoices.id, number: invoices.number, kind: invoices.kind, totalCents: invoices.totalCents });
  return row!;
}

/**
 * Issues the invoice of a paid order, once: the order's invoice if it has one already, null for
 * an order that is not paid or cost nothing. Call it in the transaction that marks the order
 * paid (fulfilOrder); `db` may be a transaction. `now` is the issue date (tests move it).
 */
export async function issueInvoice(db: Database, orderId: string, { now = new Date() }: { now?: Date } = {}): Promise<IssuedDocument | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const order = await lockedOrder(tx, orderId);
    if (!order || order.paymentStatus !== 'paid' || order.amountTotal + order.taxCents <= 0) return null;
    const [existing] = await tx
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, totalCents: invoices.totalCents })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
    if (existing) return existing;

    const items = await tx
      .select({
        courseId: orderItems.courseId,
        title: orderItems.title,
        priceCents: orderItems.priceCents,
        listPriceCents: orderItems.listPriceCents,
        discountCents: orderItems.discountCents,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.title, orderItems.courseId);
    // The order's coupon is named only on the lines it discounted.
    const lines = items.map((line) => ({ ...line, couponCode: line.discountCents > 0 ? order.couponCode : null }));
    // Last: the series row stays locked until the payment's transaction commits.
    const number = await takeInvoiceNumber(tx, now.getUTCFullYear());
    return insertDocument(tx, {
      kind: 'invoice',
      number,
      issuedAt: now.toISOString(),
      language: languageOrDefault(order.buyerLanguage),
      orderId,
      seller,
      buyer: { name: order.buyerName, email: order.buyerEmail, billing: toBilling(order.billingDetails) },
      lines,
      subtotalCents: order.amountTotal,
      taxCents: order.taxCents,
      totalCents: order.amountTotal + order.taxCents,
      currency: order.currency,
      payment: { method: 'card', paidAt: (order.paidAt ?? now).toISOString() },
      corrects: null,
    });
  });
}

/**
 * A refund's tax: the lines' share of the invoice's tax, half up; the note that credits the
 * last lines takes what is left, so the notes' taxes add up to the invoice's exactly.
 */
function creditedTax(invoice: InvoiceDocument, creditedCents: number, alreadyCreditedTax: number, creditsTheRest: boolean): number {
  if (invoice.taxCents === 0) return 0;
  const left = invoice.taxCents - alreadyCreditedTax;
  if (creditsTheRest || invoice.subtotalCents === 0) return left;
  return Math.min(left, Math.floor((invoice.taxCents * creditedCents * 2 + invoice.subtotalCents) / (invoice.subtotalCents * 2)));
}

/**
 * Issues the credit note of a refund of some lines (`courseIds`) or of all that are left
 * (`'all'`) of an order's invoice, for those lines' amounts (and their share of the tax), once
 * per `refundKey`: a second call with the same key answers the first note. Lines an earlier
 * note already credited are left out; null when nothing is left to credit or the order has no
 * invoice (a free order). Call it in the transaction that records the refund; `db` may be one.
 */
export async function issueCreditNote(
  db: Database,
  { orderId, courseIds, refundKey }: { orderId: string; courseIds: readonly number[] | 'all'; refundKey: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<IssuedDocument | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // The order's lock makes concurrent refunds of one order take turns.
    if (!(await lockedOrder(tx, orderId))) return null;
    const [earlier] = await tx
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.refundKey, refundKey));
    if (earlier) return earlier;

    const issued = await tx
      .select({ id: invoices.id, kind: invoices.kind, document: invoices.document })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    const invoiceRow = issued.find((row) => row.kind === 'invoice');
    if (!invoiceRow) return null;
    const invoice = invoiceDocumentSchema.parse(invoiceRow.document);
    const notes = issued.filter((row) => row.kind === 'credit_note').map((row) => invoiceDocumentSchema.parse(row.document));
    const credited = new Set(notes.flatMap((note) => note.lines.map((line) => line.courseId)));
    const wanted = courseIds === 'all' ? null : new Set(courseIds);
    const lines = invoice.lines.filter((line) => !credited.has(line.courseId) && (wanted === null || wanted.has(line.courseId)));
    if (lines.length === 0) return null;

    const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
    const creditsTheRest = credited.size + lines.length === invoice.lines.length;
    const taxCents = creditedTax(invoice, subtotalCents, notes.reduce((sum, note) => sum + note.taxCents, 0), creditsTheRest);
    const number = await takeInvoiceNumber(tx, now.getUTCFullYear());
    return insertDocument(
      tx,
      {
        ...invoice,
        kind: 'credit_note',
        number,
        issuedAt: now.toISOString(),
        lines,
        subtotalCents,
        taxCents,
        totalCents: subtotalCents + taxCents,
        corrects: { number: invoice.number, issuedAt: invoice.issuedAt },
      },
      { correctsInvoiceId: invoiceRow.id, refundKey },
    );
  });
}
