import { z } from 'zod';
import { languages } from '../languages';

/**
 * Invoices and credit notes. Both share one gap-free yearly series (`2026-000042`); what is
 * printed on one is kept, as it was at issue, in its `document`, and never changes.
 */

/** `2026-000042`: the year, then the number in that year's series. */
export const invoiceNumberPattern = /^\d{4}-\d{6}$/;
export const invoiceNumberSchema = z.string().regex(invoiceNumberPattern).describe('An invoice or credit-note number, such as 2026-000042');

/** Formats a year's n-th number: (2026, 42) → `2026-000042`. */
export const formatInvoiceNumber = (year: number, sequence: number) => `${year}-${String(sequence).padStart(6, '0')}`;

/** The billing details the buyer gave at the hosted checkout (Stripe Checkout's customer_details), all optional. */
export const billingDetailsSchema = z.object({
  name: z.string().max(300).nullable(),
  /** The address's lines as printed (street, city with postal code, state, country), empty ones left out. */
  address: z.array(z.string().max(300)).max(8),
  /** Tax IDs (Stripe: `customer_details.tax_ids`), e.g. `{ type: 'es_cif', value: 'B12345678' }`. */
  taxIds: z.array(z.object({ type: z.string().max(40), value: z.string().max(100) })).max(10),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** Who issues the invoices: the platform's legal details, from the settings (INVOICE_SELLER_*). */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  email: z.string().nullable(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/** Everything an issued invoice or credit note prints, frozen at issue. */
export const invoiceDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: invoiceNumberSchema,
  issuedAt: z.string(),
  language: z.enum(languages),
  orderId: z.string(),
  seller: invoiceSellerSchema,
  buyer: z.object({ name: z.string(), email: z.string(), billing: billingDetailsSchema.nullable() }),
  /**
   * `priceCents` is what was paid for the line, and what the totals add up. A discounted line also
   * keeps its list price, the discount and the coupon's code; documents issued before coupons
   * existed have none of the three.
   */
  lines: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      priceCents: z.number().int(),
      listPriceCents: z.number().int().optional(),
      discountCents: z.number().int().optional(),
      couponCode: z.string().nullable().optional(),
    }),
  ),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  payment: z.object({ method: z.literal('card'), paidAt: z.string() }),
  /** A credit note's invoice: its number and date. */
  corrects: z.object({ number: invoiceNumberSchema, issuedAt: z.string() }).nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** A credit note as the purchase history lists it. */
export const creditNoteSummarySchema = z.object({ number: invoiceNumberSchema, totalCents: z.number().int(), issuedAt: z.string() });
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;
