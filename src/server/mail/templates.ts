import type { Language } from '../../shared/languages';
import { formatMoney } from '../../shared/money';
import { pathFor } from '../../shared/endpoints/endpoint';
import { invoicesEndpoints } from '../../shared/endpoints/invoices';
import { paths } from '../../shared/paths';
import { languageQueryParam } from '../../shared/i18n/language-detection';
import { createServerI18n } from '../../shared/i18n/server-i18n';

/**
 * An order's line as the e-mails print it: what was paid, and for a line a coupon discounted, its
 * list price and the coupon's code (absent from mails queued before coupons existed).
 */
export type OrderLine = { title: string; priceCents: number; listPriceCents?: number; discountCents?: number; couponCode?: string | null };

/** What each kind of e-mail carries in the outbox; rendered with PUBLIC_URL when it is sent. */
export type MailData = {
  'verify-email': { token: string };
  'approve-email-change': { token: string; newEmail: string };
  'confirm-new-email': { token: string; newEmail: string };
  'password-reset': { token: string };
  receipt: { orderId: string; amountTotal: number; items: OrderLine[] };
  refund: { orderId: string; amountTotal: number; items: OrderLine[] };
  'new-sale': { orderId: string; items: OrderLine[] };
  /** To a teacher: the lines of theirs an order's refund took back. */
  'sale-refunded': { orderId: string; items: OrderLine[] };
  /** To a learner: their hand-in was reviewed (passed, failed, or returned for another try). */
  'assignment-reviewed': { courseId: number; courseTitle: string; lessonTitle: string; outcome: 'passed' | 'failed' | 'returned'; points: number | null; maxPoints: number | null };
};
export type MailKind = keyof MailData;

export type RenderedMail = { subject: string; text: string; html: string; link: string };

/** Paths of the web app the e-mails link to (the reset and verification pages read `?token=`). */
export const mailLinkPaths = {
  resetPassword: paths.resetPassword(),
  verifyEmail: paths.verifyEmail(),
  approveEmailChange: paths.approveEmailChange(),
  confirmEmailChange: paths.confirmEmailChange(),
} as const;

/**
 * A link into the web app that opens it in the mail's language (`?lang=`, which the app and the
 * server's rendering read before the browser's own language): a Spanish mail opened in an
 * English browser shows the page in Spanish, and the other way round.
 */
