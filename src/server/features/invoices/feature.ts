import type { Feature } from '../../feature';
import { setInvoiceSeller } from './issuing';
import { invoiceRoutes } from './routes';

/** Invoices and credit notes: the seller printed on the ones issued from now on, and their PDFs. */
export const invoicesFeature: Feature = async (app) => {
  setInvoiceSeller(app.config.invoices.seller);
  await app.register(invoiceRoutes, { prefix: '/api' });
};
