import { z } from 'zod';
import { errorResponse, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import { invoiceNumberSchema } from '../schemas/invoices';
import { defineEndpoint } from './endpoint';

const pdfAnswer = withAnswerHeaders(mediaAnswer(['application/pdf']), {
  'content-disposition': 'attachment; filename="<factura|invoice|nota-de-credito|credit-note>-<number>.pdf"',
});

/** The PDFs of an order's invoice and credit notes: for the order's buyer (and admins); anyone else gets 404. */
export const invoicesEndpoints = {
  getInvoicePdf: defineEndpoint({
    method: 'GET',
    path: '/api/orders/:id/invoice.pdf',
    access: 'user',
    tags: ['orders'],
    summary: "My order's invoice, as a PDF in my language",
    description: "Only the order's buyer (or an admin) gets it: 404 for anyone else, as for an order that does not exist or has no invoice (unpaid, or free).",
    params: z.object({ id: z.uuid() }),
    responses: { 200: pdfAnswer, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  getCreditNotePdf: defineEndpoint({
    method: 'GET',
    path: '/api/orders/:id/credit-notes/:number.pdf',
    access: 'user',
    tags: ['orders'],
    summary: 'A credit note of my order (a refund), as a PDF',
    description: "Only the order's buyer (or an admin) gets it: 404 for anyone else, as for a note that does not exist or belongs to another order.",
    params: z.object({ id: z.uuid(), number: invoiceNumberSchema }),
    responses: { 200: pdfAnswer, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
