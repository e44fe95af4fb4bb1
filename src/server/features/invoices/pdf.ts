import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { localeOf, type Language } from '../../../shared/languages';
import { formatMoney } from '../../../shared/money';
import type { InvoiceDocument } from '../../../shared/schemas/invoices';
import { createServerI18n } from '../../../shared/i18n/server-i18n';

/**
 * Draws an issued invoice or credit note as a PDF (A4), from its frozen document only, in the
 * document's language. The fonts are DejaVu Sans, shipped in assets/fonts (its licence beside
 * them), embedded as subsets so accents and ñ print on every reader.
 */

/** An order has at most this many lines (the cart's limit is far below); more is refused rather than drawn. */
export const MAX_PDF_LINES = 100;

/** The project's folder: the nearest one above this module with a package.json (src/server/… in development, dist/server/ built). */
function projectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('invoices: no package.json above the server code');
    folder = parent;
  }
  return folder;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process: every PDF embeds a subset of them. */
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(projectRoot(), 'assets/fonts/DejaVuSans.ttf')),
    bold: readFileSync(path.join(projectRoot(), 'assets/fonts/DejaVuSans-Bold.ttf')),
  });

let translators: ReturnType<typeof createServerI18n> | undefined;
const textsFor = (language: Language) => (translators ??= createServerI18n())[language].getFixedT(language, 'invoices');

/** Order numbers as the purchase history and the e-mails show them: the id's first block in capitals. */
const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** Drawing is synchronous CPU work: at most this many at once in the process, the rest wait their turn. */
const MAX_CONCURRENT_RENDERS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  if (document.lines.length > MAX_PDF_LINES) return Promise.reject(new Error(`invoice ${document.number} has more than ${MAX_PDF_LINES} lines`));
  return inTurn(() => draw(document));
}

function draw(document: InvoiceDocument): Promise<Buffer> {
  const t = textsFor(document.language);
  const isNote = document.kind === 'credit_note';
  const title = isNote ? t('title.creditNote') : t('title.invoice');
  const money = (cents: number) => formatMoney(isNote ? -cents : cents, document.language, document.currency);
  const date = (iso: string) => new Intl.DateTimeFormat(localeOf(document.language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${document.number}`, Author: document.seller.name, Subject: `${t('order')} ${orderNumber(document.orderId)}` },
    lang: document.language,
    displayTitle: true,
  });
  const { regular, bold } = loadFonts();
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const amountWidth = 130;

  // Heading: the document's kind and number, its date.
  pdf.font('bold').fontSize(22).text(title, left, 50);
  pdf.font('regular').fontSize(10);
  const facts: [string, string][] = [
    [t('number'), document.number],
    [t('issuedAt'), date(document.issuedAt)],
    [t('order'), orderNumber(document.orderId)],
  ];
  if (document.corrects) facts.push([t('corrects'), document.corrects.number], [t('correctsDate'), date(document.corrects.issuedAt)]);
  for (const [label, value] of facts) pdf.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  pdf.moveDown();

  // The parties, side by side.
  const partiesTop = pdf.y;
  const columnWidth = (width - 20) / 2;
  const party = (x: number, heading: string, rows: string[]) => {
    pdf.font('bold').fontSize(11).text(heading, x, partiesTop, { width: columnWidth });
    pdf.font('regular').fontSize(10);
    for (const row of rows) pdf.text(row, x, undefined, { width: columnWidth });
    return pdf.y;
  };
  const { seller, buyer } = document;
  const sellerBottom = party(left, t('seller'), [seller.name, seller.address, `${t('taxId')}: ${seller.taxId}`, ...(seller.email ? [seller.email] : [])]);
  const billing = buyer.billing;
  const buyerRows = [
    billing?.name ?? buyer.name,
    ...(billing?.name && billing.name !== buyer.name ? [buyer.name] : []),
    buyer.email,
    ...(billing?.address ?? []),
    ...(billing?.taxIds ?? []).map((taxId) => `${t('taxId')}: ${taxId.value}`),
  ];
  const buyerBottom = party(left + columnWidth + 20, t('buyer'), buyerRows);
  pdf.y = Math.max(sellerBottom, buyerBottom) + 20;

  // The lines.
  const row = (label: string, amount: string, font: 'regular' | 'bold' = 'regular') => {
    const top = pdf.y;
    pdf.font(font).fontSize(10).text(label, left, top, { width: width - amountWidth - 10 });
    const bottom = pdf.y;
    pdf.text(amount, left + width - amountWidth, top, { width: amountWidth, align: 'right' });
    pdf.y = Math.max(bottom, pdf.y) + 4;
  };
  const rule = () => {
    pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).lineWidth(0.5).strokeColor('#999999').stroke();
    pdf.y += 6;
  };
  row(t('description'), t('amount'), 'bold');
  rule();
  for (const line of document.lines) {
    row(line.title, money(line.priceCents));
    // A discounted line says what it cost before the coupon and what the coupon took; the amount column keeps what was paid.
    if (line.discountCents && line.listPriceCents !== undefined) {
      const plain = (cents: number) => formatMoney(cents, document.language, document.currency);
      const amount = plain(-line.discountCents);
      const detail = [t('listPrice', { price: plain(line.listPriceCents) }), line.couponCode ? t('discount', { code: line.couponCode, amount }) : t('discountWithoutCode', { amount })];
      pdf.font('regular').fontSize(9).fillColor('#555555').text(detail.join(' · '), left + 12, pdf.y - 2, { width: width - amountWidth - 22 });
      pdf.fillColor('#000000');
      pdf.y += 4;
    }
  }
  rule();
  row(t('subtotal'), money(document.subtotalCents));
  row(t('tax'), money(document.taxCents));
  row(isNote ? t('refunded') : t('total'), money(document.totalCents), 'bold');
  pdf.moveDown();

  // How and when it was paid.
  pdf.font('bold').fontSize(10).text(`${t('paymentMethod')}: `, left, pdf.y, { continued: true }).font('regular').text(t('card'));
  pdf.font('bold').text(`${t('paidAt')}: `, { continued: true }).font('regular').text(date(document.payment.paidAt));
  pdf.moveDown();
  if (isNote) pdf.text(t('correctionNote'), { width });
  pdf.fontSize(9).fillColor('#555555').text(t('footer'), { width });

  pdf.end();
  return done;
}
