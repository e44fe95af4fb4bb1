import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { invoicesEndpoints } from '../../../shared/endpoints/invoices';
import { invoiceDocumentSchema, type InvoiceDocument } from '../../../shared/schemas/invoices';
import type { SessionUser } from '../../auth/guards';
import { signedInUser } from '../../auth/access';
import type { Database } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { createServerI18n } from '../../../shared/i18n/server-i18n';
import { renderInvoicePdf } from './pdf';

/**
 * An issued document of an order the user may see: their own order's, or any for an admin.
 * Every other case (someone else's order, no such order, no such document) is the same 404,
 * so nobody learns whether another buyer's invoice exists.
 */
async function visibleDocument(db: Database, user: SessionUser, where: { orderId: string; kind: 'invoice' | 'credit_note'; number?: string }): Promise<InvoiceDocument> {
  const [row] = await db
    .select({ document: invoices.document, buyerId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.orderId, where.orderId), eq(invoices.kind, where.kind), where.number ? eq(invoices.number, where.number) : undefined));
  if (!row || (row.buyerId !== user.id && !user.isAdmin)) throw new AppError('ORDER_NOT_FOUND', 'No such invoice in your orders');
  return invoiceDocumentSchema.parse(row.document);
}

let translators: ReturnType<typeof createServerI18n> | undefined;
const fileName = (document: InvoiceDocument) => {
  const t = (translators ??= createServerI18n())[document.language].getFixedT(document.language, 'invoices');
  return `${document.kind === 'invoice' ? t('fileName.invoice') : t('fileName.creditNote')}-${document.number}.pdf`;
};

/** The PDFs of invoices and credit notes, drawn from their frozen documents on each download. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendPdf = async (reply: FastifyReply, document: InvoiceDocument) => {
    const pdf = await renderInvoicePdf(document);
    // Personal data: never kept by a shared cache.
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName(document)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  route(app, invoicesEndpoints.getInvoicePdf, async (request, reply) => {
    const document = await visibleDocument(app.db, signedInUser(request), { orderId: request.params.id, kind: 'invoice' });
    return sendPdf(reply, document);
  });

  route(app, invoicesEndpoints.getCreditNotePdf, async (request, reply) => {
    const document = await visibleDocument(app.db, signedInUser(request), { orderId: request.params.id, kind: 'credit_note', number: request.params.number });
    return sendPdf(reply, document);
  });
};