export function appLink(publicUrl: string, path: string, language: Language, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ ...query, [languageQueryParam]: language });
  return `${publicUrl}${path}?${search.toString()}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The texts of the mails are the `mail` namespace of the catalogues in src/shared/i18n, read as the server-rendered pages read theirs. */
let translators: ReturnType<typeof createServerI18n> | undefined;
const i18nFor = (language: Language) => (translators ??= createServerI18n())[language];

/** Order numbers are the first block of the order's id in capitals, as the order history shows them. */
export { orderNumber } from '../../shared/order-number';
import { orderNumber } from '../../shared/order-number';

type Body = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  lines?: { label: string; value: string }[];
  /** Links after the lines (the receipt's invoice), besides the main action. */
  links?: { label: string; link: string }[];
  action: { label: string; link: string };
  footer: string;
};

function bodyOf<K extends MailKind>(kind: K, data: MailData[K], language: Language, publicUrl: string): Body {
  const i18n = i18nFor(language);
  const t = i18n.getFixedT(language, 'mail');
  /** As the web app shows prices (spec section 9): "$19.99 USD", and "GRATIS"/"FREE" for zero. */
  const money = (cents: number) => (cents === 0 ? i18n.t('course.free') : formatMoney(cents, language));
  const base = { greeting: t('greeting'), footer: t('footer') };
  const lineValue = (item: OrderLine) =>
    item.discountCents && item.listPriceCents !== undefined
      ? item.couponCode
        ? t('lineDiscount', { price: money(item.priceCents), amount: money(item.listPriceCents), code: item.couponCode })
        : // A discount whose order no longer carries the coupon (paid past the coupon's cap, see fulfilOrder).
          t('lineDiscountWithoutCode', { price: money(item.priceCents), amount: money(item.listPriceCents) })
      : money(item.priceCents);
  const tokenLink = (path: string, token: string) => appLink(publicUrl, path, language, { token });
  switch (kind) {
    case 'verify-email': {
      const { token } = data as MailData['verify-email'];
      return { ...base, subject: t('verifyEmail.subject'), paragraphs: [t('verifyEmail.body'), t('ignore')], action: { label: t('verifyEmail.action'), link: tokenLink(mailLinkPaths.verifyEmail, token) } };
    }
    case 'approve-email-change': {
      const { token, newEmail } = data as MailData['approve-email-change'];
      return {
        ...base,
        subject: t('approveEmailChange.subject'),
        paragraphs: [t('approveEmailChange.body', { email: newEmail }), t('approveEmailChange.notYou')],
        action: { label: t('approveEmailChange.action'), link: tokenLink(mailLinkPaths.approveEmailChange, token) },
      };
    }
    case 'confirm-new-email': {
      const { token, newEmail } = data as MailData['confirm-new-email'];
      return {
        ...base,
        subject: t('confirmNewEmail.subject'),
        paragraphs: [t('confirmNewEmail.body', { email: newEmail }), t('ignore')],
        action: { label: t('confirmNewEmail.action'), link: tokenLink(mailLinkPaths.confirmEmailChange, token) },
      };
    }
    case 'password-reset': {
      const { token } = data as MailData['password-reset'];
      return { ...base, subject: t('passwordReset.subject'), paragraphs: [t('passwordReset.body'), t('ignore')], action: { label: t('passwordReset.action'), link: tokenLink(mailLinkPaths.resetPassword, token) } };
    }
    case 'receipt':
    case 'refund': {
      const { orderId, amountTotal, items } = data as MailData['receipt'];
      const number = orderNumber(orderId);
      const text = kind === 'receipt' ? 'receipt' : 'refund';
      return {
        ...base,
        subject: t(`${text}.subject`, { number }),
        paragraphs: [t(`${text}.body`, { number })],
        lines: [...items.map((item) => ({ label: item.title, value: lineValue(item) })), { label: t(`${text}.total`), value: money(amountTotal) }],
        // A paid order that cost something has an invoice, issued with the payment; the buyer's session opens it.
        ...(kind === 'receipt' && amountTotal > 0 ? { links: [{ label: t('receipt.invoice'), link: `${publicUrl}${pathFor(invoicesEndpoints.getInvoicePdf, { id: orderId })}` }] } : {}),
        action: { label: t(`${text}.action`), link: appLink(publicUrl, paths.myCourses(), language) },
      };
    }
    case 'new-sale':
    case 'sale-refunded': {
      const { orderId, items } = data as MailData['new-sale'];
      // One mail per teacher and order: with several of their courses it says how many, and lists them all.
      const text = kind === 'new-sale' ? 'newSale' : 'saleRefunded';
      const count = items.length;
      const number = orderNumber(orderId);
      return {
        ...base,
        subject: t(`${text}.subject`, { count }),
        paragraphs: [t(`${text}.body`, { count, number })],
        lines: items.map((item) => ({ label: item.title, value: lineValue(item) })),
        action: { label: t(`${text}.action`), link: appLink(publicUrl, kind === 'new-sale' ? paths.coursesCreated() : paths.earnings(), language) },
      };
    }
    case 'assignment-reviewed': {
      const { courseId, courseTitle, lessonTitle, outcome, points, maxPoints } = data as MailData['assignment-reviewed'];
      return {
        ...base,
        subject: t(`assignmentReviewed.subject.${outcome}`, { lesson: lessonTitle }),
        paragraphs: [t(`assignmentReviewed.body.${outcome}`, { lesson: lessonTitle, course: courseTitle }), t('assignmentReviewed.feedback')],
        ...(points !== null && maxPoints !== null ? { lines: [{ label: t('assignmentReviewed.points'), value: `${points} / ${maxPoints}` }] } : {}),
        action: { label: t('assignmentReviewed.action'), link: appLink(publicUrl, paths.player(courseId), language) },
      };
    }
  }
  throw new Error(`unknown mail kind ${String(kind)}`);
}

/** The message in the recipient's language, as plain text and as HTML (every value escaped). */
export function renderMail<K extends MailKind>(kind: K, data: MailData[K], language: Language, publicUrl: string): RenderedMail {
  const body = bodyOf(kind, data, language, publicUrl);
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(body.lines ? [...body.lines.map((line) => `- ${line.label}: ${line.value}`), ''] : []),
    ...(body.links ?? []).flatMap((link) => [`${link.label}: ${link.link}`, '']),
    `${body.action.label}: ${body.action.link}`,
    '',
    `— ${body.footer}`,
  ].join('\n');
  const lines = body.lines
    ? `<table role="presentation" cellpadding="6" style="border-collapse:collapse">${body.lines
        .map((line) => `<tr><td>${escapeHtml(line.label)}</td><td style="text-align:right">${escapeHtml(line.value)}</td></tr>`)
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${lines}
${(body.links ?? []).map((link) => `<p><a href="${escapeHtml(link.link)}">${escapeHtml(link.label)}</a></p>`).join('\n')}
<p><a href="${escapeHtml(body.action.link)}" style="display:inline-block;padding:10px 16px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(body.action.link)}</p>
<p>— ${escapeHtml(body.footer)}</p>
</body></html>`;
  return { subject: body.subject, text, html, link: body.action.link };
}
