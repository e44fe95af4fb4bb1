/** The invoices area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { invoicesFeature } from './feature';
export { issueCreditNote, issueInvoice, setInvoiceSeller, takeInvoiceNumber } from './issuing';
